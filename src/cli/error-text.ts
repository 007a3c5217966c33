/**
 * What the CLI prints for a failed statement. A LakesqlError prints as Spark prints it: `[CLASS] message
 * SQLSTATE: xxxxx`; a parse error adds Spark's ParseException tail (sql/api/.../parser/parsers.scala,
 * `ParseException.getMessage`): `(line L, pos P)` then `== SQL ==` and the statement with a `---^^^` line
 * under the offending line. Lines count from the start of the script; `pos` is 0-based as in Spark.
 * Anything else is a bug and prints its stack.
 */
import { isLakesqlError } from '../errors/index.js';
import { ParseError } from '../sql/index.js';
import type { ScriptStatement } from './script-statements.js';

export function errorText(e: unknown, statement: ScriptStatement, script: string): string {
  if (e instanceof ParseError) return parseErrorText(e, statement, script);
  if (isLakesqlError(e)) return e.message;
  return e instanceof Error ? (e.stack ?? e.message) : String(e);
}

function parseErrorText(e: ParseError, statement: ScriptStatement, script: string): string {
  const at = Math.min(statement.offset + e.offset, script.length);
  const before = script.slice(0, at);
  const line = before.split('\n').length;
  const pos = at - (before.lastIndexOf('\n') + 1);
  // The statement's lines, from the start of its first line so that `pos` lines up with the caret.
  const firstLineStart = script.lastIndexOf('\n', statement.offset - 1) + 1;
  const shown = script.slice(firstLineStart, statement.offset + statement.text.length).split('\n');
  const errorLineInShown = script.slice(firstLineStart, at).split('\n').length;
  const sql = [
    ...shown.slice(0, errorLineInShown),
    `${'-'.repeat(pos)}^^^`,
    ...shown.slice(errorLineInShown),
  ];
  return `${e.message} (line ${line}, pos ${pos})\n\n== SQL ==\n${sql.join('\n')}`;
}
