/**
 * SQL over streams: `spark.sql(…)` whose query reads a temp view of a streaming DataFrame is itself a
 * streaming DataFrame, as in Spark. A query without aggregation runs batch by batch as written. An
 * aggregation (`SELECT keys…, aggregates… FROM v [WHERE …] GROUP BY keys…`, or a global one) becomes the
 * same stateful aggregation as `groupBy().agg()` (stateful/aggregate-step.ts), named and ordered as the
 * query names its columns; what that rewrite cannot carry (HAVING, ORDER BY, …) is refused, never dropped.
 */
import { LakesqlError } from '../../errors/index.js';
import { lookupFunction } from '../../plan/functions/registry.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { openFrame, queryFrame } from '../../sql/ast/frame.js';
import { aliased, columnRef } from '../../sql/ast/node-builders.js';
import type { Query, Select } from '../../sql/ast/query.js';
import { printExpression } from '../../sql/printer/index.js';
import { queryReadsStream } from '../../streaming/analysis/stream-joins.js';
import { Column } from '../column.js';
import { DataFrame } from '../dataframe/dataframe.js';
import type { LakeSession } from '../lake-session.js';
import { streamNameKey } from './streaming-views.js';

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
 * The streaming DataFrame of query `q` when it reads one of `views` (temp views over streams, by name
 * key), or undefined when it reads none.
 */
export async function streamingSqlFrame(
  session: LakeSession,
  q: Query,
  alias: string,
  views: ReadonlyMap<string, DataFrame>,
): Promise<DataFrame | undefined> {
  const read = [...views].filter(([key]) => queryReadsStream(q, (parts) => streamNameKey(parts) === key));
  if (read.length === 0) return undefined;
  if (read.length > 1)
    refuse(
      'joins between two streaming DataFrames/Datasets (lakesql joins a stream with static DataFrames and tables)',
    );
  const stream = read[0]![1];
  const body = q.body;
  const aggregates = body.kind === 'select' && (body.groupBy !== null || body.items.some(isAggregateCall));
  if (!aggregates) return new DataFrame(session, () => queryFrame(q), alias, stream.streamSource);
  return streamingAggregation(session, q, body as Select, stream);
}

async function streamingAggregation(
  session: LakeSession,
  q: Query,
  select: Select,
  stream: DataFrame,
): Promise<DataFrame> {
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
  const names = (await session.sqlSession.currentPlan(q)).output.map((a) => a.name);
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
  const [from] = select.from;
  const input = new DataFrame(session, () => openFrame(from!, select.where), null, stream.streamSource);
  const aggregated = input.streamingAggregate(keys, async () => aggregateItems);
  const produced = [...keys, ...aggregateItems].map((k) => (k.kind === 'alias' ? k.name : ''));
  if (produced.length === names.length && produced.every((n, i) => n === names[i])) return aggregated;
  return aggregated.select(names.map((n) => new Column(columnRef([n]))));
}
