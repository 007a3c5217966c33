/**
 * DuckDB SQL for Spark's date/time functions. Spark datetime patterns (sql-ref-datetime-pattern.html) are
 * formatted and parsed by TypeScript UDFs with java.time's semantics (datetime-pattern.ts builds the calls),
 * whatever the pattern and whether or not it is a literal.
 */

import { LakesqlError } from '../../errors/index.js';
import { type DataType, StringType } from '../../types/data-types.js';
import { compileCast } from '../operators/compile-cast.js';
import { dateAddDaysSql } from '../operators/date-days.js';
import { dateAddMonthsSql } from '../operators/date-months.js';
import { type CompileFn, compilers, literalString, raise, str } from './compiler-kit.js';
import { DEFAULT_TIMESTAMP_PATTERN, formatSql, type ParseTarget, parseSql } from './datetime-pattern.js';
import type { CompiledArg, FunctionCompiler } from './function-compiler.js';

const named = (t: DataType | undefined, name: string): boolean => t?.kind === 'primitive' && t.name === name;

/**
 * ParseToTimestamp / ParseToDate / GetTimestamp: a date or timestamp argument is converted (`fromDatetime`),
 * a string without pattern is Spark's CAST to the result type (its string forms, and CAST_INVALID_INPUT under
 * ANSI), a string with one is parsed by the UDF.
 */
function parseCompiler(
  target: ParseTarget,
  tryFunction: string,
  fromDatetime: (s: string, arg: CompiledArg) => string,
  alwaysNullOnError = false,
): CompileFn {
  return ([s, p], args, resolved, semantics) => {
    const arg = args[0] as CompiledArg;
    if (['date', 'timestamp', 'timestamp_ntz'].some((n) => named(arg.type, n)))
      return fromDatetime(s as string, arg);
    if (p === undefined) {
      const mode = alwaysNullOnError ? 'try' : semantics.ansi ? 'ansi' : 'legacy';
      return compileCast(s as string, StringType, resolved.returnType, mode, semantics);
    }
    return parseSql(s as string, p, target, semantics, semantics.ansi && !alwaysNullOnError, tryFunction);
  };
}

const toTimestampLtz = (alwaysNullOnError: boolean): CompileFn =>
  parseCompiler(
    'timestamp',
    'try_to_timestamp',
    (s, a) => (named(a.type, 'timestamp') ? s : `CAST(${s} AS TIMESTAMPTZ)`),
    alwaysNullOnError,
  );

const toTimestampNtz = (alwaysNullOnError: boolean): CompileFn =>
  parseCompiler(
    'timestamp_ntz',
    'try_to_timestamp',
    (s, a) => (named(a.type, 'timestamp_ntz') ? s : `CAST(${s} AS TIMESTAMP)`),
    alwaysNullOnError,
  );

/** to_timestamp gives the type its signature chose: spark.sql.timestampType (datetime-functions.ts). */
const toTimestamp = (alwaysNullOnError: boolean): CompileFn => {
  const ltz = toTimestampLtz(alwaysNullOnError);
  const ntz = toTimestampNtz(alwaysNullOnError);
  return (sql, args, resolved, semantics) =>
    (named(resolved.returnType, 'timestamp_ntz') ? ntz : ltz)(sql, args, resolved, semantics);
};

/** unix_timestamp / to_unix_timestamp (ToUnixTimestamp): seconds, floored. */
const toUnixTimestamp: CompileFn = ([s, p], args, _resolved, semantics) => {
  if (s === undefined) return 'CAST(floor(epoch_us(current_timestamp) / 1000000) AS BIGINT)';
  const arg = args[0] as CompiledArg;
  if (named(arg.type, 'date')) return `CAST(floor(epoch_us(CAST(${s} AS TIMESTAMPTZ)) / 1000000) AS BIGINT)`;
  if (named(arg.type, 'timestamp') || named(arg.type, 'timestamp_ntz'))
    return `CAST(floor(epoch_us(${s}) / 1000000) AS BIGINT)`;
  return parseSql(
    s,
    p ?? str(DEFAULT_TIMESTAMP_PATTERN),
    'unix_seconds',
    semantics,
    semantics.ansi,
    'try_to_timestamp',
  );
};

export const DATETIME_COMPILERS: readonly FunctionCompiler[] = compilers({
  current_date: () => 'current_date',
  current_timestamp: () => 'current_timestamp',
  // The session's zone as Spark's conf holds it (`+08:00`), not the Etc/ zone DuckDB is given for it.
  current_timezone: (_a, _args, _resolved, semantics) => str(semantics.timeZone),
  date_format: ([t, p], _args, _resolved, semantics) => formatSql(`epoch_us(${t})`, p as string, semantics),
  from_unixtime: ([n, p], _args, _resolved, semantics) =>
    formatSql(`(CAST(${n} AS BIGINT) * 1000000)`, p ?? str(DEFAULT_TIMESTAMP_PATTERN), semantics),
  to_date: parseCompiler('date', 'try_to_date', (s) => `CAST(${s} AS DATE)`),
  try_to_date: parseCompiler('date', 'try_to_date', (s) => `CAST(${s} AS DATE)`, true),
  to_timestamp: toTimestamp(false),
  to_timestamp_ltz: toTimestampLtz(false),
  try_to_timestamp: toTimestamp(true),
  to_timestamp_ntz: toTimestampNtz(false),
  unix_timestamp: toUnixTimestamp,
  to_unix_timestamp: toUnixTimestamp,
  date_add: ([d, n]) => dateAddDaysSql(`CAST(${d} AS DATE)`, n as string, '+'),
  date_sub: ([d, n]) => dateAddDaysSql(`CAST(${d} AS DATE)`, n as string, '-'),
  datediff: ([a, b]) => `CAST(${a} - ${b} AS INTEGER)`,
  // Spark's DateTimeUtils.timestampDiff: java.time's ChronoUnit.between of the two local date-times in the
  // session zone. Date units count whole days/months from the start date, to an end date moved back (or
  // forward) a day when its time of day has not reached the start's; time units truncate the exact difference.
  timestampdiff: ([, a, b], args) => {
    const unit = literalString(args[0])?.toUpperCase();
    const start = `CAST(${a} AS TIMESTAMP)`;
    const end = `CAST(${b} AS TIMESTAMP)`;
    const towardZero = (n: string, d: number) =>
      `(CASE WHEN ${n} >= 0 THEN ${n} // ${d} ELSE -((-(${n})) // ${d}) END)`;
    const micros = TIME_UNIT_MICROS[unit ?? ''];
    if (micros !== undefined) return towardZero(`(epoch_us(${end}) - epoch_us(${start}))`, micros);
    const sd = `CAST(${start} AS DATE)`;
    const raw = `CAST(${end} AS DATE)`;
    const ed =
      `(CASE WHEN ${raw} > ${sd} AND CAST(${end} AS TIME) < CAST(${start} AS TIME) THEN ${raw} - 1 ` +
      `WHEN ${raw} < ${sd} AND CAST(${end} AS TIME) > CAST(${start} AS TIME) THEN ${raw} + 1 ELSE ${raw} END)`;
    const days = `CAST(${ed} - ${sd} AS BIGINT)`;
    const packed = (d: string) => `((year(${d}) * 12 + month(${d})) * 32 + day(${d}))`;
    const months = towardZero(`CAST(${packed(ed)} - ${packed(sd)} AS BIGINT)`, 32);
    switch (unit) {
      case 'DAY':
        return days;
      case 'WEEK':
        return towardZero(days, 7);
      case 'MONTH':
        return months;
      case 'QUARTER':
        return towardZero(months, 3);
      case 'YEAR':
        return towardZero(months, 12);
      default:
        throw new LakesqlError('UNSUPPORTED_FEATURE', {
          feature: `timestampdiff with the unit ${String(unit ?? 'given as an expression')}`,
        });
    }
  },
  add_months: ([d, n]) => dateAddMonthsSql(`CAST(${d} AS DATE)`, n as string),
  months_between: ([a, b]) => `round((datediff('month', ${b}, ${a}) + (day(${a}) - day(${b})) / 31.0), 8)`,
  last_day: ([d]) => 'last_day(' + d + ')',
  next_day: ([d, w], _args, _resolved, semantics) => {
    // DateTimeUtils.getDayOfWeekFromString: 2- and 3-letter abbreviations or the full name, any case.
    const names = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];
    const dow = `(CASE upper(${w}) ${names
      .map(
        (n, i) => `WHEN '${n.slice(0, 2)}' THEN ${i} WHEN '${n.slice(0, 3)}' THEN ${i} WHEN '${n}' THEN ${i}`,
      )
      .join(' ')} END)`;
    const next = `CAST(${d} + CAST((${dow} - dayofweek(${d}) + 6) % 7 + 1 AS INTEGER) AS DATE)`;
    const illegal = semantics.ansi
      ? `CAST(${raise('ILLEGAL_DAY_OF_WEEK', { string: w as string })} AS DATE)`
      : 'NULL';
    return `(CASE WHEN ${d} IS NULL OR ${w} IS NULL THEN NULL WHEN ${dow} IS NULL THEN ${illegal} ELSE ${next} END)`;
  },
  trunc: ([d, u]) =>
    `CAST(date_trunc(CASE lower(${u}) WHEN 'yy' THEN 'year' WHEN 'yyyy' THEN 'year' WHEN 'mm' THEN 'month' WHEN 'mon' THEN 'month' ELSE lower(${u}) END, ${d}) AS DATE)`,
  date_trunc: ([u, t]) => `date_trunc(lower(${u}), ${t})`,
  year: ([d]) => `CAST(year(${d}) AS INTEGER)`,
  quarter: ([d]) => `CAST(quarter(${d}) AS INTEGER)`,
  month: ([d]) => `CAST(month(${d}) AS INTEGER)`,
  day: ([d]) => `CAST(day(${d}) AS INTEGER)`,
  dayofweek: ([d]) => `CAST(dayofweek(${d}) + 1 AS INTEGER)`,
  weekday: ([d]) => `CAST((dayofweek(${d}) + 6) % 7 AS INTEGER)`,
  dayofyear: ([d]) => `CAST(dayofyear(${d}) AS INTEGER)`,
  weekofyear: ([d]) => `CAST(weekofyear(${d}) AS INTEGER)`,
  hour: ([t]) => `CAST(hour(${t}) AS INTEGER)`,
  minute: ([t]) => `CAST(minute(${t}) AS INTEGER)`,
  second: ([t]) => `CAST(second(${t}) AS INTEGER)`,
  unix_date: ([d]) => `CAST(${d} - DATE '1970-01-01' AS INTEGER)`,
  date_from_unix_date: ([n]) => `CAST(DATE '1970-01-01' + ${n} AS DATE)`,
  unix_seconds: ([t]) => `CAST(floor(epoch_us(${t}) / 1000000) AS BIGINT)`,
  unix_millis: ([t]) => `CAST(floor(epoch_us(${t}) / 1000) AS BIGINT)`,
  unix_micros: ([t]) => `epoch_us(${t})`,
  timestamp_seconds: ([n]) => `to_timestamp(${n})`,
});

const TIME_UNIT_MICROS: Readonly<Record<string, number>> = {
  MICROSECOND: 1,
  MILLISECOND: 1000,
  SECOND: 1_000_000,
  MINUTE: 60_000_000,
  HOUR: 3_600_000_000,
};
