/**
 * DuckDB aggregates for Spark's. The compiled SQL is the aggregate call only; DISTINCT, FILTER and OVER are
 * added by the query compiler. Results are cast to Spark's result type (sum(int) is BIGINT in Spark, HUGEINT
 * in DuckDB). first/last ignore NULLs only when asked (Spark's ignoreNulls argument).
 */

import { type CompileFn, cast, compilers } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';

const typed =
  (fn: string): CompileFn =>
  (sql, _args, resolved) =>
    cast(`${fn}(${sql.join(', ')})`, resolved.returnType);

const firstLast =
  (which: 'first' | 'last'): CompileFn =>
  ([x, ignoreNulls]) =>
    ignoreNulls === undefined || ignoreNulls === 'false' || ignoreNulls === 'FALSE'
      ? `${which}(${x})`
      : `${which === 'first' ? 'first' : 'last'}(${x} ORDER BY ${x} IS NULL${which === 'last' ? ' DESC' : ''})`;

export const AGGREGATE_COMPILERS: readonly FunctionCompiler[] = compilers({
  count: (sql) =>
    sql.length === 1
      ? `count(${sql[0]})`
      : `count(CASE WHEN ${sql.map((s) => `${s} IS NOT NULL`).join(' AND ')} THEN 1 END)`,
  sum: typed('sum'),
  avg: typed('avg'),
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
  skewness: typed('skewness'),
  kurtosis: typed('kurtosis'),
  corr: typed('corr'),
  covar_pop: typed('covar_pop'),
  covar_samp: typed('covar_samp'),
  bool_and: ([x]) => `bool_and(${x})`,
  bool_or: ([x]) => `bool_or(${x})`,
  count_if: ([x]) => `count_if(${x})`,
  approx_count_distinct: ([x]) => `approx_count_distinct(${x})`,
  max_by: ([x, y]) => `arg_max(${x}, ${y})`,
  min_by: ([x, y]) => `arg_min(${x}, ${y})`,
});
