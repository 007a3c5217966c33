import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatTimestampIso,
  formatTimestampIsoMillis,
  formatTimestampSpaced,
  parseDate,
  parseTimestampText,
  wallClockToUtc,
} from './datetime-text.js';

describe('dates', () => {
  it('formats and parses proleptic Gregorian days, far years included', () => {
    const cases: [number, string][] = [
      [0, '1970-01-01'],
      [-1, '1969-12-31'],
      [-719528, '0000-01-01'],
      [-719162, '0001-01-01'],
      [-141427, '1582-10-15'],
      [2932896, '9999-12-31'],
      [2932897, '+10000-01-01'],
      [-719893, '-0001-01-01'],
    ];
    for (const [days, text] of cases) {
      expect(formatDate(days)).toBe(text);
      expect(parseDate(text)).toBe(days);
    }
    expect(parseDate('2021-02-29')).toBeUndefined();
    expect(parseDate('2020-02-29')).toBe(18321);
    expect(parseDate('2020-1-1')).toBeUndefined();
  });
});

describe('timestamps', () => {
  it('formats the three Delta forms', () => {
    expect(formatTimestampIso(-1n)).toBe('1969-12-31T23:59:59.999999Z');
    expect(formatTimestampSpaced(1373043660123456n)).toBe('2013-07-05 17:01:00.123456');
    expect(formatTimestampSpaced(100000n)).toBe('1970-01-01 00:00:00.1');
    expect(formatTimestampIsoMillis(1609459200123999n, true)).toBe('2021-01-01T00:00:00.123Z');
    expect(formatTimestampIsoMillis(-1n, false)).toBe('1969-12-31T23:59:59.999');
  });

  it('parses with and without zones', () => {
    expect(parseTimestampText('2021-09-08T11:11:11.000-07:00')).toEqual({
      wallMicros: 1631099471000000n,
      offsetMicros: -25200000000n,
    });
    expect(parseTimestampText('2021-09-08 11:11:11')).toEqual({
      wallMicros: 1631099471000000n,
      offsetMicros: undefined,
    });
    expect(parseTimestampText('2021-09-08')?.wallMicros).toBe(1631059200000000n);
    expect(parseTimestampText('2021-09-08T11:11:11.1234567Z')?.wallMicros).toBe(1631099471123456n);
    expect(parseTimestampText('2021-09-08T11:11:11+0530')?.offsetMicros).toBe(19800000000n);
    expect(parseTimestampText('2021-09-08T24:00:00')).toBeUndefined();
    expect(parseTimestampText('nope')).toBeUndefined();
  });

  it('applies a time zone to wall-clock readings, DST included', () => {
    const wall = 1631099471000000n; // 2021-09-08 11:11:11
    expect(wallClockToUtc(wall, 'UTC')).toBe(wall);
    expect(formatTimestampIso(wallClockToUtc(wall, 'America/Los_Angeles'))).toBe(
      '2021-09-08T18:11:11.000000Z',
    );
    expect(formatTimestampIso(wallClockToUtc(wall - 240n * 86400000000n, 'America/Los_Angeles'))).toBe(
      '2021-01-11T19:11:11.000000Z',
    );
    expect(formatTimestampIso(wallClockToUtc(wall, '+05:30'))).toBe('2021-09-08T05:41:11.000000Z');
    expect(formatTimestampIso(wallClockToUtc(wall, 'Asia/Tokyo'))).toBe('2021-09-08T02:11:11.000000Z');
    // The day DST ends: the overlap takes the earlier offset, later readings the new one.
    const nov3 = (h: number) => BigInt(Date.UTC(2024, 10, 3, h, 30)) * 1000n;
    const la = (w: bigint) => formatTimestampIso(wallClockToUtc(w, 'America/Los_Angeles'));
    expect(la(nov3(1))).toBe('2024-11-03T08:30:00.000000Z');
    expect(la(nov3(8))).toBe('2024-11-03T16:30:00.000000Z');
    // The day DST starts: 02:30 does not exist and moves forward to 03:30 PDT.
    expect(la(BigInt(Date.UTC(2024, 2, 10, 2, 30)) * 1000n)).toBe('2024-03-10T10:30:00.000000Z');
    expect(la(BigInt(Date.UTC(2024, 2, 10, 5, 0)) * 1000n)).toBe('2024-03-10T12:00:00.000000Z');
  });
});
