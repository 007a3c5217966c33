/**
 * Formats instants with a Spark datetime pattern in a time zone, as Spark's Iso8601TimestampFormatter does
 * (`formatter.withZone(zoneId).format(instant)`, DateTimeFormatter with Locale.US and IsoChronology): the
 * engine behind date_format, to_char/to_varchar on datetimes and from_unixtime.
 */

import {
  dayOfWeek,
  dayOfYear,
  floorDiv,
  type LocalDate,
  localDateOf,
  SECONDS_PER_DAY,
  splitMicros,
} from '../../types/proleptic-calendar.js';
import { compileDatetimePattern } from './datetime-pattern-compiler.js';
import type { DatetimeField, OffsetPattern, PatternElement, SignStyle } from './datetime-pattern-elements.js';
import { fieldText } from './datetime-text.js';
import { offsetAt, type ZoneRules, zoneRulesOf, zoneText } from './zone-rules.js';

/** A ZonedDateTime: the instant, its offset in the zone and the local fields. */
export interface ZonedDateTime {
  readonly epochSeconds: number;
  readonly zone: ZoneRules;
  readonly offsetSeconds: number;
  readonly epochDay: number;
  readonly date: LocalDate;
  readonly secondOfDay: number;
  readonly nanoOfSecond: number;
}

export function zonedDateTime(micros: bigint, zone: ZoneRules): ZonedDateTime {
  const { seconds, microOfSecond } = splitMicros(micros);
  const offsetSeconds = offsetAt(zone, seconds);
  const local = seconds + offsetSeconds;
  const epochDay = floorDiv(local, SECONDS_PER_DAY);
  return {
    epochSeconds: seconds,
    zone,
    offsetSeconds,
    epochDay,
    date: localDateOf(epochDay),
    secondOfDay: local - epochDay * SECONDS_PER_DAY,
    nanoOfSecond: microOfSecond * 1000,
  };
}

export function fieldValue(t: ZonedDateTime, field: DatetimeField): number {
  const hour = Math.floor(t.secondOfDay / 3600);
  const { year, month, day } = t.date;
  switch (field) {
    case 'era':
      return year >= 1 ? 1 : 0;
    case 'yearOfEra':
      return year >= 1 ? year : 1 - year;
    case 'year':
      return year;
    case 'quarterOfYear':
      return Math.floor((month - 1) / 3) + 1;
    case 'monthOfYear':
      return month;
    case 'dayOfYear':
      return dayOfYear(t.date);
    case 'dayOfMonth':
      return day;
    case 'alignedDayOfWeekInMonth':
      return ((day - 1) % 7) + 1;
    case 'dayOfWeek':
      return dayOfWeek(t.epochDay);
    case 'amPmOfDay':
      return hour < 12 ? 0 : 1;
    case 'hourOfDay':
      return hour;
    case 'clockHourOfDay':
      return hour === 0 ? 24 : hour;
    case 'hourOfAmPm':
      return hour % 12;
    case 'clockHourOfAmPm':
      return hour % 12 === 0 ? 12 : hour % 12;
    case 'minuteOfHour':
      return Math.floor(t.secondOfDay / 60) % 60;
    case 'secondOfMinute':
      return t.secondOfDay % 60;
    case 'modifiedJulianDay':
      return t.epochDay + 40_587;
  }
}

/** A value java.time cannot print (DateTimeException); Spark lets it fail the query. */
export class DatetimePrintError extends Error {}

/** NumberPrinterParser#format. */
function formatNumber(
  value: number,
  field: DatetimeField,
  minWidth: number,
  maxWidth: number,
  sign: SignStyle,
): string {
  const digits = String(Math.abs(value));
  if (digits.length > maxWidth)
    throw new DatetimePrintError(
      `Field ${field} cannot be printed as the value ${value} exceeds the maximum print width of ${maxWidth}`,
    );
  let prefix = '';
  if (value < 0) {
    if (sign === 'notNegative')
      throw new DatetimePrintError(
        `Field ${field} cannot be printed as the value ${value} cannot be negative`,
      );
    prefix = '-';
  } else if (sign === 'exceedsPad' && minWidth < 19 && digits.length > minWidth) {
    prefix = '+';
  }
  return prefix + digits.padStart(minWidth, '0');
}

/** FractionPrinterParser#format without a decimal point: the nano fraction, trailing zeros trimmed to minWidth. */
function formatFraction(nano: number, minWidth: number, maxWidth: number): string {
  const nine = String(nano).padStart(9, '0');
  const significant = nine.replace(/0+$/, '').length;
  const width = Math.min(Math.max(significant, minWidth), maxWidth);
  return nine.slice(0, width);
}

const two = (n: number): string => String(n).padStart(2, '0');

/** OffsetIdPrinterParser#format. */
export function formatOffset(total: number, pattern: OffsetPattern, noOffsetText: string): string {
  if (total === 0) return noOffsetText;
  const abs = Math.abs(total);
  const hours = Math.floor(abs / 3600);
  const minutes = Math.floor(abs / 60) % 60;
  const seconds = abs % 60;
  const colon = pattern.colons ? ':' : '';
  let out = (total < 0 ? '-' : '+') + two(hours);
  if (pattern.minutes === 'required' || (pattern.minutes === 'optional' && minutes > 0)) {
    out += colon + two(minutes);
    if (pattern.seconds === 'required' || (pattern.seconds === 'optional' && seconds > 0))
      out += colon + two(seconds);
  }
  return out;
}

/** LocalizedOffsetIdPrinterParser#format: `GMT`, `GMT-8`, `GMT-07:52:58`, `GMT+08:00`. */
export function formatLocalizedOffset(total: number, style: 'short' | 'full'): string {
  if (total === 0) return 'GMT';
  const abs = Math.abs(total);
  const hours = Math.floor(abs / 3600);
  const minutes = Math.floor(abs / 60) % 60;
  const seconds = abs % 60;
  let out = `GMT${total < 0 ? '-' : '+'}`;
  if (style === 'full') {
    out += `${two(hours)}:${two(minutes)}`;
    if (seconds !== 0) out += `:${two(seconds)}`;
  } else {
    out += String(hours);
    if (minutes !== 0 || seconds !== 0) {
      out += `:${two(minutes)}`;
      if (seconds !== 0) out += `:${two(seconds)}`;
    }
  }
  return out;
}

function formatElement(e: PatternElement, t: ZonedDateTime): string {
  switch (e.kind) {
    case 'literal':
      return e.text;
    case 'number':
      return formatNumber(fieldValue(t, e.field), e.field, e.minWidth, e.maxWidth, e.sign);
    case 'reducedYear':
      return two(Math.abs(fieldValue(t, e.field)) % 100);
    case 'text': {
      const value = fieldValue(t, e.field);
      return fieldText(e.field, e.style, value) ?? String(value);
    }
    case 'fraction':
      return formatFraction(t.nanoOfSecond, e.minWidth, e.maxWidth);
    case 'offset':
      return formatOffset(t.offsetSeconds, e.pattern, e.noOffsetText);
    case 'localizedOffset':
      return formatLocalizedOffset(t.offsetSeconds, e.style);
    case 'zoneId':
      return t.zone.id;
    case 'zoneText':
      return zoneText(t.zone, t.epochSeconds, e.style);
    case 'optional':
      // A ZonedDateTime supports every field, so optional sections always print (the doc's note).
      return formatElements(e.elements, t);
  }
}

function formatElements(elements: readonly PatternElement[], t: ZonedDateTime): string {
  let out = '';
  for (const e of elements) out += formatElement(e, t);
  return out;
}

/** date_format(timestamp, pattern) in the session time zone; throws Spark's error for an invalid pattern. */
export function formatTimestamp(micros: bigint, pattern: string, timeZone: string): string {
  const elements = compileDatetimePattern(pattern, { parsing: false });
  return formatElements(elements, zonedDateTime(micros, zoneRulesOf(timeZone)));
}
