/**
 * A statement whose tree is deeper than the JS stack allows overflows it in whichever recursive stage meets
 * it first (parser, analyzer, compiler). V8 reports that as a RangeError that is safe to catch; lakesql
 * answers it as Spark answers its parser's StackOverflowError: FAILED_TO_PARSE_TOO_COMPLEX.
 */
import { LakesqlError } from './lakesql-error.js';

export function isStackOverflow(e: unknown): boolean {
  return e instanceof RangeError && e.message.includes('Maximum call stack size exceeded');
}

/** `e`, or FAILED_TO_PARSE_TOO_COMPLEX when it is a stack overflow. */
export function tooComplexIfStackOverflow(e: unknown): unknown {
  return isStackOverflow(e) ? new LakesqlError('FAILED_TO_PARSE_TOO_COMPLEX', {}, { cause: e }) : e;
}
