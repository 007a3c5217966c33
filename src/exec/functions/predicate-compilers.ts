/**
 * Spark's LIKE: `_` and `%` wildcards with `\` as the escape character unless ESCAPE names another.
 * DuckDB's LIKE has no escape character by default, so one is given whenever it could matter: a pattern
 * that is not a literal, holds a backslash, or comes with an ESCAPE clause. A literal pattern without a
 * backslash means the same under both engines, and is left bare: DuckDB rewrites a bare `LIKE 'x%'`,
 * `'%x%'` or `'%x'` into prefix/contains/suffix (and turns a prefix into a range filter on the scan), which
 * it does not do for a LIKE with an ESCAPE clause.
 */
import { compilers } from './compiler-kit.js';
import type { CompiledArg, FunctionCompiler } from './function-compiler.js';

const SPARK_ESCAPE = "'\\'";

function likeSql(op: 'LIKE' | 'ILIKE') {
  return ([s, p, e]: readonly string[], args: readonly CompiledArg[]) =>
    e === undefined && bareLiteral(args[1])
      ? `(${s} ${op} ${p})`
      : `(${s} ${op} ${p} ESCAPE ${e ?? SPARK_ESCAPE})`;
}

/** A literal pattern with no backslash: the escape character cannot change what it matches. */
function bareLiteral(pattern: CompiledArg | undefined): boolean {
  return typeof pattern?.value === 'string' && !pattern.value.includes('\\');
}

export const PREDICATE_COMPILERS: readonly FunctionCompiler[] = compilers({
  like: likeSql('LIKE'),
  ilike: likeSql('ILIKE'),
});
