/**
 * Spark's LIKE: `_` and `%` wildcards with `\` as the escape character unless ESCAPE names another.
 * DuckDB's LIKE has no escape character by default, so one is given whenever it could matter: a pattern
 * that is not a literal, holds a backslash, or comes with an ESCAPE clause. A literal pattern without a
 * backslash means the same under both engines, and is left bare: DuckDB rewrites a bare `LIKE 'x%'`,
 * `'%x%'` or `'%x'` into prefix/contains/suffix (and turns a prefix into a range filter on the scan), which
 * it does not do for a LIKE with an ESCAPE clause.
 */
import { compilers, literalString } from './compiler-kit.js';
import type { CompiledArg, FunctionCompiler } from './function-compiler.js';
import { checkedPatternSql, likePatternDefect, literalPatternError } from './like-pattern.js';

const SPARK_ESCAPE = "'\\'";

function likeSql(op: 'LIKE' | 'ILIKE') {
  return ([s, p, e]: readonly string[], args: readonly CompiledArg[]) => {
    if (e === undefined && bareLiteral(args[1])) return `(${s} ${op} ${p})`;
    const like = `(${s} ${op} ${p} ESCAPE ${e ?? SPARK_ESCAPE})`;
    // Spark's escape is a one-character literal (the ESCAPE clause's, or like()'s third argument).
    const escapeChar = e === undefined ? '\\' : literalString(args[2]);
    if (escapeChar === undefined || [...escapeChar].length !== 1) return like;
    const pattern = literalString(args[1]);
    if (pattern === undefined)
      return args[1]?.value === null ? like : checkedPatternSql(s!, p!, escapeChar, like);
    const defect = likePatternDefect(pattern, escapeChar);
    return defect ? literalPatternError(s!, pattern, defect) : like;
  };
}

/** A literal pattern with no backslash: the escape character cannot change what it matches. */
function bareLiteral(pattern: CompiledArg | undefined): boolean {
  return typeof pattern?.value === 'string' && !pattern.value.includes('\\');
}

export const PREDICATE_COMPILERS: readonly FunctionCompiler[] = compilers({
  like: likeSql('LIKE'),
  ilike: likeSql('ILIKE'),
});
