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

describe('prettySql of casts to complex types', () => {
  it.each([
    ['CAST(NULL AS ARRAY<INT>)', 'NULL'],
    ['CAST(array() AS ARRAY<STRING>)', 'array()'],
    ["CAST(map('a', 1) AS MAP<STRING, BIGINT>)", 'map(a, 1)'],
    ['CAST(NULL AS STRUCT<a: INT>)', 'NULL'],
    ['CAST(NULL AS STRING)', 'CAST(NULL AS STRING)'],
  ])('%s is named %s, as Cast.sql prints it', (sql, name) => {
    expect(prettySql(parseExpression(sql))).toBe(name);
  });
});

describe('prettySql of date and timestamp literals', () => {
  it.each([
    ["timestamp '2016-11-15 20:54:00.000'", "TIMESTAMP '2016-11-15 20:54:00'"],
    ["TIMESTAMP '2023-08-18 02:13:14.123400'", "TIMESTAMP '2023-08-18 02:13:14.1234'"],
    ["timestamp '2016-1-5 7:04'", "TIMESTAMP '2016-01-05 07:04:00'"],
    ["timestamp_ntz '2016-11-15 20:54:00.0'", "TIMESTAMP_NTZ '2016-11-15 20:54:00'"],
    ["timestamp '2016-11-15 20:54:00+01:00'", "TIMESTAMP '2016-11-15 20:54:00+01:00'"],
    ["date '2016-3-4'", "DATE '2016-03-04'"],
    ["date '2016'", "DATE '2016-01-01'"],
  ])('%s is named %s, by its value as Literal.sql prints it', (sql, name) => {
    expect(prettySql(parseExpression(sql))).toBe(name);
  });
});

describe('prettySql of FLOAT and DECIMAL literals', () => {
  it.each([
    ['1.2F', '1.2'],
    ['.10f', '0.1'],
    ['1F', '1.0'],
    ['123.08BD', '123.08'],
    ['123.0E-28BD', '1.230E-26'],
    ['0.000000012345678', '1.2345678E-8'],
    ['0.000001', '0.000001'],
    ['90912830918230182310293801923652346786BD', '90912830918230182310293801923652346786'],
  ])('%s is named %s (Float.toString, BigDecimal.toString)', (sql, name) => {
    expect(prettySql(parseExpression(sql))).toBe(name);
  });
});

describe('prettySql of predicates', () => {
  // Spark 4 parses BETWEEN into the function `between`, and `!` is its NOT inside predicates.
  it.each([
    ['1 between 0 and 2', 'between(1, 0, 2)'],
    ['a not between 0 and 2', '(NOT between(a, 0, 2))'],
    ['1 ! between 0 and 2', '(NOT between(1, 0, 2))'],
    ['1 ! in (3, 4)', '(NOT (1 IN (3, 4)))'],
    ["'hello' ! like 'world'", '(NOT hello LIKE world)'],
    ['1 is ! null', '(1 IS NOT NULL)'],
    ['false is ! true', '(NOT (false <=> true))'],
  ])('%s is named %s', (sql, name) => {
    expect(prettySql(parseExpression(sql))).toBe(name);
  });
});

describe('prettySql of IS [NOT] TRUE/FALSE/UNKNOWN', () => {
  it.each([
    ['a is true', '(a <=> true)'],
    ['a is not false', '(NOT (a <=> false))'],
    ['a is unknown', '(a IS UNKNOWN)'],
    ['a is not unknown', '(a IS NOT UNKNOWN)'],
  ])('%s is named %s', (sql, name) => {
    expect(prettySql(parseExpression(sql))).toBe(name);
  });
});
