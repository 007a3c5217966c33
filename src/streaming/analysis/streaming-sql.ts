/**
 * SQL over streams: `spark.sql(…)` whose query reads a temp view of a streaming DataFrame is itself a
 * streaming DataFrame, as in Spark. A query without aggregation runs batch by batch as written. An
 * aggregation (`SELECT keys…, aggregates… FROM v [WHERE …] GROUP BY keys…`, or a global one) becomes the
 * same stateful aggregation as `groupBy().agg()` (streaming/stateful/aggregate-step.ts), named and ordered as the
 * query names its columns; what that rewrite cannot carry (HAVING, ORDER BY, …) is refused, never dropped.
 * This file decides which of the two a query is; the API (api/dataframe/streaming-sql-frame.ts) builds
 * the DataFrame.
 */
import { LakesqlError } from '../../errors/index.js';
import type { SqlSession } from '../../exec/session/sql-session.js';
import { lookupFunction } from '../../plan/functions/registry.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { aliased } from '../../sql/ast/node-builders.js';
import type { Query, Relation, Select } from '../../sql/ast/query.js';
import { printExpression } from '../../sql/printer/index.js';
import { queryReadsStream } from './stream-joins.js';
import { streamNameKey } from './streaming-views.js';

/** How a query over a streaming view runs, and the streaming DataFrame (`Stream`) it reads. */
export type StreamingSqlPlan<Stream> =
  /** The query as written, run over each batch. */
  | { readonly kind: 'perBatch'; readonly stream: Stream }
  /**
   * A stateful aggregation of `from` (filtered by `where`) by `keys`, giving `aggregates`; `columns`
   * names the query's output in order when that differs from the keys followed by the aggregates.
   */
  | {
      readonly kind: 'aggregation';
      readonly stream: Stream;
      readonly from: Relation;
      readonly where: Expression | null;
      readonly keys: readonly Expression[];
      readonly aggregates: readonly Expression[];
      readonly columns: readonly string[] | null;
    };

function refuse(feature: string): never {
  throw new LakesqlError('UNSUPPORTED_FEATURE', { feature });
}

const unaliased = (e: Expression): Expression => (e.kind === 'alias' ? e.expr : e);

function isAggregateCall(e: Expression): boolean {
  const x = unaliased(e);
  return (
    x.kind === 'function' &&
    x.over === null &&
    x.name.length === 1 &&
    lookupFunction(x.name[0]!)?.kind === 'aggregate'
  );
}

/**
 * How query `q` runs when it reads one of `views` (temp views over streams, by name key), or undefined
 * when it reads none.
 */
export async function planStreamingSql<Stream>(
  sqlSession: SqlSession,
  q: Query,
  views: ReadonlyMap<string, Stream>,
): Promise<StreamingSqlPlan<Stream> | undefined> {
  const read = [...views].filter(([key]) => queryReadsStream(q, (parts) => streamNameKey(parts) === key));
  if (read.length === 0) return undefined;
  if (read.length > 1)
    refuse(
      'joins between two streaming DataFrames/Datasets (lakesql joins a stream with static DataFrames and tables)',
    );
  const stream = read[0]![1];
  const body = q.body;
  const aggregates = body.kind === 'select' && (body.groupBy !== null || body.items.some(isAggregateCall));
  if (!aggregates) return { kind: 'perBatch', stream };
  return streamingAggregation(sqlSession, q, body as Select, stream);
}

async function streamingAggregation<Stream>(
  sqlSession: SqlSession,
  q: Query,
  select: Select,
  stream: Stream,
): Promise<StreamingSqlPlan<Stream>> {
  const clause = (
    [
      [q.with !== null, 'WITH'],
      [q.orderBy.length > 0 || q.sortBy.length > 0, 'ORDER BY'],
      [q.limit !== null || q.offset !== null, 'LIMIT'],
      [select.having !== null, 'HAVING'],
      [select.qualify !== null, 'QUALIFY'],
      [select.distinct, 'DISTINCT'],
      [
        select.lateralViews.length > 0 || select.pivot !== null || select.unpivot !== null,
        'LATERAL VIEW, PIVOT or UNPIVOT',
      ],
      [select.from.length !== 1, 'a FROM clause with other than one relation'],
      [
        select.groupBy?.all === true || (select.groupBy?.with ?? null) !== null,
        'GROUP BY ALL, ROLLUP or CUBE',
      ],
    ] as const
  ).find(([present]) => present);
  if (clause) refuse(`${clause[1]} in a streaming aggregation written in SQL`);
  const groupKeys = (select.groupBy?.elements ?? []).map((g) => {
    if (g.kind !== 'expression') refuse('GROUPING SETS in a streaming aggregation written in SQL');
    const e = g.expr;
    // GROUP BY 1: the first select item.
    if (e.kind === 'literal' && e.value.type === 'int')
      return unaliased(select.items[Number(e.value.value) - 1] ?? e);
    return e;
  });
  const names = (await sqlSession.currentPlan(q)).output.map((a) => a.name);
  const keyItem = new Map<number, number>();
  const aggregateItems: Expression[] = [];
  for (const [i, item] of select.items.entries()) {
    if (item.kind === 'star') refuse('* in a streaming aggregation written in SQL');
    if (isAggregateCall(item)) {
      aggregateItems.push(aliased(item, names[i]!));
      continue;
    }
    const key = groupKeys.findIndex((g) => printExpression(g) === printExpression(unaliased(item)));
    if (key < 0) refuse(`the select item ${printExpression(item)}: neither a grouping key nor an aggregate`);
    keyItem.set(key, i);
  }
  const keys = groupKeys.map((g, k) =>
    aliased(g, keyItem.has(k) ? names[keyItem.get(k)!]! : `__group_key_${k}`),
  );
  const produced = [...keys, ...aggregateItems].map((k) => (k.kind === 'alias' ? k.name : ''));
  const inOrder = produced.length === names.length && produced.every((n, i) => n === names[i]);
  return {
    kind: 'aggregation',
    stream,
    from: select.from[0]!,
    where: select.where,
    keys,
    aggregates: aggregateItems,
    columns: inOrder ? null : names,
  };
}
