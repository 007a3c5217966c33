/**
 * Dates and timestamps as text, the way the log writes them in partition values and statistics
 * (PROTOCOL.md, "Partition Value Serialization" and "Per-file Statistics"). Proleptic Gregorian calendar,
 * as Spark 3+ uses; years before 1000 are zero-padded, years after 9999 carry a `+` as java.time prints them.
 *
 * Values follow src/types/scalar.ts: a date is days since 1970-01-01 (a number), a timestamp is bigint
 * microseconds since the epoch.
 */

import { epochDayOf, epochDayOfValid, localDateOf } from '../types/proleptic-calendar.js';

const MICROS_PER_SECOND = 1_000_000n;
const MICROS_PER_DAY = 86_400_000_000n;

/** Days since 1970-01-01 to `{year}-{month}-{day}` . */
export function formatDate(days: number): string {
  const { year: y, month: m, day: d } = localDateOf(days);
  return `${formatYear(y)}-${pad2(m)}-${pad2(d)}`;
}

/** `YYYY-MM-DD` (sign and more than four year digits allowed) to days since the epoch, or undefined. */
export function parseDate(text: string): number | undefined {
  const m = DATE.exec(text);
  if (!m) return undefined;
  return epochDayOfValid(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * Microseconds to `YYYY-MM-DD HH:MM:SS[.ffffff]` as Spark casts a timestamp to a string: the fraction is
 * left out when zero and its trailing zeros are dropped (`2021-11-18 02:30:00.1234`).
 */
export function formatTimestampSpaced(micros: bigint): string {
  const { date, h, mi, s, frac } = split(micros);
  const f = frac === 0n ? '' : `.${frac.toString().padStart(6, '0').replace(/0+$/, '')}`;
  return `${date} ${pad2(h)}:${pad2(mi)}:${pad2(s)}${f}`;
}

/** Microseconds since the epoch to ISO-8601 in UTC with six fraction digits: `1970-01-01T00:00:00.123456Z`. */
export function formatTimestampIso(micros: bigint): string {
  const { date, h, mi, s, frac } = split(micros);
  return `${date}T${pad2(h)}:${pad2(mi)}:${pad2(s)}.${frac.toString().padStart(6, '0')}Z`;
}

/** ISO-8601 with millisecond precision, as Delta writes timestamp statistics: `2021-01-01T00:00:00.000Z`. */
export function formatTimestampIsoMillis(micros: bigint, withZone: boolean): string {
  const { date, h, mi, s, frac } = split(micros);
  const ms = (frac / 1000n).toString().padStart(3, '0');
  return `${date}T${pad2(h)}:${pad2(mi)}:${pad2(s)}.${ms}${withZone ? 'Z' : ''}`;
}

export interface ParsedTimestamp {
  /** The wall-clock reading as microseconds since 1970-01-01 00:00:00 (no zone applied). */
  readonly wallMicros: bigint;
  /** The zone offset written in the text (`Z`, `+05:30`), in microseconds; undefined when none was written. */
  readonly offsetMicros: bigint | undefined;
}

/**
 * Reads `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS[.f…]]` or the same with `T`, optionally followed by `Z` or an
 * offset `±HH[:MM]`. Fractions beyond microseconds are truncated. Undefined when the text is not such a value.
 */
export function parseTimestampText(text: string): ParsedTimestamp | undefined {
  const m = TIMESTAMP.exec(text);
  if (!m) return undefined;
  const days = epochDayOfValid(Number(m[1]), Number(m[2]), Number(m[3]));
  if (days === undefined) return undefined;
  const h = Number(m[4] ?? 0);
  const mi = Number(m[5] ?? 0);
  const s = Number(m[6] ?? 0);
  if (h > 23 || mi > 59 || s > 59) return undefined;
  const frac = BigInt((m[7] ?? '').slice(0, 6).padEnd(6, '0'));
  const wallMicros =
    BigInt(days) * MICROS_PER_DAY + BigInt(h * 3600 + mi * 60 + s) * MICROS_PER_SECOND + frac;
  return { wallMicros, offsetMicros: m[8] === undefined ? undefined : offsetMicros(m[8]) };
}

/**
 * Microseconds since the epoch of a wall-clock reading in `timeZone` (an IANA name, `UTC`, or a fixed
 * offset `+08:00`). DST gaps and overlaps resolve to the earlier offset, close to java.time's behaviour.
 */
export function wallClockToUtc(wallMicros: bigint, timeZone: string): bigint {
  const fixed = fixedOffsetMicros(timeZone);
  if (fixed !== undefined) return wallMicros - fixed;
  const wallMillis = Number(floorDiv(wallMicros, 1000n));
  const first = zoneOffsetMillis(timeZone, wallMillis);
  const second = zoneOffsetMillis(timeZone, wallMillis - first);
  // The offsets whose instant reads back as this wall clock: two in an overlap (the earlier instant, the
  // larger offset, wins), none in a gap (the offset before it applies: the wall clock moves forward).
  const valid = [first, second].filter((o) => zoneOffsetMillis(timeZone, wallMillis - o) === o);
  const offset = valid.length > 0 ? Math.max(...valid) : Math.min(first, second);
  return wallMicros - BigInt(offset) * 1000n;
}

/** The wall-clock reading in `timeZone` of the instant `utcMicros` (DateTimeUtils.fromUTCTime). */
export function utcToWallClock(utcMicros: bigint, timeZone: string): bigint {
  const fixed = fixedOffsetMicros(timeZone);
  if (fixed !== undefined) return utcMicros + fixed;
  return utcMicros + BigInt(zoneOffsetMillis(timeZone, Number(floorDiv(utcMicros, 1000n)))) * 1000n;
}

const DATE = /^([+-]?\d{4,})-(\d{2})-(\d{2})$/;
const TIMESTAMP =
  /^([+-]?\d{4,})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

function offsetMicros(text: string): bigint {
  if (text === 'Z') return 0n;
  const sign = text[0] === '-' ? -1n : 1n;
  const digits = text.slice(1).replace(':', '');
  const h = BigInt(digits.slice(0, 2));
  const m = BigInt(digits.slice(2, 4) || '0');
  return sign * (h * 3600n + m * 60n) * MICROS_PER_SECOND;
}

function fixedOffsetMicros(timeZone: string): bigint | undefined {
  if (timeZone === 'UTC' || timeZone === 'Z' || timeZone === 'GMT' || timeZone === 'Etc/UTC') return 0n;
  // ZoneOffset.of's forms, bare or after UTC/GMT/UT: +h, +hh, +hh:mm, +hhmm, +hh:mm:ss, +hhmmss.
  const m = /^(?:UTC|GMT|UT)?([+-])(\d{1,2})(?::?(\d{2})(?::?(\d{2}))?)?$/.exec(timeZone);
  if (!m) return undefined;
  const seconds = BigInt(m[2]!) * 3600n + BigInt(m[3] ?? '0') * 60n + BigInt(m[4] ?? '0');
  return (m[1] === '-' ? -seconds : seconds) * MICROS_PER_SECOND;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The offset of `timeZone` from UTC at the instant `utcMillis`, in milliseconds. */
function zoneOffsetMillis(timeZone: string, utcMillis: number): number {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(new Date(utcMillis))) parts[p.type] = p.value;
  const year = parts.era === 'BC' || parts.era === 'B' ? 1 - Number(parts.year) : Number(parts.year);
  const wall =
    epochDayOf(year, Number(parts.month), Number(parts.day)) * 86_400_000 +
    (Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second)) * 1000;
  return wall - (utcMillis - mod(utcMillis, 1000));
}

function split(micros: bigint): { date: string; h: number; mi: number; s: number; frac: bigint } {
  const days = floorDiv(micros, MICROS_PER_DAY);
  const inDay = micros - days * MICROS_PER_DAY;
  const secs = Number(inDay / MICROS_PER_SECOND);
  return {
    date: formatDate(Number(days)),
    h: Math.floor(secs / 3600),
    mi: Math.floor((secs % 3600) / 60),
    s: secs % 60,
    frac: inDay % MICROS_PER_SECOND,
  };
}

function formatYear(y: number): string {
  if (y > 9999) return `+${y}`;
  if (y < 0) return `-${String(-y).padStart(4, '0')}`;
  return String(y).padStart(4, '0');
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

function mod(a: number, b: number): number {
  return ((a % b) + b) % b;
}
