/**
 * DuckDB SQL for Spark's percentile aggregates. Each collects the group's non-NULL values into a sorted list
 * (`list_sort(list(x) FILTER (WHERE x IS NOT NULL))`, one vectorized aggregate) and reads Spark's answer from
 * it with list functions, so that the positions and the interpolation are Spark's to the last bit:
 *
 * - percentile / median / percentile_cont (Percentile): position = (n − 1)·p over the values as DOUBLE (an ANSI
 *   interval as months or microseconds); the keys at floor and ceil are interpolated as
 *   (ceil − pos)·lower + (pos − floor)·higher, the lower key alone when they are equal. DuckDB's quantile_cont
 *   interpolates as lower + (higher − lower)·d, which can differ in the last bit. A frequency argument repeats
 *   each value that many times (a negative one is NEGATIVE_VALUES_IN_FREQUENCY_EXPRESSION).
 * - percentile_disc: the value at rank max(ceil(n·p), 1).
 * - percentile_approx / approx_percentile: Spark's QuantileSummaries answers, while it holds every value
 *   (fewer than accuracy / 2 values per group), the element at rank ceil(n·p), the first for p ≤ 1/accuracy
 *   and the last for p ≥ 1 − 1/accuracy; lakesql always answers that exact element (DuckDB's approx_quantile is
 *   a t-digest whose answer need not be an input value). For larger groups Spark's answer is approximate and
 *   may differ from this one within Spark's documented error.
 *
 * WITHIN GROUP (ORDER BY x DESC) ranks from the greatest value (list_reverse_sort). An empty group is NULL.
 */

import type { DataType } from '../../types/data-types.js';
import { DoubleType } from '../../types/data-types.js';
import { raiseSql } from '../operators/sql-helpers.js';
import { type CompileFn, cast, compilers } from './compiler-kit.js';
import { type DoubleAxis, intervalDoubleAxis } from './double-axis.js';
import type { CompiledArg } from './function-compiler.js';

let counter = 0;
const fresh = (prefix: string) => {
  counter = (counter + 1) % 1_000_000;
  return `__${prefix}${counter}`;
};

/** A percentile input as the DOUBLE Percentile computes on, and the DOUBLE result back to Spark's type. */
function doubleAxis(t: DataType): DoubleAxis {
  const interval = intervalDoubleAxis(t);
  if (interval) return interval;
  return { toDouble: (x) => cast(x, DoubleType), back: (x) => x };
}

/** The sorted list of the group's values (each repeated `freq` times when given). */
function sortedValues(
  x: string,
  value: string,
  descending: boolean,
  freq?: CompiledArg,
  freqSql?: string,
): string {
  const sort = descending ? 'list_reverse_sort' : 'list_sort';
  if (!freq) return `${sort}(list(${value}) FILTER (WHERE ${x} IS NOT NULL))`;
  const f = freq.sql;
  const negative = raiseSql('NEGATIVE_VALUES_IN_FREQUENCY_EXPRESSION', {
    frequencyExpression: { text: `"${freqSql ?? ''}"` },
    negativeValue: { sql: f },
  });
  const copies = `CASE WHEN ${f} < 0 THEN ${negative} ELSE CAST(${f} AS BIGINT) END`;
  return `${sort}(flatten(list(list_resize([${value}], ${copies}, ${value})) FILTER (WHERE ${x} IS NOT NULL AND ${f} IS NOT NULL)))`;
}

/** `pick(list, p)` for each percentage (one, or an array of them), NULL for an empty group. */
function perPercentage(
  sorted: string,
  pct: CompiledArg,
  pick: (list: string, p: string) => string,
  back: (x: string) => string,
): string {
  const s = fresh('s');
  const body =
    pct.type.kind === 'array'
      ? (() => {
          const p = fresh('p');
          return `list_transform(${pct.sql}, lambda ${p}: ${back(pick(s, p))})`;
        })()
      : back(pick(s, pct.sql));
  return `(list_transform([${sorted}], lambda ${s}: CASE WHEN coalesce(len(${s}), 0) = 0 THEN NULL ELSE ${body} END))[1]`;
}

/** Percentile.getPercentile with interpolation. */
function continuous(s: string, p: string): string {
  const pos = fresh('pos');
  const lo = `${s}[CAST(floor(${pos}) AS BIGINT) + 1]`;
  const hi = `${s}[CAST(ceil(${pos}) AS BIGINT) + 1]`;
  const value = `CASE WHEN floor(${pos}) = ceil(${pos}) OR ${lo} = ${hi} THEN ${lo} ELSE (ceil(${pos}) - ${pos}) * ${lo} + (${pos} - floor(${pos})) * ${hi} END`;
  return `(list_transform([CAST(len(${s}) - 1 AS DOUBLE) * ${p}], lambda ${pos}: ${value}))[1]`;
}

/** PercentileDisc.getPercentile: the smallest rank whose cumulative share reaches p. */
const discrete = (s: string, p: string) =>
  `${s}[greatest(CAST(ceil(CAST(len(${s}) AS DOUBLE) * ${p}) AS BIGINT), 1)]`;

const exact =
  (pick: (s: string, p: string) => string): CompileFn =>
  (_sql, args, resolved) => {
    const [x, pct, freq] = args as [CompiledArg, CompiledArg | undefined, CompiledArg | undefined];
    const axis = doubleAxis(x.type);
    const sorted = sortedValues(
      x.sql,
      axis.toDouble(x.sql),
      resolved.descending === true,
      freq,
      resolved.argumentSql?.[2],
    );
    const p: CompiledArg = pct ?? { sql: '0.5', type: DoubleType };
    return perPercentage(sorted, p, pick, axis.back);
  };

const approx: CompileFn = (_sql, args) => {
  const [x, pct, acc] = args as [CompiledArg, CompiledArg, CompiledArg | undefined];
  const relErr = `(1.0 / CAST(${acc?.sql ?? '10000'} AS DOUBLE))`;
  const pick = (s: string, p: string) =>
    `${s}[CASE WHEN ${p} <= ${relErr} THEN 1 WHEN ${p} >= 1 - ${relErr} THEN len(${s}) ELSE CAST(ceil(${p} * CAST(len(${s}) AS DOUBLE)) AS BIGINT) END]`;
  return perPercentage(sortedValues(x.sql, x.sql, false), pct, pick, (v) => v);
};

/**
 * Mode: DuckDB's mode for an arbitrary winner among equally frequent values; the smallest (mode(x, true),
 * WITHIN GROUP ascending) or greatest (WITHIN GROUP descending) from the group's histogram.
 */
const mode: CompileFn = ([x], args, resolved) => {
  const deterministic = args[1]?.value === true;
  if (!deterministic && !resolved.descending) return `mode(${x})`;
  const e = fresh('e');
  const count = `CAST(${e}.value AS BIGINT)`;
  const entries = `list_transform(map_entries(histogram(${x})), lambda ${e}: {'c': ${deterministic ? `-${count}` : count}, 'k': ${e}.key})`;
  return `(list_sort(${entries}, '${deterministic ? 'ASC' : 'DESC'}'))[1].k`;
};

export const PERCENTILE_COMPILERS = compilers({
  percentile: exact(continuous),
  median: exact(continuous),
  percentile_cont: exact(continuous),
  percentile_disc: exact(discrete),
  percentile_approx: approx,
  mode,
});
