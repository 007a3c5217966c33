/** EXECUTE IMMEDIATE back as SQL (the parser's round trip). */
import type { ExecuteImmediate } from '../ast/statements-execute.js';
import { printExpression } from './expressions.js';
import { quoteIdentifier, quoteName, quoteString } from './quoting.js';

export function printExecuteImmediate(s: ExecuteImmediate): string {
  let out = `EXECUTE IMMEDIATE ${s.source.kind === 'text' ? quoteString(s.source.text) : quoteName(s.source.name)}`;
  if (s.into.length > 0) out += ` INTO ${s.into.map(quoteName).join(', ')}`;
  if (s.args.length > 0) {
    const args = s.args.map(
      (a) => `${printExpression(a.expr)}${a.name === null ? '' : ` AS ${quoteIdentifier(a.name)}`}`,
    );
    out += ` USING ${args.join(', ')}`;
  }
  return out;
}
