/**
 * CAST(string AS <ANSI interval>) in the forms IntervalUtils.castStringToYMInterval / castStringToDTInterval
 * accept (bare and `INTERVAL '…' <qualifier>`), with Spark's range checks and errors; TRY_CAST gives NULL.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-string-to-interval-');
const cast = async (text: string, type: string) =>
  (await fixture.rows(`SELECT CAST('${text.replaceAll("'", "''")}' AS INTERVAL ${type})`))[0]?.[0];
const castError = (text: string, type: string) =>
  errorOf(fixture.session.execute(`SELECT CAST('${text.replaceAll("'", "''")}' AS INTERVAL ${type})`));

describe('CAST(string AS year-month interval)', () => {
  it.each([
    ['1-2', 'YEAR TO MONTH', 14],
    [' -1-2 ', 'YEAR TO MONTH', -14],
    ["INTERVAL '1-2' YEAR TO MONTH", 'YEAR TO MONTH', 14],
    ["interval -'-1-2' year  to month", 'YEAR TO MONTH', 14],
    ["INTERVAL -'1-2' YEAR TO MONTH", 'YEAR TO MONTH', -14],
    ['178956970-7', 'YEAR TO MONTH', 2_147_483_647],
    ['-178956970-8', 'YEAR TO MONTH', -2_147_483_648],
    ['10', 'YEAR', 120],
    ["INTERVAL '-3' YEAR", 'YEAR', -36],
    ['-10', 'MONTH', -10],
    ["INTERVAL '13' MONTH", 'MONTH', 13],
    ['-2147483648', 'MONTH', -2_147_483_648],
  ])('%s AS INTERVAL %s', async (text, type, months) => {
    expect(await cast(text, type)).toBe(months);
  });

  it('checks the fields and the INT total (INVALID_INTERVAL_FORMAT.INTERVAL_PARSING)', async () => {
    for (const [text, type, msg] of [
      ['1-12', 'YEAR TO MONTH', 'requirement failed: month 12 outside range [0, 11]'],
      ['178956971-0', 'YEAR TO MONTH', 'requirement failed: year 178956971 outside range [0, 178956970]'],
      ['178956970-8', 'YEAR TO MONTH', 'integer overflow'],
      ['2147483648', 'MONTH', 'integer overflow'],
      ['99999999999999999999', 'YEAR', 'For input string: "99999999999999999999"'],
    ] as const) {
      const e = await castError(text, type);
      expect(e.errorClass).toBe('INVALID_INTERVAL_FORMAT.INTERVAL_PARSING');
      expect(e.sqlState).toBe('22006');
      expect(e.messageParameters).toEqual({ input: text, interval: 'year-month', msg });
    }
  });

  it('raises UNMATCHED_FORMAT_STRING for a form the type does not take', async () => {
    const e = await castError("INTERVAL '1' MONTH", 'YEAR');
    expect(e.errorClass).toBe('INVALID_INTERVAL_FORMAT.UNMATCHED_FORMAT_STRING');
    expect(e.messageParameters).toEqual({
      intervalStr: 'year-month',
      supportedFormat: "`[+|-]y`, `INTERVAL [+|-]'[+|-]y' YEAR`",
      typeName: 'interval year',
      input: "INTERVAL '1' MONTH",
    });
    expect((await castError('1', 'YEAR TO MONTH')).errorClass).toBe(
      'INVALID_INTERVAL_FORMAT.UNMATCHED_FORMAT_STRING',
    );
  });
});

describe('CAST(string AS day-time interval)', () => {
  it.each([
    ['3 04:05:06.789', 'DAY TO SECOND', 273_906_789_000n],
    ["INTERVAL '-3 04:05:06.789' DAY TO SECOND", 'DAY TO SECOND', -273_906_789_000n],
    ["interval -'-1 2:3:4.001' day to second", 'DAY TO SECOND', 93_784_001_000n],
    ['106751991 04:00:54.775807', 'DAY TO SECOND', 9_223_372_036_854_775_807n],
    ['-20 15', 'DAY TO HOUR', -1_782_000_000_000n],
    ['1 02:03', 'DAY TO MINUTE', 93_780_000_000n],
    ['01:02', 'HOUR TO MINUTE', 3_720_000_000n],
    ['100:02:03.5', 'HOUR TO SECOND', 360_123_500_000n],
    ['40:32.99899999', 'MINUTE TO SECOND', 2_432_998_999n],
    ['10', 'DAY', 864_000_000_000n],
    ["INTERVAL '12' HOUR", 'HOUR', 43_200_000_000n],
    ['-90', 'MINUTE', -5_400_000_000n],
    ['-5.5', 'SECOND', -5_500_000n],
  ])('%s AS INTERVAL %s', async (text, type, micros) => {
    expect(await cast(text, type)).toBe(micros);
  });

  it('checks the fields (INVALID_INTERVAL_FORMAT.INTERVAL_PARSING)', async () => {
    for (const [text, type, msg] of [
      ['1 24:00:00', 'DAY TO SECOND', 'requirement failed: hour 24 outside range [0, 23]'],
      ['1 00:60', 'DAY TO MINUTE', 'requirement failed: minute 60 outside range [0, 59]'],
      ['106751992 00', 'DAY TO HOUR', 'requirement failed: day 106751992 outside range [0, 106751991]'],
      ['2562047788:01', 'HOUR TO MINUTE', 'long overflow'],
      [
        '9999999999999',
        'SECOND',
        'requirement failed: second 9999999999999 outside range [-9223372036854, 9223372036854]',
      ],
    ] as const) {
      const e = await castError(text, type);
      expect(e.errorClass).toBe('INVALID_INTERVAL_FORMAT.INTERVAL_PARSING');
      expect(e.messageParameters).toEqual({ input: text, interval: 'day-time', msg });
    }
  });

  it('raises UNMATCHED_FORMAT_STRING_WITH_NOTICE for a form the type does not take', async () => {
    const e = await castError('10', 'DAY TO SECOND');
    expect(e.errorClass).toBe('INVALID_INTERVAL_FORMAT.UNMATCHED_FORMAT_STRING_WITH_NOTICE');
    expect(e.messageParameters).toEqual({
      intervalStr: 'day-time',
      supportedFormat: "`[+|-]d h:m:s.n`, `INTERVAL [+|-]'[+|-]d h:m:s.n' DAY TO SECOND`",
      typeName: 'interval day to second',
      input: '10',
    });
    for (const [text, type] of [
      ['1.5', 'DAY'],
      ["INTERVAL '1' DAY", 'HOUR'],
      ['1 02:03', 'DAY TO SECOND'],
    ] as const) {
      expect((await castError(text, type)).errorClass).toBe(
        'INVALID_INTERVAL_FORMAT.UNMATCHED_FORMAT_STRING_WITH_NOTICE',
      );
    }
  });
});

describe('TRY_CAST and columns', () => {
  it('gives NULL for what CAST rejects, and keeps NULL', async () => {
    expect(
      await fixture.rows(
        "SELECT TRY_CAST('x' AS INTERVAL YEAR), TRY_CAST('1 24:00:00' AS INTERVAL DAY TO SECOND), CAST(NULL AS STRING)::INTERVAL DAY",
      ),
    ).toEqual([[null, null, null]]);
  });

  it('round-trips through CAST AS STRING, row by row', async () => {
    expect(
      await fixture.rows(
        "SELECT CAST(CAST(s AS INTERVAL DAY TO SECOND) AS STRING) FROM VALUES ('1 02:03:04.5'), ('-0 00:00:01'), (NULL) AS t(s)",
      ),
    ).toEqual([["INTERVAL '1 02:03:04.5' DAY TO SECOND"], ["INTERVAL '-0 00:00:01' DAY TO SECOND"], [null]]);
  });
});
