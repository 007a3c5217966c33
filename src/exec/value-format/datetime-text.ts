/**
 * Spark's text forms of dates and timestamps (HiveResult's DateFormatter and the fraction
 * TimestampFormatter): `yyyy-MM-dd` and `yyyy-MM-dd HH:mm:ss[.fraction]`, where the fraction is printed only
 * when non-zero and without trailing zeros (`2016-11-15 20:54:00.1`). The calendar is the proleptic
 * Gregorian one of java.time, as Spark 3+ uses. Years past 9999 carry a `+` and negative years a `-`, the way
 * java.time prints a proleptic year (`u`) with SignStyle.EXCEEDS_PAD.
 */

import { localDateOf } from '../../types/proleptic-calendar.js';

const MICROS_PER_SECOND = 1_000_000n;
const SECONDS_PER_DAY = 86_400;

/** `yyyy-MM-dd` of a day count since 1970-01-01. */
export function formatDate(days: number): string {
  const { year, month, day } = localDateOf(days);
  return `${yearText(year)}-${pad2(month)}-${pad2(day)}`;
}

/** A timestamp_ntz: the wall-clock micros printed as they are. */
export function formatTimestampNtz(micros: bigint): string {
  const seconds = floorDiv(micros, MICROS_PER_SECOND);
  const fraction = micros - seconds * MICROS_PER_SECOND;
  const days = Math.floor(Number(seconds) / SECONDS_PER_DAY);
  const secondOfDay = Number(seconds) - days * SECONDS_PER_DAY;
  const hh = Math.floor(secondOfDay / 3600);
  const mm = Math.floor((secondOfDay % 3600) / 60);
  const ss = secondOfDay % 60;
  return `${formatDate(days)} ${pad2(hh)}:${pad2(mm)}:${pad2(ss)}${fractionText(fraction)}`;
}

/** A timestamp (an instant in UTC micros) printed in the session time zone. */
export function formatTimestamp(micros: bigint, timeZone: string): string {
  const offsetSeconds = zoneOffsetSeconds(micros, timeZone);
  return formatTimestampNtz(micros + BigInt(offsetSeconds) * MICROS_PER_SECOND);
}

/** The fraction of a second as `.ffffff` with trailing zeros removed; empty when zero. */
function fractionText(micros: bigint): string {
  if (micros === 0n) return '';
  return `.${micros.toString().padStart(6, '0').replace(/0+$/, '')}`;
}

function yearText(year: number): string {
  if (year > 9999) return `+${year}`;
  if (year < 0) return `-${String(-year).padStart(4, '0')}`;
  return String(year).padStart(4, '0');
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

const FIXED_OFFSET = /^(?:UTC|GMT|Z)?([+-])(\d{1,2})(?::?(\d{2}))?(?::?(\d{2}))?$/i;
const formatters = new Map<string, Intl.DateTimeFormat>();
// Intl (ICU's tzdata) covers instants from year 1 on; earlier ones take the zone's earliest rule (its LMT),
// which is what java.time's tzdb does too.
const EARLIEST_MS = -62_135_596_800_000;
const LATEST_MS = 8_640_000_000_000_000;

/** The zone's offset from UTC at the instant, in seconds (java.time ZoneRules#getOffset). */
export function zoneOffsetSeconds(micros: bigint, timeZone: string): number {
  if (/^(UTC|GMT|Z|Etc\/UTC)$/i.test(timeZone)) return 0;
  const fixed = FIXED_OFFSET.exec(timeZone);
  if (fixed) {
    const sign = fixed[1] === '-' ? -1 : 1;
    return sign * (Number(fixed[2]) * 3600 + Number(fixed[3] ?? 0) * 60 + Number(fixed[4] ?? 0));
  }
  const ms = Math.min(LATEST_MS, Math.max(EARLIEST_MS, Number(micros / 1000n)));
  const instantMs = Math.floor(ms / 1000) * 1000;
  const parts = formatterFor(timeZone).formatToParts(new Date(instantMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const eraBc = parts.find((p) => p.type === 'era')?.value === 'B';
  const year = eraBc ? 1 - get('year') : get('year');
  // setUTCFullYear, unlike Date.UTC, does not read years 0-99 as 1900-1999.
  const wall = new Date(0);
  wall.setUTCFullYear(year, get('month') - 1, get('day'));
  wall.setUTCHours(get('hour') % 24, get('minute'), get('second'), 0);
  return Math.round((wall.getTime() - instantMs) / 1000);
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'narrow',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}
