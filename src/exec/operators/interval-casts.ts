/**
 * Casts between ANSI intervals and integral numbers, and between interval types of one family (Cast.scala
 * through IntervalUtils). A number counts units of the interval's END field: CAST(3 AS INTERVAL HOUR) is
 * three hours, CAST(INTERVAL '1 02:03' DAY TO MINUTE AS INT) is 1563 minutes; Java's `/` truncates toward zero,
 * as DuckDB's integer `//` does. A cast to narrower fields truncates the value to its end field
 * (durationToMicros / periodToMonths). Overflow is CAST_OVERFLOW, named by the source value.
 */
import { isIntegral } from '../../plan/types/type-classes.js';
import { toSqlType } from '../../plan/types/type-sql.js';
import type { DataType, DayTimeIntervalType, YearMonthIntervalType } from '../../types/data-types.js';
import { compileCastToString } from './cast-to-string.js';
import type { CastEvalMode } from './compile-cast.js';
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
