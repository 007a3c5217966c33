/**
 * Generated names of interval literals: Spark's Literal.sql, the value in ANSI text whatever the spelling
 * (IntervalUtils.toYearMonthIntervalString / toDayTimeIntervalString), as in its interval.sql golden file;
 * weeks and milli/microseconds are day-time fields (AstBuilder.visitInterval).
 */
import { describe, expect, it } from 'vitest';
import { parseExpression } from '../../sql/parse.js';
import { prettySql } from './pretty-sql.js';

describe('prettySql of interval literals', () => {
  it.each([
    ['interval 2 second', "INTERVAL '02' SECOND"],
    ["interval '2' year", "INTERVAL '2' YEAR"],
    ['interval 2 years 4 months', "INTERVAL '2-4' YEAR TO MONTH"],
    ["interval -'1-1' year to month", "INTERVAL '-1-1' YEAR TO MONTH"],
    ["interval '1 2:3:4.001' day to second", "INTERVAL '1 02:03:04.001' DAY TO SECOND"],
    [
      "interval '-100' day '40' hour '80' minute '299.889987299' second",
      "INTERVAL '-98 06:35:00.110013' DAY TO SECOND",
    ],
    ['interval 13.123456789 seconds', "INTERVAL '13.123456' SECOND"],
    ["interval '15:40' hour to minute", "INTERVAL '15:40' HOUR TO MINUTE"],
    ['interval 3 week 8 millisecond 9 microsecond', "INTERVAL '21 00:00:00.008009' DAY TO SECOND"],
    ['interval 1 week', "INTERVAL '7' DAY"],
    ['interval 2 millisecond', "INTERVAL '00.002' SECOND"],
    [
      "interval '2 weeks 2 days 1 hour 3 minutes 2 seconds 100 millisecond 200 microseconds'",
      "INTERVAL '16 01:03:02.1002' DAY TO SECOND",
    ],
  ])('%s is named %s', (sql, name) => {
    expect(prettySql(parseExpression(sql))).toBe(name);
  });
});

describe('prettySql of cast aliases and EXTRACT', () => {
  it.each([
    ["date('1996-09-09')", '1996-09-09'],
    ["timestamp('1996-09-09 12:12:12.4')", '1996-09-09 12:12:12.4'],
    ['int(a + 1)', '(a + 1)'],
    ["CAST('1' AS INT)", 'CAST(1 AS INT)'],
    ["date_format(date('2020-01-01'), 'y')", 'date_format(2020-01-01, y)'],
    ['extract(DAY FROM d)', 'extract(DAY FROM d)'],
  ])('%s is named %s', (sql, name) => {
    expect(prettySql(parseExpression(sql))).toBe(name);
  });
});
