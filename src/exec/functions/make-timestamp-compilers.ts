/**
 * DuckDB SQL for make_date and make_timestamp & co (MakeDate, MakeTimestamp.toMicros): java.time's LocalDateTime.of over the fields,
 * seconds = 60 rolling into the next minute only with a zero fraction. A field out of range is
 * DATETIME_FIELD_OUT_OF_BOUNDS with java.time's message (INVALID_FRACTION_OF_SECOND for 60.x) under ANSI,
 * NULL otherwise and always for the try_ forms. The TIMESTAMP forms read the local date-time in the zone
 * argument, else in the session zone.
 */

import { isPrimitiveNamed } from '../../plan/functions/type-classes.js';
import { ANSI_CONFIG } from '../operators/sql-helpers.js';
import { type CompileFn, compilers, raise, str } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';
import { argZone, instantOf, sessionZone } from './zone-sql.js';

const MONTHS = [
  'JANUARY',
  'FEBRUARY',
  'MARCH',
  'APRIL',
  'MAY',
  'JUNE',
  'JULY',
  'AUGUST',
  'SEPTEMBER',
  'OCTOBER',
  'NOVEMBER',
  'DECEMBER',
];

/** java.time's message for the first field LocalDateTime.of refuses, NULL when all are valid. */
function rangeMessage(y: string, mo: string, d: string, h?: string, mi?: string, secs?: string): string {
  const field = (name: string, min: string, max: string, v: string) =>
    `WHEN ${v} < ${min.split('/')[0]} OR ${v} > ${max} THEN 'Invalid value for ${name} (valid values ${min} - ${max}): ' || ${v}`;
  const leap = `((${y} % 4 = 0 AND ${y} % 100 <> 0) OR ${y} % 400 = 0)`;
  const monthLength = `(CASE ${mo} WHEN 2 THEN CASE WHEN ${leap} THEN 29 ELSE 28 END WHEN 4 THEN 30 WHEN 6 THEN 30 WHEN 9 THEN 30 WHEN 11 THEN 30 ELSE 31 END)`;
  const monthName = `(CASE ${mo} ${MONTHS.map((m, i) => `WHEN ${i + 1} THEN '${m}'`).join(' ')} END)`;
  return [
    'CASE',
    field('Year', '-999999999', '999999999', y),
    field('MonthOfYear', '1', '12', mo),
    `WHEN ${d} < 1 OR ${d} > 31 THEN 'Invalid value for DayOfMonth (valid values 1 - 28/31): ' || ${d}`,
    `WHEN ${d} > ${monthLength} THEN CASE WHEN ${d} = 29 THEN 'Invalid date ''February 29'' as ''' || ${y} || ''' is not a leap year' ELSE 'Invalid date ''' || ${monthName} || ' ' || ${d} || '''' END`,
    ...(h === undefined || mi === undefined || secs === undefined
      ? []
      : [
          field('HourOfDay', '0', '23', h),
          field('MinuteOfHour', '0', '59', mi),
          `WHEN ${secs} <> 60 AND (${secs} < 0 OR ${secs} > 59) THEN 'Invalid value for SecondOfMinute (valid values 0 - 59): ' || ${secs}`,
        ]),
    'END',
  ].join(' ');
}

function makeTimestamp(ntzName: boolean, tryForm: boolean): CompileFn {
  return (sql, args, resolved, semantics) => {
    // make_timestamp gives TIMESTAMP_NTZ under spark.sql.timestampType=TIMESTAMP_NTZ, ignoring a zone argument.
    const ntz = ntzName || isPrimitiveNamed(resolved.returnType, 'timestamp_ntz');
    const [y, mo, d, h, mi, s] = sql as [string, string, string, string, string, string];
    // Spark takes the unscaled seconds as an Int (toUnscaledLong.toInt), wrapping past ±2147 seconds.
    const unscaled = `CAST(${s} * 1000000 AS BIGINT)`;
    const micros = `(((${unscaled} + 2147483648) % 4294967296 + 4294967296) % 4294967296 - 2147483648)`;
    const secs = `CAST(floor(${micros} / 1000000) AS BIGINT)`;
    const fraction = `(${micros} - ${secs} * 1000000)`;
    const local = `(make_timestamp(${y}, ${mo}, ${d}, ${h}, ${mi}, 0.0) + to_microseconds(${micros}))`;
    const zone = sql[6] === undefined ? sessionZone(semantics) : argZone(args[6], sql[6]);
    const value = ntz ? local : instantOf(local, zone);
    const anyNull = sql
      .slice(0, 6)
      .map((a) => `${a} IS NULL`)
      .join(' OR ');
    const badFraction = `(${secs} = 60 AND ${fraction} <> 0)`;
    const message = rangeMessage(y, mo, d, h, mi, secs);
    const duckType = ntz ? 'TIMESTAMP' : 'TIMESTAMPTZ';
    if (tryForm || !semantics.ansi)
      return `(CASE WHEN ${anyNull} OR ${badFraction} OR (${message}) IS NOT NULL THEN NULL ELSE ${value} END)`;
    const fractionError = raise('INVALID_FRACTION_OF_SECOND', {
      secAndMicros: `rtrim(CAST(${s} AS VARCHAR), '0')`,
    });
    const rangeError = raise('DATETIME_FIELD_OUT_OF_BOUNDS', {
      rangeMessage: `(${message})`,
      ansiConfig: str(ANSI_CONFIG.text),
    });
    return (
      `(CASE WHEN ${anyNull} THEN NULL WHEN ${badFraction} THEN CAST(${fractionError} AS ${duckType}) ` +
      `WHEN (${message}) IS NOT NULL THEN CAST(${rangeError} AS ${duckType}) ELSE ${value} END)`
    );
  };
}

/** MakeDate: LocalDate.of over the fields, DATETIME_FIELD_OUT_OF_BOUNDS under ANSI, NULL otherwise. */
const makeDate: CompileFn = ([y, mo, d], _args, _resolved, semantics) => {
  const anyNull = `${y} IS NULL OR ${mo} IS NULL OR ${d} IS NULL`;
  const message = rangeMessage(y as string, mo as string, d as string);
  const value = `make_date(${y}, ${mo}, ${d})`;
  if (!semantics.ansi)
    return `(CASE WHEN ${anyNull} OR (${message}) IS NOT NULL THEN NULL ELSE ${value} END)`;
  const rangeError = raise('DATETIME_FIELD_OUT_OF_BOUNDS', {
    rangeMessage: `(${message})`,
    ansiConfig: str(ANSI_CONFIG.text),
  });
  return `(CASE WHEN ${anyNull} THEN NULL WHEN (${message}) IS NOT NULL THEN CAST(${rangeError} AS DATE) ELSE ${value} END)`;
};

export const MAKE_TIMESTAMP_COMPILERS: readonly FunctionCompiler[] = compilers({
  make_date: makeDate,
  make_timestamp: makeTimestamp(false, false),
  make_timestamp_ltz: makeTimestamp(false, false),
  make_timestamp_ntz: makeTimestamp(true, false),
  try_make_timestamp: makeTimestamp(false, true),
  try_make_timestamp_ltz: makeTimestamp(false, true),
  try_make_timestamp_ntz: makeTimestamp(true, true),
});
