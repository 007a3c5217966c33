import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLakesqlError } from '../../errors/index.js';
import { epochDayOf, localDateOf } from '../../types/proleptic-calendar.js';
import { formatTimestamp } from './spark-datetime-format.js';

// Oracle: test/data/spark-sql/results/datetime-formatting.sql.out (session zone LA).
const LA = 'America/Los_Angeles';
const micros = (iso: string): bigint => BigInt(Date.parse(iso)) * 1000n;
const ROWS = [
  micros('1582-06-01T11:33:33.123+08:00'),
  micros('1970-01-01T00:00:00.000+01:00'),
  micros('1996-04-01T00:33:33.123+09:30'),
  micros('2100-01-01T01:33:33.123-08:00'),
];
const fmt = (pattern: string, zone = LA) => ROWS.map((m) => formatTimestamp(m, pattern, zone));

describe('formatTimestamp gives Spark golden strings', () => {
  it.each([
    [
      'yyyy-MM-dd HH:mm:ss.SSS',
      [
        '1582-05-31 19:40:35.123',
        '1969-12-31 15:00:00.000',
        '1996-03-31 07:03:33.123',
        '2100-01-01 01:33:33.123',
      ],
    ],
    [
      'G GG GGG GGGG',
      ['AD AD AD Anno Domini', 'AD AD AD Anno Domini', 'AD AD AD Anno Domini', 'AD AD AD Anno Domini'],
    ],
    [
      'y yy yyy yyyy yyyyy yyyyyy',
      [
        '1582 82 1582 1582 01582 001582',
        '1969 69 1969 1969 01969 001969',
        '1996 96 1996 1996 01996 001996',
        '2100 00 2100 2100 02100 002100',
      ],
    ],
    [
      'Q QQ QQQ QQQQ',
      ['2 02 Q2 2nd quarter', '4 04 Q4 4th quarter', '1 01 Q1 1st quarter', '1 01 Q1 1st quarter'],
    ],
    [
      'M MM MMM MMMM L LL',
      ['5 05 May May 5 05', '12 12 Dec December 12 12', '3 03 Mar March 3 03', '1 01 Jan January 1 01'],
    ],
    [
      'E EE EEE EEEE F',
      ['Mon Mon Mon Monday 3', 'Wed Wed Wed Wednesday 3', 'Sun Sun Sun Sunday 3', 'Fri Fri Fri Friday 1'],
    ],
    ['D DDD d dd', ['151 151 31 31', '365 365 31 31', '91 091 31 31', '1 001 1 01']],
    [
      'H HH h hh k kk K KK a',
      [
        '19 19 7 07 19 19 7 07 PM',
        '15 15 3 03 15 15 3 03 PM',
        '7 07 7 07 7 07 7 07 AM',
        '1 01 1 01 1 01 1 01 AM',
      ],
    ],
    [
      'S SSSSSS SSSSSSSSS',
      ['1 123000 123000000', '0 000000 000000000', '1 123000 123000000', '1 123000 123000000'],
    ],
    [
      'VV z zzzz',
      [
        'America/Los_Angeles PST Pacific Standard Time',
        'America/Los_Angeles PST Pacific Standard Time',
        'America/Los_Angeles PST Pacific Standard Time',
        'America/Los_Angeles PST Pacific Standard Time',
      ],
    ],
    [
      'X XX XXX XXXX XXXXX',
      [
        '-0752 -0752 -07:52 -075258 -07:52:58',
        '-08 -0800 -08:00 -0800 -08:00',
        '-08 -0800 -08:00 -0800 -08:00',
        '-08 -0800 -08:00 -0800 -08:00',
      ],
    ],
    [
      'Z ZZZZ ZZZZZ O OOOO',
      [
        '-0752 GMT-07:52:58 -07:52:58 GMT-7:52:58 GMT-07:52:58',
        '-0800 GMT-08:00 -08:00 GMT-8 GMT-08:00',
        '-0800 GMT-08:00 -08:00 GMT-8 GMT-08:00',
        '-0800 GMT-08:00 -08:00 GMT-8 GMT-08:00',
      ],
    ],
    [
      'x xx xxx xxxx xxxxx',
      [
        '-0752 -0752 -07:52 -075258 -07:52:58',
        '-08 -0800 -08:00 -0800 -08:00',
        '-08 -0800 -08:00 -0800 -08:00',
        '-08 -0800 -08:00 -0800 -08:00',
      ],
    ],
    [
      '[yyyy-MM-dd HH:mm:ss]',
      ['1582-05-31 19:40:35', '1969-12-31 15:00:00', '1996-03-31 07:03:33', '2100-01-01 01:33:33'],
    ],
    ["姚123'GyYqQMLwWuEFDdhHmsSaVzZxXOV'", Array(4).fill('姚123GyYqQMLwWuEFDdhHmsSaVzZxXOV')],
    ["''", Array(4).fill("'")],
    ['', Array(4).fill('')],
  ])('%s', (pattern, expected) => {
    expect(fmt(pattern)).toEqual(expected);
  });

  it('prints daylight time, zero offsets and fixed-offset zones as java.time does', () => {
    const july = micros('2023-07-01T12:00:00.5Z');
    expect(formatTimestamp(july, 'yyyy-MM-dd HH:mm:ss.SSS z zzzz XXX', LA)).toBe(
      '2023-07-01 05:00:00.500 PDT Pacific Daylight Time -07:00',
    );
    expect(formatTimestamp(july, 'X x Z ZZZZ ZZZZZ O VV', 'UTC')).toBe('Z +00 +0000 GMT Z GMT UTC');
    expect(formatTimestamp(july, 'HH:mm VV z XXX', '+08:00')).toBe('20:00 +08:00 +08:00 +08:00');
    expect(formatTimestamp(july, 'HH:mm z', 'Asia/Shanghai')).toBe('20:00 CST');
  });

  it('uses the proleptic Gregorian calendar and signed years before year 1', () => {
    const bc = BigInt(epochDayOf(-43, 3, 15)) * 86_400_000_000n;
    expect(formatTimestamp(bc, 'yyyy-MM-dd G', 'UTC')).toBe('0044-03-15 BC');
    expect(formatTimestamp(bc, 'yyyy-MM-dd', 'UTC')).toBe('-0043-03-15');
    expect(formatTimestamp(micros('+012345-01-01T00:00:00Z'), 'yyyy', 'UTC')).toBe('+12345');
  });

  it('epoch days round-trip through the calendar', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), (day) => {
        const d = localDateOf(day);
        expect(epochDayOf(d.year, d.month, d.day)).toBe(day);
      }),
    );
  });
});

describe('invalid patterns raise Spark error classes', () => {
  const errorOf = (pattern: string): string | undefined => {
    try {
      formatTimestamp(0n, pattern, LA);
      return undefined;
    } catch (e) {
      return isLakesqlError(e) ? e.errorClass : String(e);
    }
  };
  it.each([
    // Refused by java.time but accepted by SimpleDateFormat (datetime-formatting-invalid.sql.out).
    ['GGGGG', 'INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_PATTERN_RECOGNITION'],
    ['yyyyyyy', 'INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_PATTERN_RECOGNITION'],
    ['MMMMM', 'INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_PATTERN_RECOGNITION'],
    ['ddd', 'INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_PATTERN_RECOGNITION'],
    ['SSSSSSSSSS', 'INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_PATTERN_RECOGNITION'],
    ['aa', 'INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_PATTERN_RECOGNITION'],
    ['Y', 'INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_PATTERN_RECOGNITION'],
    ['w', 'INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_PATTERN_RECOGNITION'],
    ['u', 'INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_PATTERN_RECOGNITION'],
    ['ZZZZZZ', 'INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_PATTERN_RECOGNITION'],
    // Refused by both.
    ['qqqqq', 'INVALID_DATETIME_PATTERN.LENGTH'],
    ['QQQQQ', 'INVALID_DATETIME_PATTERN.LENGTH'],
    ['e', 'INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_WEEK_BASED_PATTERN'],
    ['c', 'INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_WEEK_BASED_PATTERN'],
    ['A', 'INVALID_DATETIME_PATTERN.ILLEGAL_CHARACTER'],
    ['B', 'INVALID_DATETIME_PATTERN.ILLEGAL_CHARACTER'],
    ['n', 'INVALID_DATETIME_PATTERN.ILLEGAL_CHARACTER'],
    ['V', 'INVALID_DATETIME_PATTERN.WITH_SUGGESTION'],
    ['OO', 'INVALID_DATETIME_PATTERN.WITH_SUGGESTION'],
    ['XXXXXX', 'INVALID_DATETIME_PATTERN.WITH_SUGGESTION'],
    ['C', 'INVALID_DATETIME_PATTERN.WITH_SUGGESTION'],
  ])('%s', (pattern, errorClass) => {
    expect(errorOf(pattern)).toBe(errorClass);
  });
});
