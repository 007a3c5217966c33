/**
 * describe(...cols) and summary(...statistics), as Spark's StatFunctions.summary computes them: over the
 * numeric and string columns, one aggregate row holding per column a map from statistic name to its value
 * as a string, exploded into one row per statistic: `summary` (the statistic's name), then each column as
 * a STRING. Statistics: count, count_distinct, approx_count_distinct, mean, stddev (sample), min, max, and
 * percentiles written `25%`. String columns enter mean, stddev and percentiles through TRY_CAST to DOUBLE, as
 * Spark's summary casts them (EvalMode.TRY): a string that is not a number counts as NULL there.
 *
 * Percentiles: Spark uses percentile_approx with accuracy 10000, which for up to 10000 values is exact and
 * returns the value of rank ceil(p · n) (at least 1) among the sorted non-NULL values; lakesql computes that
 * rank exactly at any size (element_at over the sorted collect_list).
 */
import { LakesqlError } from '../../errors/index.js';
import { NO_SPAN } from '../../sql/ast/common.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { freshAlias, queryFrame, selectOver } from '../../sql/ast/frame.js';
import {
  aliased,
  call,
  cast,
  columnRef,
  emptySelect,
  query,
  stringLiteral,
  subquery,
} from '../../sql/ast/node-builders.js';
import { DoubleType, IntegerType, StringType } from '../../types/data-types.js';
import type { DataFrame } from './dataframe.js';
import { deriveFrame, type InputColumn, inputColumns, isNumericType, isStringType } from './derive.js';
import { doubleLiteral, jsLiteral } from './js-literal.js';

export const DESCRIBE_STATISTICS = ['count', 'mean', 'stddev', 'min', 'max'] as const;
export const SUMMARY_STATISTICS = ['count', 'mean', 'stddev', 'min', '25%', '50%', '75%', 'max'] as const;

/** describe(cols): summary's count, mean, stddev, min, max over the named (default: all) columns. */
export function describeFrame(df: DataFrame, cols: readonly string[]): DataFrame {
  const input = cols.length === 0 ? df : df.select(...cols);
  return summaryFrame(input, DESCRIBE_STATISTICS);
}

export function summaryFrame(df: DataFrame, statistics: readonly string[]): DataFrame {
  const stats = statistics.length === 0 ? SUMMARY_STATISTICS : statistics;
  const builders = stats.map(statisticBuilder);
  return deriveFrame(df, async (f) => {
    const columns = (await inputColumns(df)).filter((c) => isNumericType(c.type) || isStringType(c.type));
    const statNames = call(
      'array',
      stats.map((s) => stringLiteral(s)),
    );
    const aggAlias = freshAlias();
    if (columns.length === 0) {
      const select = { ...emptySelect([]), items: [aliased(call('explode', [statNames]), 'summary')] };
      return queryFrame(query(select));
    }
    // One row: per column, map(statistic -> value as string).
    const maps = columns.map((c) =>
      aliased(
        call(
          'map',
          builders.flatMap((b, i) => [stringLiteral(stats[i]!), cast(b(c), StringType)]),
        ),
        c.name,
      ),
    );
    const aggregated = query(selectOver(f, df.qualifier, maps));
    const exploded = query({
      ...emptySelect([subquery(aggregated, aggAlias)]),
      items: [aliased(call('explode', [statNames]), 'summary'), ...columns.map((c) => columnRef([c.name]))],
    });
    const summary = columnRef(['summary']);
    const items = [
      summary,
      ...columns.map((c) => aliased(call('element_at', [columnRef([c.name]), summary]), c.name)),
    ];
    return queryFrame(query({ ...emptySelect([subquery(exploded, freshAlias())]), items }));
  });
}

type StatisticBuilder = (c: InputColumn) => Expression;

function statisticBuilder(name: string): StatisticBuilder {
  const ref = (c: InputColumn) => columnRef([c.name]);
  const numeric = (c: InputColumn) => (isStringType(c.type) ? cast(ref(c), DoubleType, true) : ref(c));
  switch (name.toLowerCase()) {
    case 'count':
      return (c) => call('count', [ref(c)]);
    case 'count_distinct':
      return (c) => call('count', [ref(c)], true);
    case 'approx_count_distinct':
      return (c) => call('approx_count_distinct', [ref(c)]);
    case 'mean':
      return (c) => call('avg', [numeric(c)]);
    case 'stddev':
      return (c) => call('stddev', [numeric(c)]);
    case 'min':
      return (c) => call('min', [ref(c)]);
    case 'max':
      return (c) => call('max', [ref(c)]);
    default: {
      if (!name.endsWith('%')) {
        throw new LakesqlError('_LEGACY_ERROR_TEMP_2114', { stats: name });
      }
      const p = Number(name.slice(0, -1));
      if (name.slice(0, -1).trim() === '' || !Number.isFinite(p)) {
        throw new LakesqlError('_LEGACY_ERROR_TEMP_2113', { stats: name });
      }
      if (p < 0 || p > 100) {
        throw new LakesqlError('VALUE_NOT_BETWEEN', { arg_name: 'percentile', min: '0%', max: '100%' });
      }
      return (c) => percentile(numeric(c), p / 100);
    }
  }
}

/** The value of rank max(1, ceil(p · n)) among the n sorted non-NULL values (NULL when there are none). */
function percentile(value: Expression, p: number): Expression {
  const n = call('count', [value]);
  const rank = call('greatest', [jsLiteral(1), call('ceil', [binary('*', doubleLiteral(p), n)])]);
  return call('try_element_at', [
    call('sort_array', [call('collect_list', [value])]),
    cast(rank, IntegerType),
  ]);
}

function binary(op: '*', left: Expression, right: Expression): Expression {
  return { kind: 'binary', op, left, right, span: NO_SPAN };
}
