/** CREATE FUNCTION / DROP FUNCTION back as SQL (the parser's round trip). */
import type { FunctionStatement } from '../ast/statements-functions.js';
import { printDataType } from './data-types.js';
import { printExpression } from './expressions.js';
import { printQuery } from './query.js';
import { quoteName, quoteString } from './quoting.js';

export function printFunctionStatement(s: FunctionStatement): string {
  if (s.kind === 'dropFunction') {
    return `DROP ${s.temporary ? 'TEMPORARY ' : ''}FUNCTION ${s.ifExists ? 'IF EXISTS ' : ''}${quoteName(s.name.parts)}`;
  }
  const comment = (c: string | null) => (c === null ? '' : ` COMMENT ${quoteString(c)}`);
  const params = s.parameters
    .map(
      (p) =>
        `${quoteName([p.name])} ${printDataType(p.dataType)}${p.defaultExpr ? ` DEFAULT ${printExpression(p.defaultExpr)}` : ''}${comment(p.comment)}`,
    )
    .join(', ');
  const returns =
    s.returns.kind === 'scalar'
      ? s.returns.dataType
        ? ` RETURNS ${printDataType(s.returns.dataType)}`
        : ''
      : ` RETURNS TABLE${s.returns.columns ? ` (${s.returns.columns.map((c) => `${quoteName([c.name])} ${printDataType(c.dataType)}${comment(c.comment)}`).join(', ')})` : ''}`;
  const head = `CREATE ${s.orReplace ? 'OR REPLACE ' : ''}${s.temporary ? 'TEMPORARY ' : ''}FUNCTION ${s.ifNotExists ? 'IF NOT EXISTS ' : ''}${quoteName(s.name.parts)}`;
  const traits = `${s.deterministic ? '' : ' NOT DETERMINISTIC'}${s.dataAccess === 'READS SQL DATA' ? ' READS SQL DATA' : ''}${comment(s.comment)}`;
  const body = s.body.kind === 'query' ? printQuery(s.body.query) : printExpression(s.body.expr);
  return `${head}(${params})${returns}${traits} RETURN ${body}`;
}
