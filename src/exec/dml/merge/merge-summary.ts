/**
 * What a MERGE learns from its decision table before it writes anything, in ONE DuckDB statement (each
 * statement costs a round trip and a plan, which for a small merge outweighs the work): whether a target row
 * was matched by several source rows (MergeIntoCommandBase.throwErrorOnMultipleMatches), the rows per action
 * code, and, when asked, the files holding a row that a MATCHED or NOT MATCHED BY SOURCE clause changes.
 */
import type { EngineSession } from '../../../engine/engine-session.js';
import type { DecidedClause } from './merge-decision.js';

export interface MergeSummary {
  /** A target row matched by several source rows (only meaningful when `checkMultipleMatches`). */
  readonly multipleMatches: boolean;
  /** Per action code: its rows, and the distinct target rows of the MATCHED DELETE codes. */
  readonly perAction: ReadonlyMap<number, { readonly rows: number; readonly targets: number }>;
  /** The candidate indexes of the touched files, ascending; undefined unless `touchedFiles`. */
  readonly touched: readonly number[] | undefined;
}

export async function summarizeDecision(
  engine: EngineSession,
  merged: string,
  decided: readonly DecidedClause[],
  options: {
    readonly checkMultipleMatches: boolean;
    readonly touchedFiles: boolean;
    /** A statement to run first in the same round trip: the one that creates the decision table. */
    readonly createdBy?: string;
  },
): Promise<MergeSummary> {
  // Distinct target rows matter only for a MATCHED DELETE (several source rows may delete one target row);
  // counting them costs a hash of every row id, so only those rows are counted so.
  const deletingMatched = decided
    .filter((d) => d.clause.kind === 'matched' && d.clause.action.kind === 'delete')
    .map((d) => d.code);
  const targets =
    deletingMatched.length === 0
      ? '0'
      : `count(DISTINCT "row_id") FILTER (WHERE "action" IN (${deletingMatched.join(', ')}))`;
  const dup = options.checkMultipleMatches
    ? `(SELECT count(*) FROM (SELECT "row_id" FROM ${merged} WHERE "matched" GROUP BY "row_id" HAVING count(*) > 1))`
    : '0';
  const changing = decided.filter((d) => d.clause.kind !== 'notMatched').map((d) => d.code);
  const touched =
    options.touchedFiles && changing.length > 0
      ? `(SELECT list("file_index" ORDER BY "file_index") FROM (SELECT DISTINCT "file_index" FROM ${merged}` +
        ` WHERE "action" IN (${changing.join(', ')})))`
      : 'CAST([] AS INTEGER[])';
  const [row] = await engine.all(
    (options.createdBy ? `${options.createdBy}; ` : '') +
      `SELECT ${dup} AS "dup", ` +
      `(SELECT list([CAST("action" AS BIGINT), "rows", "targets"]) FROM (SELECT "action", count(*) AS "rows",` +
      ` ${targets} AS "targets" FROM ${merged} GROUP BY "action")) AS "actions", ${touched} AS "touched"`,
  );
  const perAction = new Map<number, { rows: number; targets: number }>();
  for (const [action, rows, targets] of (row?.actions ?? []) as unknown[][]) {
    perAction.set(Number(action), { rows: Number(rows), targets: Number(targets) });
  }
  return {
    multipleMatches: Number(row?.dup ?? 0) > 0,
    perAction,
    touched: options.touchedFiles ? ((row?.touched ?? []) as unknown[]).map(Number) : undefined,
  };
}
