/**
 * try_sum and try_avg: sum and avg that are NULL instead of failing on overflow (Spark's EvalMode.TRY).
 *
 * - An integral sum is added in DuckDB's HUGEINT and is NULL outside BIGINT.
 * - A decimal(p, s) sum is added as DECIMAL(38, s) and is NULL past decimal(min(p + 10, 38), s), Spark's sum
 *   type; try_avg divides that exact sum by the count (as DOUBLE, as lakesql's avg does) into
 *   decimal(p + 4, s + 4).
 * - An ANSI interval is summed as months (INT range) or microseconds (BIGINT range); try_avg of an interval
 *   rounds half away from zero, as Spark's interval division (HALF_UP) does.
 * - DOUBLE and FLOAT sums do not overflow (they reach ±Infinity, as in Spark).
 */
import type { DataType } from '../../types/data-types.js';
import { type CompileFn, cast, compilers, duckType } from './compiler-kit.js';
import type { CompiledArg } from './function-compiler.js';

let counter = 0;
const fresh = () => {
  counter = (counter + 1) % 1_000_000;
  return `__t${counter}`;
};

/** `body(v)` with v the value of `sql` (evaluated once). */
const bindValue = (sql: string, body: (v: string) => string) => {
  const v = fresh();
  return `(list_transform([${sql}], lambda ${v}: ${body(v)}))[1]`;
};

const LONG_MIN = '-9223372036854775808';
const LONG_MAX = '9223372036854775807';

/** The largest decimal(precision, scale) value, as a DECIMAL(38, scale) constant. */
export function decimalMax(precision: number, scale: number): string {
  const int = '9'.repeat(precision - scale) || '0';
  return `CAST('${int}${scale > 0 ? `.${'9'.repeat(scale)}` : ''}' AS DECIMAL(38, ${scale}))`;
}

/**
 * Values of more than 28 digits can add up past DuckDB's 128-bit decimal (±1.7·10³⁸), where DuckDB fails:
 * their unscaled digits are added as BIGNUM (arbitrary precision), checked against decimal(38, s), and read
 * back from the digits.
 */
const WIDE_SUM_FROM = 28;

function wideDecimalSum(x: string, scale: number, precision: number): string {
  const unscaled = scale > 0 ? `replace(CAST(${x} AS VARCHAR), '.', '')` : `CAST(${x} AS VARCHAR)`;
  return bindValue(`sum(CAST(${unscaled} AS BIGNUM))`, (v) => {
    const text = `CAST(${v} AS VARCHAR)`;
    // lpad also cuts a longer string: pad only the short ones.
    const bare = `ltrim(${text}, '-')`;
    const digits = `(CASE WHEN length(${bare}) > ${scale} THEN ${bare} ELSE lpad(${bare}, ${scale + 1}, '0') END)`;
    const sign = `CASE WHEN starts_with(${text}, '-') THEN '-' ELSE '' END`;
    const decimalText =
      scale > 0
        ? `${sign} || left(${digits}, length(${digits}) - ${scale}) || '.' || right(${digits}, ${scale})`
        : text;
    // |sum| fits decimal(precision, s) when its unscaled digits number at most `precision`. Counted on the
    // text: DuckDB's comparison of a negative BIGNUM with a negated constant is not reliable (measured: the
    // same `-4 < -99…9` gave true in about half of 300 runs).
    return `CASE WHEN length(${bare}) > ${precision} THEN NULL ELSE CAST(${decimalText} AS DECIMAL(${precision}, ${scale})) END`;
  });
}

/**
 * The group's sum in the input's terms and a check that it fits `resultType`, or NULL (try_sum, and sum in
 * legacy mode, where Spark's decimal sum is NULL on overflow).
 */
export function checkedSum(x: CompiledArg, resultType: DataType): string {
  const t = x.type;
  if (t.kind === 'decimal' && resultType.kind === 'decimal' && t.precision > WIDE_SUM_FROM)
    return wideDecimalSum(x.sql, t.scale, resultType.precision);
  if (t.kind === 'decimal' && resultType.kind === 'decimal')
    return bindValue(
      `sum(CAST(${x.sql} AS DECIMAL(38, ${t.scale})))`,
      (v) =>
        `CASE WHEN abs(${v}) > ${decimalMax(resultType.precision, resultType.scale)} THEN NULL ELSE ${cast(v, resultType)} END`,
    );
  if (t.kind === 'yearMonthInterval')
    return bindValue(
      `sum(CAST(datepart('year', ${x.sql}) AS BIGINT) * 12 + datepart('month', ${x.sql}))`,
      (v) => `CASE WHEN ${v} BETWEEN -2147483648 AND 2147483647 THEN to_months(CAST(${v} AS INTEGER)) END`,
    );
  if (t.kind === 'dayTimeInterval')
    return bindValue(
      `sum(CAST(epoch_us(${x.sql}) AS HUGEINT))`,
      (v) =>
        `CASE WHEN ${v} BETWEEN ${LONG_MIN} AND ${LONG_MAX} THEN to_microseconds(CAST(${v} AS BIGINT)) END`,
    );
  if (t.kind === 'primitive' && (t.name === 'double' || t.name === 'float'))
    return `sum(CAST(${x.sql} AS DOUBLE))`;
  return bindValue(
    `sum(${x.sql})`,
    (v) => `CASE WHEN ${v} BETWEEN ${LONG_MIN} AND ${LONG_MAX} THEN CAST(${v} AS BIGINT) END`,
  );
}

const trySum: CompileFn = (_sql, [x], resolved) => checkedSum(x as CompiledArg, resolved.returnType);

/** Integer division rounding half away from zero (Guava's HALF_UP). */
const halfUp = (s: string, n: string) =>
  `(CASE WHEN ${s} < 0 THEN -1 ELSE 1 END) * ((abs(${s}) * 2 + ${n}) // (2 * ${n}))`;

const tryAvg: CompileFn = (_sql, [arg], resolved) => {
  const x = arg as CompiledArg;
  const t = x.type;
  const n = `count(${x.sql})`;
  if (t.kind === 'decimal' && resolved.returnType.kind === 'decimal') {
    const sumType = { kind: 'decimal', precision: Math.min(t.precision + 10, 38), scale: t.scale } as const;
    return bindValue(
      `{'s': ${checkedSum(x, sumType)}, 'n': ${n}}`,
      // TRY_CAST: an average past decimal(p + 4, s + 4) is NULL too (DecimalDivideWithOverflowCheck in
      // TRY mode), where CAST failed in DuckDB.
      (v) =>
        `CASE WHEN ${v}.n = 0 THEN NULL ELSE TRY_CAST(CAST(${v}.s AS DOUBLE) / ${v}.n AS ${duckType(resolved.returnType)}) END`,
    );
  }
  if (t.kind === 'yearMonthInterval')
    return bindValue(
      `{'s': sum(CAST(datepart('year', ${x.sql}) AS BIGINT) * 12 + datepart('month', ${x.sql})), 'n': ${n}}`,
      (v) =>
        `CASE WHEN ${v}.n = 0 OR ${v}.s NOT BETWEEN -2147483648 AND 2147483647 THEN NULL ELSE to_months(CAST(${halfUp(`CAST(${v}.s AS HUGEINT)`, `${v}.n`)} AS INTEGER)) END`,
    );
  if (t.kind === 'dayTimeInterval')
    return bindValue(
      `{'s': sum(CAST(epoch_us(${x.sql}) AS HUGEINT)), 'n': ${n}}`,
      (v) =>
        `CASE WHEN ${v}.n = 0 OR ${v}.s NOT BETWEEN ${LONG_MIN} AND ${LONG_MAX} THEN NULL ELSE to_microseconds(CAST(${halfUp(`${v}.s`, `${v}.n`)} AS BIGINT)) END`,
    );
  return `avg(CAST(${x.sql} AS DOUBLE))`;
};

export const TRY_AGGREGATE_COMPILERS = compilers({ try_sum: trySum, try_avg: tryAvg });
