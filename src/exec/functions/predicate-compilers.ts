/**
 * Spark's LIKE: `_` and `%` wildcards with `\` as the escape character unless ESCAPE names another;
 * DuckDB's LIKE has no escape character by default, so it is always given.
 */
import { compilers } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';

export const PREDICATE_COMPILERS: readonly FunctionCompiler[] = compilers({
  like: ([s, p, e]) => `(${s} LIKE ${p} ESCAPE ${e ?? "'\\'"})`,
  ilike: ([s, p, e]) => `(${s} ILIKE ${p} ESCAPE ${e ?? "'\\'"})`,
});
