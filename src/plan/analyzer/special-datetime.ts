/**
 * Spark's special datetime strings in DATE, TIMESTAMP and TIMESTAMP_NTZ typed literals
 * (DateTimeUtils.convertSpecialDate / convertSpecialTimestamp / convertSpecialTimestampNTZ, which
 * AstBuilder applies to typed literals only, never to casts): `epoch`, `now`, `today`, `tomorrow` and
 * `yesterday`, in any case, optionally followed by a space and a zone id that must resolve (`now` takes
 * none). The zone id is only checked: the day is the session time zone's, as in Spark. The values are
 * taken when the statement is analyzed, as Spark takes them when it parses.
 */
import { utcToWallClock, wallClockToUtc } from '../../delta/datetime-text.js';
import { specialDatetimeWord } from '../../sql/parser/special-datetime-words.js';

const MICROS_PER_DAY = 86_400_000_000n;

/** The special word of `text` when its zone id (if any) resolves; undefined for an ordinary literal. */
function specialValue(text: string): string | undefined {
  const special = specialDatetimeWord(text);
  if (special === undefined || special.zone === '') return special?.value;
  try {
    wallClockToUtc(0n, special.zone);
    return special.value;
  } catch {
    return undefined;
  }
}

const dayOffset = (value: string): bigint => (value === 'tomorrow' ? 1n : value === 'yesterday' ? -1n : 0n);

/** Today's midnight in `timeZone` as wall-clock microseconds. */
function wallMidnight(nowMicros: bigint, timeZone: string): bigint {
  const wall = utcToWallClock(nowMicros, timeZone);
  return wall - (((wall % MICROS_PER_DAY) + MICROS_PER_DAY) % MICROS_PER_DAY);
}

/** The instant (microseconds since the epoch) a special TIMESTAMP literal stands for. */
export function specialTimestamp(text: string, timeZone: string, nowMicros: bigint): bigint | undefined {
  const value = specialValue(text);
  if (value === undefined) return undefined;
  if (value === 'epoch') return 0n;
  if (value === 'now') return nowMicros;
  return wallClockToUtc(wallMidnight(nowMicros, timeZone) + dayOffset(value) * MICROS_PER_DAY, timeZone);
}

/** The wall-clock microseconds a special TIMESTAMP_NTZ literal stands for. */
export function specialTimestampNtz(text: string, timeZone: string, nowMicros: bigint): bigint | undefined {
  const value = specialValue(text);
  if (value === undefined) return undefined;
  if (value === 'epoch') return 0n;
  if (value === 'now') return utcToWallClock(nowMicros, timeZone);
  return wallMidnight(nowMicros, timeZone) + dayOffset(value) * MICROS_PER_DAY;
}

/** The day number a special DATE literal stands for (`now` is today). */
export function specialDate(text: string, timeZone: string, nowMicros: bigint): number | undefined {
  const value = specialValue(text);
  if (value === undefined) return undefined;
  if (value === 'epoch') return 0;
  return Number(wallMidnight(nowMicros, timeZone) / MICROS_PER_DAY + dayOffset(value));
}
