/**
 * A streaming aggregation grouped by session_window(time, gap) (Spark's SessionWindowStateStoreRestoreExec,
 * MergingSessionsExec and SessionWindowStateStoreSaveExec). The state holds each group's sessions, with their
 * partial aggregates. Each batch:
 * 1. the batch's rows are aggregated per group and per row session [time, time + gap) (not yet merged), so
 *    a late row is dropped on its own session, as Spark drops late input rows before merging;
 * 2. the previous state's sessions and the batch's on-time ones are merged where they overlap or touch, in
 *    one set-at-a-time pass (window functions ordered by session start, as analyzer/session-windows.ts does
 *    for batch queries): a session starting after the greatest end before it begins a new one;
 * 3. the merged sessions' partials merge by their merge function, and `__updated` marks sessions a batch
 *    touched (update mode emits them); a session whose end is at or below the watermark closes.
 */
import { quoteIdentifier } from '../../engine/sql-text.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { queryFrame, selectOver } from '../../sql/ast/frame.js';
import { aliased, columnRef, query, star } from '../../sql/ast/node-builders.js';
import type { Query } from '../../sql/ast/query.js';
import { type AggregateShape, mergedPartials, type StepTables } from './aggregate-state-sql.js';

/** The column of a batch row's own session, between the input and the per-batch aggregation. */
const ROW_SESSION = '__lakesql_row_session';

const isSessionWindow = (e: Expression): boolean => {
  const x = e.kind === 'alias' ? e.expr : e;
  return x.kind === 'function' && x.name.length === 1 && x.name[0]!.toLowerCase() === 'session_window';
};

/** The position of the session_window() key among the grouping keys, or -1. */
export function sessionKeyIndex(keys: readonly Expression[]): number {
  return keys.findIndex(isSessionWindow);
}

/**
 * The batch's partial aggregates per group and row session: `SELECT keys…, partials… FROM (SELECT *,
 * session_window(…) AS row_session FROM input) GROUP BY keys…`, the session key read from that column,
 * so the analyzer does not merge the batch's sessions by itself.
 */
export function rowSessionPartials(
  inputFrame: Parameters<typeof selectOver>[0],
  qualifier: string | null,
  keys: readonly Expression[],
  sessionIndex: number,
  keyNames: readonly string[],
  partials: readonly Expression[],
): Query {
  const session = keys[sessionIndex]!;
  const withSession = query(
    selectOver(inputFrame, qualifier, [
      star(),
      aliased(session.kind === 'alias' ? session.expr : session, ROW_SESSION),
    ]),
  );
  const groupKeys = keys.map((k, i) =>
    i === sessionIndex ? columnRef([ROW_SESSION]) : k.kind === 'alias' ? k.expr : k,
  );
  const select = selectOver(queryFrame(withSession), qualifier, [
    ...groupKeys.map((k, i) => aliased(k, keyNames[i]!)),
    ...partials,
  ]);
  return query({
    ...select,
    groupBy: { all: false, with: null, elements: groupKeys.map((expr) => ({ kind: 'expression', expr })) },
  });
}

/** The merged state: the previous sessions and the batch's on-time ones, merged where they overlap. */
export function sessionMergeSql(
  shape: AggregateShape,
  tables: StepTables,
  previous: string | undefined,
  late: string,
  sessionIndex: number,
): string {
  const session = quoteIdentifier(shape.keyNames[sessionIndex]!);
  const groups = shape.keyNames.filter((_, i) => i !== sessionIndex).map(quoteIdentifier);
  const partition = groups.length > 0 ? `PARTITION BY ${groups.join(', ')} ` : '';
  const order = `ORDER BY ${session}."start"`;
  const batch = quoteIdentifier(tables.batch);
  const before = previous ?? `(SELECT * FROM ${batch} LIMIT 0)`;
  const union = `SELECT *, false AS "__updated" FROM ${before} UNION ALL BY NAME SELECT *, true AS "__updated" FROM ${batch} WHERE NOT (${late})`;
  const ends = `SELECT *, max(${session}."end") OVER (${partition}${order} ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS "__previous_end" FROM (${union}) AS "sessions"`;
  const starts = `CASE WHEN "__previous_end" IS NULL OR "__previous_end" < ${session}."start" THEN 1 END`;
  const numbered = `SELECT *, count(${starts}) OVER (${partition}${order} ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS "__session_number" FROM (${ends}) AS "ended"`;
  const merged = `struct_pack("start" := min(${session}."start"), "end" := max(${session}."end")) AS ${session}`;
  const items = shape.keyNames.map((k, i) => (i === sessionIndex ? merged : quoteIdentifier(k)));
  const groupBy = [...groups, '"__session_number"'].join(', ');
  return `CREATE TABLE ${quoteIdentifier(tables.merged)} AS SELECT ${[...items, ...mergedPartials(shape), 'coalesce(bool_or("__updated"), false) AS "__updated"'].join(', ')} FROM (${numbered}) AS "numbered" GROUP BY ${groupBy}`;
}
