/**
 * Date and timestamp text as Spark's default (pattern-less) parsing accepts it: DateTimeUtils.stringToDate
 * (`yyyy`, `yyyy-[m]m`, `yyyy-[m]m-[d]d`, optionally followed by `T` or a space and anything) and
 * stringToTimestamp (`yyyy-[m]m-[d]d[( |T)[h]h:[m]m[:[s]s[.fraction]]][zone]`). Timestamps stay text here,
 * normalised to `YYYY-MM-DD HH:MM:SS.ffffff[zone]`: the engine casts them in the session time zone.
 */

import { epochDayOfValid } from '../types/proleptic-calendar.js';

const DATE = /^\s*([+-]?\d{4,6})(?:-(\d{1,2})(?:-(\d{1,2}))?)?(?:[T ].*)?\s*$/;
const TIMESTAMP =
  /^\s*([+-]?\d{4,6})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d{1,9}))?)?)?\s*(Z|UTC|[+-]\d{1,2}(?::?\d{2})?)?\s*$/i;

/** Days since 1970-01-01 of a date text, or undefined when Spark would not read it as a date. */
export function parseDateDays(text: string): number | undefined {
  const m = DATE.exec(text);
  if (!m) return undefined;
  return epochDayOfValid(
    Number(m[1]),
    m[2] === undefined ? 1 : Number(m[2]),
    m[3] === undefined ? 1 : Number(m[3]),
  );
}

/** Strict `yyyy-MM-dd` (the default dateFormat), which inference uses to decide a column is a date. */
export function isDefaultFormatDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return m !== null && epochDayOfValid(Number(m[1]), Number(m[2]), Number(m[3])) !== undefined;
}

export function normalizeTimestamp(text: string): string | undefined {
  const m = TIMESTAMP.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s, frac, zone] = [m[1]!, m[2]!, m[3]!, m[4], m[5], m[6], m[7], m[8]];
  if (epochDayOfValid(Number(y), Number(mo), Number(d)) === undefined) return undefined;
  if (Number(h ?? 0) > 23 || Number(mi ?? 0) > 59 || Number(s ?? 0) > 59) return undefined;
  const p2 = (v: string | undefined) => (v ?? '0').padStart(2, '0');
  const micros = (frac ?? '').padEnd(6, '0').slice(0, 6);
  const z =
    zone === undefined
      ? ''
      : zone.toUpperCase() === 'Z' || zone.toUpperCase() === 'UTC'
        ? '+00:00'
        : zoneText(zone);
  return `${y.padStart(4, '0')}-${p2(mo)}-${p2(d)} ${p2(h)}:${p2(mi)}:${p2(s)}.${micros}${z}`;
}

function zoneText(z: string): string {
  const m = /^([+-])(\d{1,2}):?(\d{2})?$/.exec(z)!;
  return `${m[1]}${m[2]!.padStart(2, '0')}:${m[3] ?? '00'}`;
}
