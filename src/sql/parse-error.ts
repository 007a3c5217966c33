/**
 * The parser's errors: a LakesqlError with Spark's class and parameters, plus where it happened.
 * Spark's ParseException carries line / startPosition and, for literal errors, a queryContext fragment;
 * `line`, `column` (1-based) and `offset` / `stop` (0-based, inclusive stop as in Spark's stopIndex) do that.
 */
import { type ErrorClass, LakesqlError, type MessageParameters } from '../errors/index.js';

export interface SourcePosition {
  readonly line: number;
  readonly column: number;
  readonly offset: number;
}

export class ParseError extends LakesqlError {
  readonly line: number;
  readonly column: number;
  readonly offset: number;
  /** Inclusive end offset of the fragment the error is about (Spark's stopIndex). */
  readonly stop: number;

  constructor(errorClass: ErrorClass, params: MessageParameters, at: SourcePosition, stop = at.offset) {
    super(errorClass, params);
    this.name = 'ParseError';
    this.line = at.line;
    this.column = at.column;
    this.offset = at.offset;
    this.stop = stop;
  }
}

function positionOf(text: string, offset: number): SourcePosition {
  let line = 1;
  let lineStart = 0;
  for (let k = 0; k < offset && k < text.length; k++) {
    if (text.charCodeAt(k) === 10) {
      line++;
      lineStart = k + 1;
    }
  }
  return { line, column: offset - lineStart + 1, offset };
}

/** Spark's PARSE_SYNTAX_ERROR: `error` is the offending token quoted ('x') or `end of input`. */
export function syntaxErrorAt(text: string, offset: number, error: string, hint = ''): ParseError {
  return new ParseError('PARSE_SYNTAX_ERROR', { error, hint }, positionOf(text, offset));
}

export function errorAt(
  text: string,
  errorClass: ErrorClass,
  params: MessageParameters,
  start: number,
  end: number,
): ParseError {
  return new ParseError(errorClass, params, positionOf(text, start), Math.max(start, end - 1));
}
