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
