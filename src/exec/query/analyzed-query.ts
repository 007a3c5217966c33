/**
 * An analyzed query kept for reuse: spark.sql() analyzes its query at once (errors fail there, as in
 * PySpark), and the DataFrame's actions run that plan instead of analyzing the text again, as Spark's
 * Dataset keeps its analyzed plan.
 *
 * Delta's rule still holds: a query reads each table's latest snapshot as of its execution. So the plan is
 * reused only while it is current: every latest snapshot it read is still its table's latest (the
 * session's snapshot cache answers that with a listing of the new commits, and gives back the same object
 * when there are none), and nothing else the analysis depended on changed: the conf (ANSI mode, time zone,
 * case sensitivity… are read by the analyzer), the current database, the temp views and this session's
 * catalog changes. Otherwise the query is analyzed again, which is what every action did before.
 */

import type { ParquetHandler } from '../../delta/parquet-handler.js';
import { loadSnapshot, type Snapshot } from '../../delta/snapshot.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import { collectRelations } from './run-query.js';

export interface AnalyzedQuery {
  readonly plan: LogicalPlan;
  /** The conf and name-resolution state the plan was analyzed under (`analysisStamp`). */
  readonly stamp: string;
  /** The latest snapshots the analysis loaded (time travel excluded: a fixed version never goes stale). */
  readonly latest: readonly Snapshot[];
}

/** The state besides the tables' logs that an analysis depends on, as one comparable string. */
export function analysisStamp(conf: ReadonlyMap<string, string>, resolutionStamp: string): string {
  let text = resolutionStamp;
  for (const [k, v] of conf) text += `\u0000${k}\u0001${v}`;
  return text;
}

/**
 * Whether a plan can be run again later: only plans over Delta tables. Other relations hold what the
 * analysis opened (scratch tables of file reads, freed after spark.sql()'s check) or data read at analysis
 * (table_changes), so their queries are analyzed again at each action.
 */
export function isReusable(plan: LogicalPlan): boolean {
  return collectRelations(plan).every((r) => r.kind !== 'relation' || r.source.kind === 'delta');
}

/** True when `analyzed` may run as it is now: same stamp, and no table it read at latest has a newer version. */
export async function isCurrent(
  analyzed: AnalyzedQuery,
  stamp: string,
  parquet: ParquetHandler,
): Promise<boolean> {
  if (analyzed.stamp !== stamp) return false;
  for (const s of analyzed.latest) {
    if ((await loadSnapshot(s.store, parquet)) !== s) return false;
  }
  return true;
}
