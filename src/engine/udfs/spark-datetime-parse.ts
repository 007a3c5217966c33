/**
 * Parses strings with a Spark datetime pattern, as Spark's Iso8601TimestampFormatter#parse does: java.time's
 * strict parse, then Spark's defaults for missing fields (DateTimeFormatterHelper.toLocalDate/toLocalTime:
 * year 1970, month and day 1, time 00:00), then the zone the text names or else the session zone. The engine
 * behind to_timestamp, to_date, unix_timestamp and their try_ forms.
 */

import {
  epochDayOf,
  floorDiv,
  isLeapYear,
  lengthOfMonth,
  localDateOf,
  SECONDS_PER_DAY,
} from '../../types/proleptic-calendar.js';
import { type ParsedFields, parseElements } from './datetime-field-parser.js';
import { compileDatetimePattern } from './datetime-pattern-compiler.js';
import type { DatetimeField } from './datetime-pattern-elements.js';
import { instantOfLocal, offsetAt, type ZoneRules, zoneRulesOf } from './zone-rules.js';

/** What the parsed text becomes: an instant (micros), a local date-time (micros), a date (days) or seconds. */
export type ParseTarget = 'timestamp' | 'timestamp_ntz' | 'date' | 'unix_seconds';

export type ParseResult =
  | { readonly kind: 'parsed'; readonly value: bigint }
  /** Java's DateTimeParseException / DateTimeException message. */
  | { readonly kind: 'failed'; readonly message: string };

const RANGES: Partial<Record<DatetimeField, readonly [number, number, string]>> = {
  era: [0, 1, 'Era'],
  yearOfEra: [1, 999_999_999, 'YearOfEra'],
  year: [-999_999_999, 999_999_999, 'Year'],
  monthOfYear: [1, 12, 'MonthOfYear'],
  dayOfMonth: [1, 31, 'DayOfMonth'],
  dayOfYear: [1, 366, 'DayOfYear'],
  amPmOfDay: [0, 1, 'AmPmOfDay'],
  hourOfDay: [0, 23, 'HourOfDay'],
  clockHourOfDay: [1, 24, 'ClockHourOfDay'],
  hourOfAmPm: [0, 11, 'HourOfAmPm'],
  clockHourOfAmPm: [1, 12, 'ClockHourOfAmPm'],
  minuteOfHour: [0, 59, 'MinuteOfHour'],
  secondOfMinute: [0, 59, 'SecondOfMinute'],
};

const MONTH_NAMES = [
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

class ResolveError extends Error {}

/** LocalDate.of's checks. */
function checkedEpochDay(year: number, month: number, day: number): number {
  if (day > lengthOfMonth(year, month)) {
    if (month === 2 && day === 29)
      throw new ResolveError(`Invalid date 'February 29' as '${year}' is not a leap year`);
    throw new ResolveError(`Invalid date '${MONTH_NAMES[month - 1]} ${day}'`);
  }
  return epochDayOf(year, month, day);
}

/** java.time's strict resolution plus Spark's toLocalDate defaults: the epoch day. */
function resolveDate(v: Map<DatetimeField, number>): number {
  let year = v.get('year');
  const yoe = v.get('yearOfEra');
  const era = v.get('era');
  if (yoe !== undefined && era !== undefined) {
    const y = era === 1 ? yoe : 1 - yoe;
    if (year !== undefined && year !== y)
      throw new ResolveError(`Conflict found: Year ${year} differs from Year ${y}`);
    year = y;
  }
  year ??= 1970;
  const doy = v.get('dayOfYear');
  const month = v.get('monthOfYear');
  const day = v.get('dayOfMonth');
  if (doy !== undefined) {
    if (doy === 366 && !isLeapYear(year))
      throw new ResolveError(`Invalid date 'DayOfYear 366' as '${year}' is not a leap year`);
    const epochDay = epochDayOf(year, 1, 1) + doy - 1;
    const date = localDateOf(epochDay);
    if ((month !== undefined && month !== date.month) || (day !== undefined && day !== date.day))
      throw new ResolveError('Conflict found: day-of-year and month/day-of-month differ');
    return epochDay;
  }
  return checkedEpochDay(year, month ?? 1, day ?? 1);
}

/** java.time's hour resolution (clock hours, am/pm) plus Spark's toLocalTime defaults: the second of day. */
function resolveTime(v: Map<DatetimeField, number>): number {
  const clockHour = v.get('clockHourOfDay');
  let hourOfDay = v.get('hourOfDay');
  if (clockHour !== undefined) {
    const h = clockHour === 24 ? 0 : clockHour;
    if (hourOfDay !== undefined && hourOfDay !== h) throw new ResolveError('Conflict found: HourOfDay');
    hourOfDay = h;
  }
  const clockAmPm = v.get('clockHourOfAmPm');
  let hourOfAmPm = v.get('hourOfAmPm');
  if (clockAmPm !== undefined) hourOfAmPm = clockAmPm === 12 ? 0 : clockAmPm;
  const amPm = v.get('amPmOfDay');
  if (amPm !== undefined && hourOfAmPm !== undefined) {
    const h = amPm * 12 + hourOfAmPm;
    if (hourOfDay !== undefined && hourOfDay !== h) throw new ResolveError('Conflict found: HourOfDay');
    hourOfDay = h;
  } else if (amPm !== undefined && hourOfDay !== undefined && Math.floor(hourOfDay / 12) !== amPm) {
    throw new ResolveError(
      `Conflict found: Field AmPmOfDay ${Math.floor(hourOfDay / 12)} differs from AmPmOfDay ${amPm}`,
    );
  }
  // Spark: an hour-of-am-pm without am/pm is taken as AM; a lone PM means 12:00.
  const hour = hourOfDay ?? hourOfAmPm ?? (amPm === 1 ? 12 : 0);
  return hour * 3600 + (v.get('minuteOfHour') ?? 0) * 60 + (v.get('secondOfMinute') ?? 0);
}

function resolve(fields: ParsedFields, target: ParseTarget, sessionZone: ZoneRules): bigint {
  for (const [field, value] of fields.values) {
    const range = RANGES[field];
    if (range && (value < range[0] || value > range[1]))
      throw new ResolveError(
        `Invalid value for ${range[2]} (valid values ${range[0]} - ${range[1]}): ${value}`,
      );
  }
  const epochDay = resolveDate(fields.values);
  const localSeconds = epochDay * SECONDS_PER_DAY + resolveTime(fields.values);
  const micros = BigInt(Math.floor((fields.nanoOfSecond ?? 0) / 1000));
  const parsedZone: ZoneRules | undefined =
    fields.zone ??
    (fields.offsetSeconds === undefined
      ? undefined
      : { kind: 'fixed', id: 'offset', offsetSeconds: fields.offsetSeconds });
  if (target === 'timestamp_ntz') {
    // TIMESTAMP_NTZ parsing refuses zones (TimestampFormatter#parseWithoutTimeZone, allowTimeZone = false).
    if (parsedZone) throw new ResolveError('the pattern names a time zone, which TIMESTAMP_NTZ cannot hold');
    return BigInt(localSeconds) * 1_000_000n + micros;
  }
  const epochSeconds = instantOfLocal(parsedZone ?? sessionZone, localSeconds);
  switch (target) {
    case 'timestamp':
      return BigInt(epochSeconds) * 1_000_000n + micros;
    case 'unix_seconds':
      return BigInt(epochSeconds);
    case 'date':
      // to_date is CAST(to_timestamp(…) AS DATE): the instant's date in the session zone.
      return BigInt(floorDiv(epochSeconds + offsetAt(sessionZone, epochSeconds), SECONDS_PER_DAY));
  }
}

/**
 * Parses `text` with a Spark pattern. An invalid pattern throws Spark's error (it fails even try_to_timestamp);
 * text that does not match gives `failed` with java.time's message.
 */
export function parseDatetime(
  text: string,
  pattern: string,
  timeZone: string,
  target: ParseTarget,
): ParseResult {
  const elements = compileDatetimePattern(pattern, {
    parsing: true,
    checkLegacy: target !== 'timestamp_ntz',
  });
  const fields: ParsedFields = { values: new Map() };
  const end = parseElements(elements, text, 0, fields);
  if (end < 0) return { kind: 'failed', message: `Text '${text}' could not be parsed at index ${~end}` };
  if (end < text.length)
    return {
      kind: 'failed',
      message: `Text '${text}' could not be parsed, unparsed text found at index ${end}`,
    };
  try {
    return { kind: 'parsed', value: resolve(fields, target, zoneRulesOf(timeZone)) };
  } catch (e) {
    if (e instanceof ResolveError)
      return { kind: 'failed', message: `Text '${text}' could not be parsed: ${e.message}` };
    throw e;
  }
}
