/** Spark's special datetime strings in typed literals, at a fixed "now" and session zone. */
import { describe, expect, it } from 'vitest';
import { specialDate, specialTimestamp, specialTimestampNtz } from './special-datetime.js';

// 2026-03-08 09:30:00 UTC is 01:30 in Los Angeles (PST, -08:00), the day the clocks go forward.
const NOW = BigInt(Date.UTC(2026, 2, 8, 9, 30)) * 1000n;
const LA = 'America/Los_Angeles';
const micros = (iso: string) => BigInt(Date.parse(iso)) * 1000n;

describe('special TIMESTAMP values', () => {
  it('are the epoch, the instant, and midnights of the session zone', () => {
    expect(specialTimestamp('epoch', LA, NOW)).toBe(0n);
    expect(specialTimestamp(' NOW ', LA, NOW)).toBe(NOW);
    expect(specialTimestamp('today', LA, NOW)).toBe(micros('2026-03-08T08:00:00Z'));
    // The next midnight is after the clocks moved: -07:00.
    expect(specialTimestamp('Tomorrow', LA, NOW)).toBe(micros('2026-03-09T07:00:00Z'));
    expect(specialTimestamp('yesterday', LA, NOW)).toBe(micros('2026-03-07T08:00:00Z'));
  });

  it('take a zone id that must resolve, except now; other words are not special', () => {
    expect(specialTimestamp('tomorrow Zulu', LA, NOW)).toBe(micros('2026-03-09T07:00:00Z'));
    expect(specialTimestamp('tomorrow Nowhere/Place', LA, NOW)).toBeUndefined();
    expect(specialTimestamp('now UTC', LA, NOW)).toBeUndefined();
    expect(specialTimestamp('noon', LA, NOW)).toBeUndefined();
    expect(specialTimestamp('2026-01-01', LA, NOW)).toBeUndefined();
  });
});

describe('special TIMESTAMP_NTZ and DATE values', () => {
  it('are wall clocks and days of the session zone', () => {
    expect(specialTimestampNtz('now', LA, NOW)).toBe(micros('2026-03-08T01:30:00Z'));
    expect(specialTimestampNtz('today', LA, NOW)).toBe(micros('2026-03-08T00:00:00Z'));
    const day = Date.UTC(2026, 2, 8) / 86_400_000;
    expect([
      specialDate('today', LA, NOW),
      specialDate('now', LA, NOW),
      specialDate('tomorrow', LA, NOW),
    ]).toEqual([day, day, day + 1]);
    expect(specialDate('EPOCH', 'UTC', NOW)).toBe(0);
  });
});
