/**
 * DuckDB SQL for Spark's date/time functions. Spark datetime patterns (sql-ref-datetime-pattern.html) are
 * translated to strftime by datetime-pattern.ts when the pattern is a literal.
 */

import { compilers, literalString, str } from './compiler-kit.js';
import { sparkPatternToStrftime } from './datetime-pattern.js';
import type { FunctionCompiler } from './function-compiler.js';

const fmt = (p: string | undefined, fallback: string): string =>
  p === undefined ? str(fallback) : str(sparkPatternToStrftime(p));

export const DATETIME_COMPILERS: readonly FunctionCompiler[] = compilers({
  current_date: () => 'current_date',
  current_timestamp: () => 'current_timestamp',
  current_timezone: () => "current_setting('TimeZone')",
  date_format: ([t], args) => `strftime(${t}, ${fmt(literalString(args[1]), '%Y-%m-%d %H:%M:%S')})`,
  to_date: ([s, p], args) =>
    p === undefined
      ? `CAST(${s} AS DATE)`
      : `CAST(strptime(${s}, ${fmt(literalString(args[1]), '%Y-%m-%d')}) AS DATE)`,
  to_timestamp: ([s, p], args) =>
    p === undefined
      ? `CAST(${s} AS TIMESTAMPTZ)`
      : `CAST(strptime(${s}, ${fmt(literalString(args[1]), '%Y-%m-%d %H:%M:%S')}) AS TIMESTAMPTZ)`,
  to_timestamp_ntz: ([s, p], args) =>
    p === undefined
      ? `CAST(${s} AS TIMESTAMP)`
      : `strptime(${s}, ${fmt(literalString(args[1]), '%Y-%m-%d %H:%M:%S')})`,
  from_unixtime: ([n], args) =>
    `strftime(to_timestamp(${n}), ${fmt(literalString(args[1]), '%Y-%m-%d %H:%M:%S')})`,
  unix_timestamp: ([s], args) =>
    s === undefined
      ? 'CAST(epoch(current_timestamp) AS BIGINT)'
      : `CAST(epoch(strptime(${s}, ${fmt(literalString(args[1]), '%Y-%m-%d %H:%M:%S')})) AS BIGINT)`,
  date_add: ([d, n]) => `CAST(${d} + CAST(${n} AS INTEGER) AS DATE)`,
  date_sub: ([d, n]) => `CAST(${d} - CAST(${n} AS INTEGER) AS DATE)`,
  datediff: ([a, b]) => `CAST(${a} - ${b} AS INTEGER)`,
  add_months: ([d, n]) => `CAST(${d} + to_months(${n}) AS DATE)`,
  months_between: ([a, b]) => `round((datediff('month', ${b}, ${a}) + (day(${a}) - day(${b})) / 31.0), 8)`,
  last_day: ([d]) => 'last_day(' + d + ')',
  next_day: ([d, w]) =>
    `CAST(${d} + (((list_position(['SU','MO','TU','WE','TH','FR','SA'], upper(${w})[1:2]) - 1 - dayofweek(${d}) + 7 - 1) % 7) + 1) AS DATE)`,
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
  make_date: ([y, m, d]) => `make_date(${y}, ${m}, ${d})`,
  unix_date: ([d]) => `CAST(${d} - DATE '1970-01-01' AS INTEGER)`,
  date_from_unix_date: ([n]) => `CAST(DATE '1970-01-01' + ${n} AS DATE)`,
  unix_seconds: ([t]) => `CAST(floor(epoch_us(${t}) / 1000000) AS BIGINT)`,
  unix_millis: ([t]) => `CAST(floor(epoch_us(${t}) / 1000) AS BIGINT)`,
  unix_micros: ([t]) => `epoch_us(${t})`,
  timestamp_seconds: ([n]) => `to_timestamp(${n})`,
});
