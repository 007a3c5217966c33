/**
 * Spark's UnsupportedOperationChecker.checkForStreaming, on a streaming DataFrame's Query AST, run when
 * writeStream…start() is called: lakesql runs the plan batch by batch, so an operator that needs all the
 * stream's data (a sort, an aggregation in append mode, an outer join keeping static rows, see
 * stream-joins.ts) would silently compute
 * per batch; it is refused up front with Spark's message instead. What Spark's checker refuses fails as
 * Spark's does (`_LEGACY_ERROR_TEMP_3102`, the checker's sentence as `msg`); what Spark runs and lakesql
 * cannot yet (a limit below other operations in append mode) is UNSUPPORTED_FEATURE.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Query, QueryBody, Relation } from '../../sql/ast/query.js';
import type { OutputMode } from '../execution/output-mode.js';
import { topLevelLimit } from '../stateful/streaming-limit.js';
import { checkStreamJoin, type StreamNames } from './stream-joins.js';
import { refuseStreamingOperation } from './streaming-operation-error.js';

interface PlanFacts {
  readonly mode: OutputMode;
  /** Temp views over streams, besides the stream sources' own views (streaming-views.ts). */
  readonly streams: StreamNames | undefined;
  aggregations: number;
  sorted: boolean;
  limited: boolean;
  /** How many LIMITs the query holds, at any depth. */
  limits: number;
  offset: boolean;
}

function refuse(message: string): never {
  throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: message });
}

/**
 * Throws Spark's error for the first operation of `q` a streaming query cannot run in `mode`.
 * `statefulAggregations` counts the plan's groupBy().agg() steps that keep state
 * (streaming/stateful/); an aggregation left in the query text (SQL GROUP BY, distinct()) would be
 * computed per batch, so it is refused in every mode.
 */
export function checkStreamingQuery(
  q: Query,
  mode: OutputMode,
  statefulAggregations = 0,
  streams?: StreamNames,
): void {
  const facts: PlanFacts = {
    mode,
    aggregations: 0,
    sorted: false,
    limited: false,
    limits: 0,
    offset: false,
    streams,
  };
  visitQuery(q, facts);
  if (facts.aggregations + statefulAggregations > 1)
    refuseStreamingOperation(
      'Multiple streaming aggregations are not supported with streaming DataFrames/Datasets',
    );
  if (facts.aggregations > 0 && mode === 'append') refuseAppendAggregation();
  if (facts.aggregations > 0)
    refuse(
      'a streaming aggregation in SQL or distinct() (lakesql keeps streaming state for groupBy().agg() and dropDuplicates on a streaming DataFrame)',
    );
  if (facts.offset) refuseStreamingOperation('Offset is not supported on streaming DataFrames/Datasets');
  if (facts.sorted && !(statefulAggregations > 0 && mode === 'complete'))
    refuseStreamingOperation(
      'Sorting is not supported on streaming DataFrames/Datasets, unless it is on aggregated DataFrame/Dataset in Complete output mode',
    );
  if (facts.limited && mode === 'update')
    refuseStreamingOperation(
      'Limits are not supported on streaming DataFrames/Datasets in Update output mode',
    );
  // Append mode keeps the query's own limit as state (stateful/streaming-limit.ts); a limit under other
  // operators would be taken of each batch.
  if (facts.limits > 0 && mode === 'append' && (facts.limits > 1 || topLevelLimit(q) === undefined))
    refuse(
      "a limit on a streaming DataFrame other than the last operation of the query (lakesql keeps the rows the query's own limit lets through as state)",
    );
}

/** Spark's refusal of a streaming aggregation in append mode without a watermark on a grouping key. */
export function refuseAppendAggregation(): never {
  refuseStreamingOperation(
    'Append output mode not supported when there are streaming aggregations on streaming DataFrames/DataSets without watermark',
  );
}

function visitQuery(q: Query, f: PlanFacts): void {
  if (q.orderBy.length > 0 || q.sortBy.length > 0) f.sorted = true;
  if (q.limit !== null) {
    f.limited = true;
    f.limits += 1;
  }
  if (q.offset !== null) f.offset = true;
  for (const cte of q.with?.ctes ?? []) visitQuery(cte.query, f);
  visitBody(q.body, f);
}

function visitBody(b: QueryBody, f: PlanFacts): void {
  switch (b.kind) {
    case 'query':
      visitQuery(b, f);
      return;
    case 'select':
      // DISTINCT is an Aggregate in Spark's plan, so it counts as a streaming aggregation.
      if (b.groupBy !== null || b.distinct) f.aggregations += 1;
      for (const r of b.from) visitRelation(r, f);
      return;
    case 'setOperation':
      visitBody(b.left, f);
      visitBody(b.right, f);
      return;
    default:
      return;
  }
}

function visitRelation(r: Relation, f: PlanFacts): void {
  switch (r.kind) {
    case 'subquery':
      visitQuery(r.query, f);
      return;
    case 'join':
      visitRelation(r.left, f);
      visitRelation(r.right, f);
      checkStreamJoin(r, f.mode, f.streams);
      return;
    case 'parenthesized':
      visitRelation(r.relation, f);
      return;
    default:
      return;
  }
}
