/**
 * What compiling one statement's plan needs: the session's semantics (ANSI, time zone) and the DuckDB SQL of
 * each Delta relation, opened before compilation so that every table is read at one snapshot per statement.
 */
import type { SessionSemantics } from '../../plan/functions/function-signature.js';

export interface CompileContext {
  readonly semantics: SessionSemantics;
  /** DuckDB SQL producing the logical columns of each relation node, keyed by the node. */
  readonly relationSql: ReadonlyMap<object, string>;
  /** Subquery alias counter. */
  nextAlias(): string;
  /** The WITH name of each shared query (cteRef id) computed once for the statement (cte-sql.ts). */
  readonly cteNames?: ReadonlyMap<number, string>;
  /** Inside an aggregate: grouping expressions (by structural key) already computed as named columns. */
  readonly groupKeys?: ReadonlyMap<string, string>;
  /**
   * Inside a lambda body compiled for a DuckDB lambda of another shape (a map entry, a zipped pair, a 0-based
   * index): the SQL that stands for each lambda variable, by attribute id.
   */
  readonly lambdaBindings?: ReadonlyMap<number, string>;
}

export function withGroupKeys(
  ctx: CompileContext,
  keys: readonly (readonly [string, string])[],
): CompileContext {
  return { ...ctx, groupKeys: new Map(keys) };
}

export function compileContext(
  semantics: SessionSemantics,
  relationSql: ReadonlyMap<object, string>,
): CompileContext {
  let n = 0;
  return {
    semantics,
    relationSql,
    nextAlias: () => `q${++n}`,
  };
}
