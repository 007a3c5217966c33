/**
 * Spark's calendar-interval strings (CalendarInterval.fromString) as milliseconds: `interval 30 days`,
 * `1 week 2 hours`, `10 seconds`. Delta stores retention durations this way, and streaming triggers take
 * them (Trigger.ProcessingTime). Months and years, which have no fixed length, are not units here.
 */
import { LakesqlError } from '../errors/index.js';

const UNIT_MS: Readonly<Record<string, number>> = {
  microsecond: 0.001,
  millisecond: 1,
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
};

export function parseIntervalMs(text: string): number {
  const words = text
    .trim()
    .toLowerCase()
    .replace(/^interval\b/, '')
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length === 0) throw new LakesqlError('INVALID_INTERVAL_FORMAT.INPUT_IS_EMPTY', { input: text });
  let total = 0;
  for (let i = 0; i < words.length; i += 2) {
    const number = words[i]!;
    if (!/^[+-]?\d+(\.\d+)?$/.test(number)) {
      throw new LakesqlError('INVALID_INTERVAL_FORMAT.UNRECOGNIZED_NUMBER', { input: text, number });
    }
    const unit = words[i + 1];
    if (unit === undefined) {
      throw new LakesqlError('INVALID_INTERVAL_FORMAT.MISSING_UNIT', { input: text, word: number });
    }
    const ms = UNIT_MS[unit.replace(/s$/, '')];
    if (ms === undefined)
      throw new LakesqlError('INVALID_INTERVAL_FORMAT.INVALID_UNIT', { input: text, unit });
    total += Number(number) * ms;
  }
  return total;
}
