/**
 * The streaming DataFrame of `spark.sql(…)` over a temp view of a stream: streaming/analysis/streaming-sql.ts
 * decides whether the query runs batch by batch as written or as a stateful aggregation, and this builds
 * that DataFrame over the stream the view holds.
 */

import { openFrame, queryFrame } from '../../sql/ast/frame.js';
import { columnRef } from '../../sql/ast/node-builders.js';
import type { Query } from '../../sql/ast/query.js';
import { planStreamingSql } from '../../streaming/analysis/streaming-sql.js';
import { Column } from '../column.js';
import type { LakeSession } from '../lake-session.js';
import { DataFrame } from './dataframe.js';

/** The streaming DataFrame of query `q` when it reads one of `views`, or undefined when it reads none. */
export async function streamingSqlFrame(
  session: LakeSession,
  q: Query,
  alias: string,
  views: ReadonlyMap<string, DataFrame>,
): Promise<DataFrame | undefined> {
  const plan = await planStreamingSql(session.sqlSession, q, views);
  if (plan === undefined) return undefined;
  const source = plan.stream.streamSource;
  if (plan.kind === 'perBatch') return new DataFrame(session, () => queryFrame(q), alias, source);
  const input = new DataFrame(session, () => openFrame(plan.from, plan.where), null, source);
  const aggregated = input.streamingAggregate(plan.keys, async () => plan.aggregates);
  if (plan.columns === null) return aggregated;
  return aggregated.select(plan.columns.map((n) => new Column(columnRef([n]))));
}
