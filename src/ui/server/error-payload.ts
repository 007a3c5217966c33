/**
 * A failed statement as the page sees it: Spark's error class, SQLSTATE and message, and where in the text
 * the page sent the error is. A parse error points at its token (Spark's `(line L, pos P)`); lakesql's
 * other errors carry no place inside the statement, so they point at the statement itself. Anything that is
 * not a LakesqlError is a bug: it becomes INTERNAL_ERROR, its text kept for the report and never an
 * engine's message dressed up as the user's.
 */
import { isLakesqlError, LakesqlError } from '../../errors/index.js';
import { ParseError } from '../../sql/index.js';

export interface TextRange {
  /** 0-based offsets into the text that was run; `to` is exclusive. */
  readonly from: number;
  readonly to: number;
  /** 1-based line and 0-based column of `from`, as Spark prints them. */
  readonly line: number;
  readonly column: number;
}

export interface ErrorPayload {
  readonly errorClass: string;
  readonly sqlState: string;
  readonly message: string;
  readonly messageParameters: Readonly<Record<string, string>>;
  /** The failing token of a parse error, else the failing statement. */
  readonly position: TextRange;
}

export function errorPayload(
  e: unknown,
  script: string,
  statement: { offset: number; text: string },
): ErrorPayload {
  const position =
    e instanceof ParseError
      ? rangeOf(script, statement.offset + e.offset, statement.offset + Math.max(e.stop, e.offset) + 1)
      : rangeOf(script, statement.offset, statement.offset + statement.text.length);
  const error = isLakesqlError(e)
    ? e
    : new LakesqlError('INTERNAL_ERROR', { message: e instanceof Error ? e.message : String(e) });
  return {
    errorClass: error.errorClass,
    sqlState: error.sqlState,
    message: error.message,
    messageParameters: Object.fromEntries(
      Object.entries(error.messageParameters).map(([k, v]) => [k, String(v)]),
    ),
    position,
  } satisfies ErrorPayload;
}

export function rangeOf(script: string, from: number, to: number): TextRange {
  const at = Math.max(0, Math.min(from, script.length));
  const before = script.slice(0, at);
  return {
    from: at,
    to: Math.max(at, Math.min(to, script.length)),
    line: before.split('\n').length,
    column: at - (before.lastIndexOf('\n') + 1),
  };
}
