/**
 * Spark's linear-regression aggregates (regr_*) and bit_and / bit_or / bit_xor in DuckDB SQL.
 *
 * regr_* take the pairs where neither y nor x is NULL. regr_count is count(y, x); regr_avgx / regr_avgy are
 * avg of x / y over those pairs. The others are computed from the pairs' list with the two-pass sums
 * sxx = Σ(x − x̄)², syy = Σ(y − ȳ)², sxy = Σ(x − x̄)(y − ȳ), which give Spark's documented values to the last
 * bit where DuckDB's regr_sxx & co (n·var_pop) do not; Spark folds the pairs one at a time per partition, so
 * the last digit can still differ on other data. Spark's results (RegrSXX, RegrSlope, RegrR2 …):
 * sxx, syy, sxy: NULL for no pairs; slope: sxy / sxx, NULL when sxx = 0; intercept: ȳ − slope·x̄, NULL when
 * sxx = 0; r2: NULL when syy = 0, 1.0 when sxx = 0, else (sxy / √(syy·sxx))².
 */
import { type CompileFn, cast, compilers } from './compiler-kit.js';

let counter = 0;
const fresh = () => {
  counter = (counter + 1) % 1_000_000;
  return counter;
};

type Which = 'sxx' | 'syy' | 'sxy' | 'slope' | 'intercept' | 'r2';

const regression =
  (which: Which): CompileFn =>
  ([y, x]) => {
    const k = fresh();
    const l = `__l${k}`;
    const m = `__m${k}`;
    const e = `__e${k}`;
    const pairs = `list({'x': CAST(${x} AS DOUBLE), 'y': CAST(${y} AS DOUBLE)}) FILTER (WHERE ${x} IS NOT NULL AND ${y} IS NOT NULL)`;
    const mean = (f: 'x' | 'y') => `list_sum(list_transform(${l}, lambda ${e}: ${e}.${f})) / len(${l})`;
    const sum = (a: 'x' | 'y', b: 'x' | 'y') =>
      `list_sum(list_transform(${l}, lambda ${e}: (${e}.${a} - ${m}.m${a}) * (${e}.${b} - ${m}.m${b})))`;
    const sums = `{'mx': ${m}.mx, 'my': ${m}.my, 'sxx': ${sum('x', 'x')}, 'syy': ${sum('y', 'y')}, 'sxy': ${sum('x', 'y')}}`;
    const s = `__s${k}`;
    const result: Record<Which, string> = {
      sxx: `${s}.sxx`,
      syy: `${s}.syy`,
      sxy: `${s}.sxy`,
      slope: `CASE WHEN ${s}.sxx = 0 THEN NULL ELSE ${s}.sxy / ${s}.sxx END`,
      intercept: `CASE WHEN ${s}.sxx = 0 THEN NULL ELSE ${s}.my - ${s}.sxy / ${s}.sxx * ${s}.mx END`,
      r2: `CASE WHEN ${s}.syy = 0 THEN NULL WHEN ${s}.sxx = 0 THEN 1.0 ELSE (${s}.sxy / sqrt(${s}.syy * ${s}.sxx)) * (${s}.sxy / sqrt(${s}.syy * ${s}.sxx)) END`,
    };
    const withSums = `(list_transform([${sums}], lambda ${s}: ${result[which]}))[1]`;
    const withMeans = `(list_transform([{'mx': ${mean('x')}, 'my': ${mean('y')}}], lambda ${m}: ${withSums}))[1]`;
    return `(list_transform([${pairs}], lambda ${l}: CASE WHEN coalesce(len(${l}), 0) = 0 THEN NULL ELSE ${withMeans} END))[1]`;
  };

const pairAvg =
  (which: 'x' | 'y'): CompileFn =>
  ([y, x], _args, resolved) =>
    cast(
      `avg(CASE WHEN ${y} IS NOT NULL AND ${x} IS NOT NULL THEN ${which === 'x' ? x : y} END)`,
      resolved.returnType,
    );

export const REGRESSION_COMPILERS = compilers({
  regr_count: ([y, x]) => `count(CASE WHEN ${y} IS NOT NULL AND ${x} IS NOT NULL THEN 1 END)`,
  regr_avgx: pairAvg('x'),
  regr_avgy: pairAvg('y'),
  regr_sxx: regression('sxx'),
  regr_syy: regression('syy'),
  regr_sxy: regression('sxy'),
  regr_slope: regression('slope'),
  regr_intercept: regression('intercept'),
  regr_r2: regression('r2'),
  // BitAggregate: the integral type is kept (DuckDB's bit_* keep it too); NULL for no non-NULL values.
  bit_and: ([x]) => `bit_and(${x})`,
  bit_or: ([x]) => `bit_or(${x})`,
  bit_xor: ([x]) => `bit_xor(${x})`,
});
