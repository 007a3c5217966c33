/**
 * CAST(interval AS STRING) gives Spark's text (IntervalUtils.toYearMonthIntervalString /
 * toDayTimeIntervalString in ANSI_STYLE, CalendarInterval#toString), not DuckDB's.
 */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-interval-to-string-');
const asString = async (expr: string) => (await fixture.rows(`SELECT CAST(${expr} AS STRING)`))[0]?.[0];

describe('CAST(year-month interval AS STRING)', () => {
  it.each([
    ["INTERVAL '1-2' YEAR TO MONTH", "INTERVAL '1-2' YEAR TO MONTH"],
    ["INTERVAL '-1-2' YEAR TO MONTH", "INTERVAL '-1-2' YEAR TO MONTH"],
    ['make_ym_interval(-1, 1)', "INTERVAL '-0-11' YEAR TO MONTH"],
    ['make_ym_interval(-178956970, -8)', "INTERVAL '-178956970-8' YEAR TO MONTH"],
    ["INTERVAL '10' YEAR", "INTERVAL '10' YEAR"],
    ["INTERVAL '-13' MONTH", "INTERVAL '-13' MONTH"],
  ])('%s', async (expr, text) => {
    expect(await asString(expr)).toBe(text);
  });
});

describe('CAST(day-time interval AS STRING)', () => {
  it.each([
    ["INTERVAL '3 04:05:06.789' DAY TO SECOND", "INTERVAL '3 04:05:06.789' DAY TO SECOND"],
    ["INTERVAL '-3 04:05:06.789' DAY TO SECOND", "INTERVAL '-3 04:05:06.789' DAY TO SECOND"],
    ["INTERVAL '0 0:0:0' DAY TO SECOND", "INTERVAL '0 00:00:00' DAY TO SECOND"],
    ["INTERVAL '10' DAY", "INTERVAL '10' DAY"],
    ["INTERVAL '20 15' DAY TO HOUR", "INTERVAL '20 15' DAY TO HOUR"],
    ["INTERVAL '20 15:40' DAY TO MINUTE", "INTERVAL '20 15:40' DAY TO MINUTE"],
    ["INTERVAL '01:02' HOUR TO MINUTE", "INTERVAL '01:02' HOUR TO MINUTE"],
    ["INTERVAL '100' HOUR", "INTERVAL '100' HOUR"],
    ["INTERVAL '40:32.99899999' MINUTE TO SECOND", "INTERVAL '40:32.998999' MINUTE TO SECOND"],
    ["INTERVAL '-59' SECOND", "INTERVAL '-59' SECOND"],
    ["INTERVAL '123.5' SECOND", "INTERVAL '123.5' SECOND"],
    ['make_dt_interval(1, 2, 3, 4.005006)', "INTERVAL '1 02:03:04.005006' DAY TO SECOND"],
    // Long.MinValue microseconds, which Spark special-cases because it cannot negate them.
    [
      'make_dt_interval(-106751991, -4, 0, -54.775808)',
      "INTERVAL '-106751991 04:00:54.775808' DAY TO SECOND",
    ],
  ])('%s', async (expr, text) => {
    expect(await asString(expr)).toBe(text);
  });
});

describe('CAST(interval AS STRING)', () => {
  it.each([
    [
      'make_interval(1, 2, 3, 4, 5, 6, 7.008009)',
      '1 years 2 months 25 days 5 hours 6 minutes 7.008009 seconds',
    ],
    ['make_interval(0, 1, 0, 1, 0, 0, 100.000001)', '1 months 1 days 1 minutes 40.000001 seconds'],
    ['make_interval(-1, 0, 0, 0, 0, 0, -0.5)', '-1 years -0.5 seconds'],
    ['make_interval()', '0 seconds'],
  ])('%s', async (expr, text) => {
    expect(await asString(expr)).toBe(text);
  });
});

describe('NULL intervals', () => {
  it('stay NULL', async () => {
    expect(
      await fixture.rows(
        'SELECT CAST(make_ym_interval(NULL) AS STRING), CAST(make_dt_interval(NULL) AS STRING), CAST(make_interval(NULL) AS STRING)',
      ),
    ).toEqual([[null, null, null]]);
  });

  it('cast column by column', async () => {
    expect(
      await fixture.rows(
        'SELECT CAST(make_dt_interval(d, 1) AS STRING) FROM VALUES (1), (NULL), (-2) AS t(d) ORDER BY d NULLS FIRST',
      ),
    ).toEqual([[null], ["INTERVAL '-1 23:00:00' DAY TO SECOND"], ["INTERVAL '1 01:00:00' DAY TO SECOND"]]);
  });
});
