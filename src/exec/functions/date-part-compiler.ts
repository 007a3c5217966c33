/**
 * DuckDB SQL for `date_part(field, source)` / `extract(field FROM source)`: the analyzer has checked the
 * field (plan/functions/date-part.ts); each field compiles as the matching part function does.
 */
import { type DatePartField, datePartField } from '../../plan/functions/date-part.js';
import type { DataType } from '../../types/data-types.js';
import { type CompileFn, compilers, literalString } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';

const PART_SQL: Readonly<Record<DatePartField, (source: string) => string>> = {
  YEAR: (d) => `CAST(year(${d}) AS INTEGER)`,
  YEAROFWEEK: (d) => `CAST(isoyear(${d}) AS INTEGER)`,
  QUARTER: (d) => `CAST(quarter(${d}) AS INTEGER)`,
  MONTH: (d) => `CAST(month(${d}) AS INTEGER)`,
  WEEK: (d) => `CAST(weekofyear(${d}) AS INTEGER)`,
  DAY: (d) => `CAST(day(${d}) AS INTEGER)`,
  // Spark's DayOfWeek counts from Sunday = 1; DAYOFWEEK_ISO (WeekDay + 1) from Monday = 1.
  DAYOFWEEK: (d) => `CAST(dayofweek(${d}) + 1 AS INTEGER)`,
  DAYOFWEEK_ISO: (d) => `CAST(isodow(${d}) AS INTEGER)`,
  DOY: (d) => `CAST(dayofyear(${d}) AS INTEGER)`,
  HOUR: (t) => `CAST(hour(${t}) AS INTEGER)`,
  MINUTE: (t) => `CAST(minute(${t}) AS INTEGER)`,
  // SecondWithFraction: the seconds with their microseconds, exactly (decimal arithmetic, no double).
  SECOND: (t) => `CAST(CAST(date_part('microseconds', ${t}) AS DECIMAL(18,0)) * 0.000001 AS DECIMAL(8,6))`,
};

const MICROS_PER_MINUTE = 60_000_000;
const MICROS_PER_HOUR = 3_600_000_000;
const MICROS_PER_DAY = 86_400_000_000;

/** Spark's Decimal(micros % MICROS_PER_MINUTE, 8, 6): the seconds of a microsecond count, exactly. */
const secondsOf = (us: string) =>
  `CAST(CAST((${us}) % ${MICROS_PER_MINUTE} AS DECIMAL(18,0)) * 0.000001 AS DECIMAL(8,6))`;

/**
 * A field of an interval (Spark's ExtractANSIInterval* and ExtractInterval*), in Java's truncating integer
 * arithmetic (DuckDB's `//` and `%` truncate too). A year-month interval is its months, a day-time one its
 * microseconds; a legacy interval is months, days and microseconds (DuckDB's epoch_us counts a month as
 * 30 days, which is taken back out).
 */
function intervalPartSql(field: DatePartField, i: string, type: DataType): string {
  const months = `(datepart('year', ${i}) * 12 + datepart('month', ${i}))::BIGINT`;
  if (
    type.kind === 'yearMonthInterval' ||
    (type.kind === 'calendarInterval' && (field === 'YEAR' || field === 'MONTH'))
  ) {
    return field === 'YEAR' ? `CAST(${months} // 12 AS INTEGER)` : `CAST(${months} % 12 AS TINYINT)`;
  }
  if (type.kind === 'calendarInterval') {
    const us = `(epoch_us(${i}) - (${months} * 30 + datepart('day', ${i})) * ${MICROS_PER_DAY})`;
    switch (field) {
      case 'DAY':
        return `CAST(datepart('day', ${i}) AS INTEGER)`;
      case 'HOUR':
        return `CAST(${us} // ${MICROS_PER_HOUR} AS BIGINT)`;
      case 'MINUTE':
        return `CAST((${us} % ${MICROS_PER_HOUR}) // ${MICROS_PER_MINUTE} AS TINYINT)`;
      default:
        return secondsOf(us);
    }
  }
  const us = `epoch_us(${i})`;
  switch (field) {
    case 'DAY':
      return `CAST(${us} // ${MICROS_PER_DAY} AS INTEGER)`;
    case 'HOUR':
      return `CAST((${us} // ${MICROS_PER_HOUR}) % 24 AS TINYINT)`;
    case 'MINUTE':
      return `CAST((${us} // ${MICROS_PER_MINUTE}) % 60 AS TINYINT)`;
    default:
      return secondsOf(us);
  }
}

const INTERVAL_KINDS: ReadonlySet<string> = new Set([
  'calendarInterval',
  'yearMonthInterval',
  'dayTimeInterval',
]);

const datePart: CompileFn = ([, source], args) => {
  const spelling = literalString(args[0]);
  const field = spelling === undefined ? undefined : datePartField(spelling);
  if (field === undefined) return 'CAST(NULL AS DOUBLE)';
  const sourceType = args[1]?.type;
  if (sourceType && INTERVAL_KINDS.has(sourceType.kind))
    return intervalPartSql(field, source as string, sourceType);
  return PART_SQL[field](source as string);
};

export const DATE_PART_COMPILERS: readonly FunctionCompiler[] = compilers({ date_part: datePart });
