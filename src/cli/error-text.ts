/**
 * What the CLI prints for a failed statement. A LakesqlError prints as Spark prints it: `[CLASS] message
 * SQLSTATE: xxxxx`; a parse error adds Spark's ParseException tail (sql/api/.../parser/parsers.scala,
 * `ParseException.getMessage`): `(line L, pos P)` then `== SQL ==` and the statement with a `---^^^` line
 * under the offending line. Lines count from the start of the script; `pos` is 0-based as in Spark.
 * Anything else is a bug and prints its stack.
 *
 * In a script (`lakesql sql -e/-f/stdin`) every other error names its statement too, in the form of Spark's
 * query context (`== SQL (line L, position P) ==`, QueryContext.summary): lakesql's analysis and runtime
 * errors carry no position inside the statement, so the block gives the script line where the statement
 * starts, then the statement.
 */
import { isLakesqlError } from '../errors/index.js';
import { ParseError } from '../sql/index.js';
import type { ScriptStatement } from './script-statements.js';

export interface ErrorTextOptions {
  /** Name the statement's line in the script for errors that are not parse errors. */
  readonly statementLine?: boolean;
}

export function errorText(
  e: unknown,
  statement: ScriptStatement,
  script: string,
  options: ErrorTextOptions = {},
): string {
  if (e instanceof ParseError) return parseErrorText(e, statement, script);
  const text = isLakesqlError(e) ? e.message : e instanceof Error ? (e.stack ?? e.message) : String(e);
  // A message that already carries Spark's query context names its place itself.
  if (!options.statementLine || text.includes('\n== SQL')) return text;
  return `${text}\n== SQL (line ${lineOf(script, statement.offset)}) ==\n${statement.text}`;
}

/** The 1-based line of `offset` in `text`. */
function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

function parseErrorText(e: ParseError, statement: ScriptStatement, script: string): string {
  const at = Math.min(statement.offset + e.offset, script.length);
  const before = script.slice(0, at);
  const line = lineOf(script, at);
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
