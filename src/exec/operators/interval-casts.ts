/**
 * Casts between ANSI intervals and integral or decimal numbers, and between interval types of one family
 * (Cast.scala through IntervalUtils). A number counts units of the interval's END field: CAST(3 AS INTERVAL
 * HOUR) is three hours, CAST(INTERVAL '1 02:03' DAY TO MINUTE AS INT) is 1563 minutes; Java's `/` truncates
 * toward zero, as DuckDB's integer `//` does. A cast to narrower fields truncates the value to its end field
 * (durationToMicros / periodToMonths). Overflow is CAST_OVERFLOW, named by the source value.
 */
import { isIntegral } from '../../plan/types/type-classes.js';
import { toSqlType } from '../../plan/types/type-sql.js';
import type {
  DataType,
  DayTimeIntervalType,
  DecimalType,
  YearMonthIntervalType,
} from '../../types/data-types.js';
import { compileCastToString } from './cast-to-string.js';
import type { CastEvalMode } from './compile-cast.js';
import { fitDecimal } from './decimal-arithmetic.js';
import { ANSI_CONFIG, integralRange, lit, raiseSql } from './sql-helpers.js';

type AnsiInterval = YearMonthIntervalType | DayTimeIntervalType;

/** Months or microseconds in one END-field unit, which a number counts. */
const UNIT_YM = [12n, 1n] as const;
const UNIT_DT = [86_400_000_000n, 3_600_000_000n, 60_000_000n, 1_000_000n] as const;
/** What a cast to narrower fields keeps: whole end-field units, or every microsecond for SECOND. */
const KEPT_DT = [86_400_000_000n, 3_600_000_000n, 60_000_000n, 1n] as const;
const LONG = [-9_223_372_036_854_775_808n, 9_223_372_036_854_775_807n] as const;
const INT = [-2_147_483_648n, 2_147_483_647n] as const;

const unitOf = (t: AnsiInterval) =>
  t.kind === 'yearMonthInterval' ? UNIT_YM[t.endField] : UNIT_DT[t.endField];

/** The interval's months or microseconds, as HUGEINT. */
export function intervalUnits(x: string, t: AnsiInterval): string {
  return t.kind === 'yearMonthInterval'
    ? `(datepart('year', ${x}) * 12 + datepart('month', ${x}))::HUGEINT`
    : `epoch_us(${x})::HUGEINT`;
}

function fromUnits(units: string, t: AnsiInterval): string {
  return t.kind === 'yearMonthInterval'
    ? `to_months((${units})::INTEGER)`
    : `to_microseconds((${units})::BIGINT)`;
}

/** Cast of one ANSI interval type to another of its family: truncated to the target's end field. */
export function castIntervalToInterval(x: string, to: AnsiInterval): string {
  const unit = to.kind === 'yearMonthInterval' ? UNIT_YM[to.endField] : KEPT_DT[to.endField];
  if (unit === 1n) return x;
  const units = intervalUnits(x, to);
  return fromUnits(`${units} - ${units} % ${unit}`, to);
}

/**
 * dayTimeIntervalToLong / yearMonthIntervalToInt and their narrower forms: the count of end-field units, or
 * CAST_OVERFLOW naming the interval when it does not fit (in every mode but TRY, as Spark's helpers throw).
 */
export function castIntervalToIntegral(
  x: string,
  from: AnsiInterval,
  to: DataType,
  mode: CastEvalMode,
): string {
  const range = integralRange(to)!;
  const count = `(${intervalUnits(x, from)} // ${unitOf(from)})`;
  const overflow =
    mode === 'try'
      ? 'NULL'
      : raiseSql('CAST_OVERFLOW', {
          value: { sql: compileCastToString(x, from) },
          sourceType: { text: toSqlType(from) },
          targetType: { text: toSqlType(to) },
          ansiConfig: ANSI_CONFIG,
        });
  return `(CASE WHEN NOT (${count} BETWEEN ${range.min} AND ${range.max}) THEN ${overflow} ELSE ${count}::${integralDuckType(range.bits)} END)`;
}

/**
 * intToYearMonthInterval, longToDayTimeInterval & co: the number times the end field's unit, which must fit
 * the interval's INT months or LONG microseconds; else CAST_OVERFLOW naming the number (`2147483648L`).
 */
export function castIntegralToInterval(
  x: string,
  from: DataType,
  to: AnsiInterval,
  mode: CastEvalMode,
): string {
  if (!isIntegral(from)) throw new Error('integral source expected');
  const units = `((${x})::HUGEINT * ${unitOf(to)})`;
  const [min, max] = to.kind === 'yearMonthInterval' ? INT : LONG;
  const bits = integralRange(from)!.bits;
  const suffix = bits === 64 ? 'L' : bits === 16 ? 'S' : bits === 8 ? 'Y' : '';
  const overflow =
    mode === 'try'
      ? 'NULL'
      : raiseSql('CAST_OVERFLOW', {
          value: { sql: `(${x})::VARCHAR || ${lit(suffix)}` },
          sourceType: { text: toSqlType(from) },
          targetType: { text: toSqlType(to) },
          ansiConfig: ANSI_CONFIG,
        });
  return `(CASE WHEN NOT (${units} BETWEEN ${min} AND ${max}) THEN ${overflow} ELSE ${fromUnits(units, to)} END)`;
}

function integralDuckType(bits: number): string {
  return bits === 8 ? 'TINYINT' : bits === 16 ? 'SMALLINT' : bits === 32 ? 'INTEGER' : 'BIGINT';
}

/**
 * dayTimeIntervalToDecimal / yearMonthIntervalToDecimal: whole end-field units (truncated) for every end field
 * but SECOND, whose value keeps its microseconds as a decimal(19,6); that value is then fitted to the target
 * decimal, rounding HALF_UP. Overflow is NUMERIC_VALUE_OUT_OF_RANGE in every mode but TRY: Spark's interval
 * helpers throw whatever spark.sql.ansi.enabled says.
 */
export function castIntervalToDecimal(
  x: string,
  from: AnsiInterval,
  to: DecimalType,
  mode: CastEvalMode,
): string {
  const seconds = from.kind === 'dayTimeInterval' && from.endField === 3;
  const value = seconds
    ? `(epoch_us(${x})::DECIMAL(19,0) * 0.000001::DECIMAL(7,6))::DECIMAL(19,6)`
    : `(${intervalUnits(x, from)} // ${unitOf(from)})::DECIMAL(${from.kind === 'yearMonthInterval' ? 10 : 20},0)`;
  return fitDecimal(value, to, mode !== 'try');
}

/**
 * decimalToDayTimeInterval / decimalToYearMonthInterval: the number counts end-field units; its microseconds
 * or months are rounded HALF_UP, and a day-time value is then truncated to its end field as a cast to that
 * type is (`CAST(80.654321 AS INTERVAL HOUR TO MINUTE)` is 1:20). A value past the interval's LONG
 * microseconds or INT months is CAST_OVERFLOW naming the decimal (`1e20BD`), in every mode but TRY.
 */
export function castDecimalToInterval(
  x: string,
  from: DecimalType,
  to: AnsiInterval,
  mode: CastEvalMode,
): string {
  const unit = unitOf(to);
  const [, max] = to.kind === 'yearMonthInterval' ? INT : LONG;
  // The bound keeps the product below 2^63 (2^31): the rounded product is computed only for rows inside it,
  // where DECIMAL(38) cannot overflow either.
  const bound = max / unit + 1n;
  const units = `round(${x} * ${unit}::DECIMAL(12,0))::HUGEINT`;
  const overflow =
    mode === 'try'
      ? 'NULL'
      : raiseSql('CAST_OVERFLOW', {
          value: { sql: `(${x})::VARCHAR || 'BD'` },
          sourceType: { text: toSqlType(from) },
          targetType: { text: toSqlType(to) },
          ansiConfig: ANSI_CONFIG,
        });
  const kept = to.kind === 'yearMonthInterval' ? 1n : KEPT_DT[to.endField];
  const truncated = kept === 1n ? units : `(${units} - ${units} % ${kept})`;
  return `(CASE WHEN abs(${x}) >= ${bound} THEN ${overflow} ELSE ${fromUnits(truncated, to)} END)`;
}
