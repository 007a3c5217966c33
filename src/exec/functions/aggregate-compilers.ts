/**
 * DuckDB aggregates for Spark's. The compiled SQL is the aggregate call only; DISTINCT, FILTER and OVER are
 * added by the query compiler. Results are cast to Spark's result type (sum(int) is BIGINT in Spark, HUGEINT
 * in DuckDB). first/last ignore NULLs only when asked (Spark's ignoreNulls argument).
 */

import type { DataType } from '../../types/data-types.js';
import { ANSI_CONFIG, bind, integralRange, raiseSql, wrapSql } from '../operators/sql-helpers.js';
import { type CompileFn, cast, compilers } from './compiler-kit.js';
import { decimalAverage, decimalSum, isDecimal } from './decimal-aggregates.js';
import { type DoubleAxis, intervalDoubleAxis } from './double-axis.js';
import type { FunctionCompiler } from './function-compiler.js';
import { PERCENTILE_COMPILERS } from './percentile-compilers.js';
import { REGRESSION_COMPILERS } from './regression-compilers.js';
import { TRY_AGGREGATE_COMPILERS } from './try-aggregate-compilers.js';

const typed =
  (fn: string): CompileFn =>
  (sql, _args, resolved) =>
    cast(`${fn}(${sql.join(', ')})`, resolved.returnType);

/**
 * first/last in input order; ignoring NULLs, the same over the non-NULL values (a FILTER keeps the order,
 * where an ORDER BY on `x IS NULL` would not: DuckDB's sort is not stable). Over a window this becomes
 * first_value/last_value IGNORE NULLS (exec/query/aggregate-call-sql.ts).
 */
const firstLast =
  (which: 'first' | 'last'): CompileFn =>
  ([x, ignoreNulls]) =>
    ignoreNulls === undefined || ignoreNulls === 'false' || ignoreNulls === 'FALSE'
      ? `${which}(${x})`
      : `${which}(${x}) FILTER (WHERE ${x} IS NOT NULL)`;

/** A histogram_numeric input as the DOUBLE NumericHistogram works on, and back (HistogramNumeric.eval). */
function histogramAxis(t: DataType): DoubleAxis {
  const interval = intervalDoubleAxis(t);
  if (interval) return interval;
  if (t.kind === 'primitive' && (t.name === 'timestamp' || t.name === 'timestamp_ntz' || t.name === 'date'))
    return {
      toDouble: (x) => `CAST(epoch_us(${x}) AS DOUBLE)`,
      back: (x) =>
        t.name === 'timestamp'
          ? `make_timestamptz(CAST(trunc(${x}) AS BIGINT))`
          : cast(`make_timestamp(CAST(trunc(${x}) AS BIGINT))`, t),
    };
  // Integral results truncate toward zero, as Scala's Double.toInt/toLong do.
  const integral = t.kind === 'primitive' && ['byte', 'short', 'integer', 'long'].includes(t.name);
  return {
    toDouble: (x) => cast(x, { kind: 'primitive', name: 'double' }),
    back: (x) => cast(integral ? `trunc(${x})` : x, t),
  };
}

const histogramNumeric: CompileFn = ([x, nb], args) => {
  const axis = histogramAxis(args[0]?.type ?? { kind: 'primitive', name: 'double' });
  const bins = `spark_histogram_numeric(list(${axis.toDouble(x as string)}) FILTER (WHERE ${x} IS NOT NULL), ${nb})`;
  return `list_transform(${bins}, lambda __b: {'x': ${axis.back('__b.x')}, 'y': __b.y})`;
};

/**
 * CentralMomentAgg's population skewness sqrt(n)·m3/m2^1.5 and kurtosis n·m4/m2² − 3, with m_k the sums of
 * k-th powers of deviations (DuckDB's skewness/kurtosis are the sample estimators); NULL for no rows or zero m2
 * (spark.sql.legacy.statisticalAggregate=false). Spark folds values one at a time per partition, so the last
 * digit can differ from this two-pass form.
 */
const centralMoment =
  (which: 'skewness' | 'kurtosis'): CompileFn =>
  ([x]) => {
    const l = `list(CAST(${x} AS DOUBLE)) FILTER (WHERE ${x} IS NOT NULL)`;
    const n = 'CAST(len(__l) AS DOUBLE)';
    const moment = (k: number) => `list_sum(list_transform(__l, lambda __v: pow(__v - list_avg(__l), ${k})))`;
    const value =
      which === 'skewness'
        ? `sqrt(${n}) * ${moment(3)} / sqrt(${moment(2)} * ${moment(2)} * ${moment(2)})`
        : `${n} * ${moment(4)} / (${moment(2)} * ${moment(2)}) - 3.0`;
    return `list_transform([${l}], lambda __l: CASE WHEN len(__l) = 0 OR ${moment(2)} = 0 THEN NULL ELSE ${value} END)[1]`;
  };

function isAnsiInterval(t: DataType | undefined): boolean {
  return t?.kind === 'yearMonthInterval' || t?.kind === 'dayTimeInterval';
}

/**
 * Sum / Average of an ANSI interval (Spark's Sum and Average over YearMonthIntervalType / DayTimeIntervalType):
 * the months (INT) or microseconds (LONG) summed, past INT / LONG INTERVAL_ARITHMETIC_OVERFLOW (Sum adds with
 * IntervalMathUtils.addExact, in every mode); the average divides the sum by the count rounding HALF_UP
 * (DivideYMInterval / DivideDTInterval). Summed in HUGEINT, so the check is on the total.
 */
function intervalSum(x: string, resultType: DataType, average: boolean): string {
  const yearMonth = resultType.kind === 'yearMonthInterval';
  const units = yearMonth ? `(datepart('year', ${x}) * 12 + datepart('month', ${x}))` : `epoch_us(${x})`;
  const [lo, hi] = yearMonth
    ? ['-2147483648', '2147483647']
    : ['-9223372036854775808', '9223372036854775807'];
  const overflow = raiseSql('INTERVAL_ARITHMETIC_OVERFLOW.WITH_SUGGESTION', {
    functionName: { text: '`try_add`' },
  });
  const back = (v: string) => (yearMonth ? `to_months((${v})::INTEGER)` : `to_microseconds((${v})::BIGINT)`);
  const inRange = (v: string, body: string) =>
    `CASE WHEN ${v} IS NULL THEN NULL WHEN ${v} BETWEEN ${lo} AND ${hi} THEN ${body} ELSE ${overflow} END`;
  if (!average) return bind(`sum(${units}::HUGEINT)`, (v) => inRange(v, back(v)));
  // DISTINCT, FILTER and OVER go to one aggregate call, so the count rides in the sum's low 40 bits:
  // sum(units · 2^40 + 1) = total · 2^40 + count.
  const k = '1099511627776';
  return bind(`sum(${units}::HUGEINT * ${k} + 1)`, (p) => {
    const n = `((${p} % ${k} + ${k}) % ${k})`;
    const total = `((${p} - ${n}) // ${k})`;
    const quotient = `(sign(${total}) * ((2 * abs(${total}) + ${n}) // (2 * ${n})))`;
    return `CASE WHEN ${p} IS NULL THEN NULL WHEN ${total} BETWEEN ${lo} AND ${hi} THEN ${back(quotient)} ELSE ${overflow} END`;
  });
}

export const AGGREGATE_COMPILERS: readonly FunctionCompiler[] = compilers({
  count: (sql) =>
    sql.length === 1
      ? `count(${sql[0]})`
      : `count(CASE WHEN ${sql.map((s) => `${s} IS NOT NULL`).join(' AND ')} THEN 1 END)`,
  // An integral sum past BIGINT: ARITHMETIC_OVERFLOW under ANSI (Spark's Sum adds with Add's ANSI check,
  // MathUtils.addExact), the low 64 bits in legacy mode. DuckDB sums integers into HUGEINT, so the check is
  // on the total.
  sum: (sql, args, resolved, semantics) => {
    if (isAnsiInterval(args[0]?.type)) return intervalSum(sql[0] as string, resolved.returnType, false);
    const input = args[0];
    if (input && isDecimal(input.type) && isDecimal(resolved.returnType))
      return decimalSum(input, resolved.returnType, semantics.ansi);
    const total = `sum(${sql.join(', ')})`;
    const range = integralRange(resolved.returnType);
    if (!range) return cast(total, resolved.returnType);
    return bind(total, (v) => {
      const outside = semantics.ansi
        ? raiseSql('ARITHMETIC_OVERFLOW', {
            message: { text: 'long overflow' },
            alternative: { text: " Use 'try_add' to tolerate overflow and return NULL instead." },
            config: ANSI_CONFIG,
          })
        : cast(wrapSql(`CAST(${v} AS HUGEINT)`, range.bits), resolved.returnType);
      return `CASE WHEN ${v} IS NULL THEN NULL WHEN ${v} BETWEEN ${range.min} AND ${range.max} THEN ${cast(v, resolved.returnType)} ELSE ${outside} END`;
    });
  },
  avg: (sql, args, resolved, semantics) => {
    if (isAnsiInterval(args[0]?.type)) return intervalSum(sql[0] as string, resolved.returnType, true);
    if (isDecimal(args[0]?.type) && isDecimal(resolved.returnType))
      return decimalAverage(sql[0] as string, resolved.returnType, semantics.ansi);
    return cast(`avg(${sql.join(', ')})`, resolved.returnType);
  },
  min: ([x]) => `min(${x})`,
  max: ([x]) => `max(${x})`,
  first: firstLast('first'),
  last: firstLast('last'),
  any_value: ([x]) => `any_value(${x})`,
  collect_list: ([x]) => `coalesce(list(${x}) FILTER (WHERE ${x} IS NOT NULL), [])`,
  collect_set: ([x]) => `coalesce(list(DISTINCT ${x}) FILTER (WHERE ${x} IS NOT NULL), [])`,
  stddev: typed('stddev_samp'),
  stddev_pop: typed('stddev_pop'),
  variance: typed('var_samp'),
  var_pop: typed('var_pop'),
  skewness: centralMoment('skewness'),
  kurtosis: centralMoment('kurtosis'),
  histogram_numeric: histogramNumeric,
  corr: typed('corr'),
  covar_pop: typed('covar_pop'),
  covar_samp: typed('covar_samp'),
  bool_and: ([x]) => `bool_and(${x})`,
  bool_or: ([x]) => `bool_or(${x})`,
  count_if: ([x]) => `count_if(${x})`,
  approx_count_distinct: ([x]) => `approx_count_distinct(${x})`,
  max_by: ([x, y]) => `arg_max(${x}, ${y})`,
  min_by: ([x, y]) => `arg_min(${x}, ${y})`,
  // ListAgg: the non-NULL values joined by the delimiter ('' when NULL), NULL when there are none. DuckDB's
  // string_agg takes strings only: binary values are joined from their list.
  listagg: ([x, d], args) => {
    const delimiter = d === undefined ? "''" : `coalesce(${d}, '')`;
    if (args[0]?.type.kind === 'primitive' && args[0].type.name === 'binary') {
      const sep = d === undefined ? "''::BLOB" : `coalesce(${d}, ''::BLOB)`;
      return `list_reduce(list(${x}) FILTER (WHERE ${x} IS NOT NULL), lambda __a, __b: __a || ${sep} || __b)`;
    }
    return `string_agg(${x}, ${delimiter})`;
  },
}).concat(PERCENTILE_COMPILERS, REGRESSION_COMPILERS, TRY_AGGREGATE_COMPILERS);
