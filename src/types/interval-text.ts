/**
 * Spark's interval strings (IntervalUtils.toYearMonthIntervalString / toDayTimeIntervalString and
 * CalendarInterval#toString).
 *   HIVE_STYLE, used by HiveResult: year-month `3-1`, `-1-0`; day-time `3 00:00:01.000000000` whatever the
 *   type's fields.
 *   ANSI_STYLE, used by CAST(... AS STRING) and so by show(), and by Literal.sql (generated column names):
 *   `INTERVAL '3-1' YEAR TO MONTH`, `INTERVAL '3 00:00:01' DAY TO SECOND`, `INTERVAL '01:02' HOUR TO MINUTE`.
 * Plain functions of values, in types/ so that the analyzer's names and exec's formatting share them;
 * exec/operators/interval-to-string.ts writes the same texts in SQL.
 */

import { secondsText } from './decimal-text.js';
import type { CalendarIntervalValue } from './value.js';

const MICROS_PER_SECOND = 1_000_000n;
const MICROS_PER_MINUTE = 60n * MICROS_PER_SECOND;
const MICROS_PER_HOUR = 60n * MICROS_PER_MINUTE;
const MICROS_PER_DAY = 24n * MICROS_PER_HOUR;
const DT_FIELD_NAMES = ['DAY', 'HOUR', 'MINUTE', 'SECOND'] as const;

export type IntervalStyle = 'hive' | 'ansi';

export function yearMonthIntervalText(
  months: number,
  style: IntervalStyle,
  startField: 0 | 1,
  endField: 0 | 1,
): string {
  const sign = months < 0 ? '-' : '';
  const abs = Math.abs(months);
  const year = `${sign}${Math.floor(abs / 12)}`;
  const yearAndMonth = `${year}-${abs % 12}`;
  if (style === 'hive') return yearAndMonth;
  if (startField !== endField) return `INTERVAL '${yearAndMonth}' YEAR TO MONTH`;
  return startField === 0 ? `INTERVAL '${year}' YEAR` : `INTERVAL '${months}' MONTH`;
}

export function dayTimeIntervalText(
  micros: bigint,
  style: IntervalStyle,
  startField: 0 | 1 | 2 | 3,
  endField: 0 | 1 | 2 | 3,
): string {
  const sign = micros < 0n ? '-' : '';
  let rest = micros < 0n ? -micros : micros;
  if (style === 'hive') {
    const days = rest / MICROS_PER_DAY;
    rest %= MICROS_PER_DAY;
    const hours = rest / MICROS_PER_HOUR;
    rest %= MICROS_PER_HOUR;
    const minutes = rest / MICROS_PER_MINUTE;
    rest %= MICROS_PER_MINUTE;
    const seconds = rest / MICROS_PER_SECOND;
    const nanos = (rest % MICROS_PER_SECOND) * 1000n;
    return `${sign}${days} ${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${nanos.toString().padStart(9, '0')}`;
  }
  let text = sign;
  const unitOf = [MICROS_PER_DAY, MICROS_PER_HOUR, MICROS_PER_MINUTE] as const;
  if (startField === 3) {
    text += secondsWithLeadZero(rest);
  } else {
    const unit = unitOf[startField];
    const lead = rest / unit;
    text += startField === 0 ? String(lead) : pad2(lead);
    rest %= unit;
    const separators = [' ', ':', ':'] as const;
    for (let f = startField + 1; f <= endField; f++) {
      if (f === 3) {
        text += `:${secondsWithLeadZero(rest)}`;
      } else {
        const u = unitOf[f as 1 | 2];
        text += `${separators[f - 1]}${pad2(rest / u)}`;
        rest %= u;
      }
    }
  }
  const from = DT_FIELD_NAMES[startField];
  const qualifier = startField === endField ? from : `${from} TO ${DT_FIELD_NAMES[endField]}`;
  return `INTERVAL '${text}' ${qualifier}`;
}

/** CalendarInterval#toString: `1 years 2 months 3 days 4 hours 5 minutes 6.5 seconds`, `0 seconds`. */
export function calendarIntervalText(v: CalendarIntervalValue): string {
  if (v.months === 0 && v.days === 0 && v.microseconds === 0n) return '0 seconds';
  const parts: string[] = [];
  const unit = (value: number | bigint, name: string) => {
    // Java's `/` and `%` truncate toward zero, as Math.trunc and bigint division do.
    if (value !== 0 && value !== 0n) parts.push(`${value} ${name}`);
  };
  if (v.months !== 0) {
    unit(Math.trunc(v.months / 12), 'years');
    unit(v.months % 12, 'months');
  }
  unit(v.days, 'days');
  if (v.microseconds !== 0n) {
    let rest = v.microseconds;
    unit(rest / MICROS_PER_HOUR, 'hours');
    rest %= MICROS_PER_HOUR;
    unit(rest / MICROS_PER_MINUTE, 'minutes');
    rest %= MICROS_PER_MINUTE;
    if (rest !== 0n) parts.push(`${secondsText(rest)} seconds`);
  }
  return parts.join(' ');
}

function secondsWithLeadZero(micros: bigint): string {
  return `${micros < 10n * MICROS_PER_SECOND ? '0' : ''}${secondsText(micros)}`;
}

function pad2(n: bigint | number): string {
  return String(n).padStart(2, '0');
}
