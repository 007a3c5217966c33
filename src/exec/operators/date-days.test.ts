/**
 * Dates past the ends of DuckDB's range (issue 13's execution fuzz): DateAdd/DateSub wrap the Int of days as
 * Spark's Java `+` does, and a date or timestamp that leaves Spark's Int days / Long microseconds is
 * ARITHMETIC_OVERFLOW (engine/datetime-range-errors.ts), never DuckDB's "Date out of range".
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-date-days-');

/** 2024-01-01 as days since 1970-01-01. */
const DAY = 19723;
const wrap = (days: number) => ((((days + 2 ** 31) % 2 ** 32) + 2 ** 32) % 2 ** 32) - 2 ** 31;

const overflow = (message: string) => ({
  errorClass: 'ARITHMETIC_OVERFLOW',
  sqlState: '22003',
  messageParameters: { message, alternative: '', config: '"spark.sql.ansi.enabled"' },
});

describe('date_add, date_sub, date + n, date - n', () => {
  it('wrap past the Int of days as Spark does, in every mode', async () => {
    for (const ansi of [true, false]) {
      await fixture.rows(`SET spark.sql.ansi.enabled = ${ansi}`);
      expect(
        await fixture.rows(
          `SELECT date_add(DATE'2024-01-01', 2147483647), date_add(DATE'2024-01-01', -2147483648),
             date_sub(DATE'2024-01-01', -2147483648), DATE'2024-01-01' + 2147483647,
             2147483647 + DATE'2024-01-01', DATE'2024-01-01' - 2147483647`,
        ),
      ).toEqual([
        [
          wrap(DAY + 2147483647),
          wrap(DAY - 2147483648),
          wrap(DAY + 2147483648),
          wrap(DAY + 2147483647),
          wrap(DAY + 2147483647),
          wrap(DAY - 2147483647),
        ],
      ]);
    }
    await fixture.rows('RESET spark.sql.ansi.enabled');
    expect(wrap(DAY + 2147483647)).toBe(-2147463926);
  });

  it('keep ordinary days, SMALLINT and TINYINT counts, columns and NULL', async () => {
    expect(
      await fixture.rows(
        `SELECT date_add(d, n), date_sub(d, n), d + CAST(n AS SMALLINT), d - CAST(n AS TINYINT)
         FROM VALUES (DATE'2024-02-28', 2), (DATE'2024-01-01', NULL), (NULL, 1) AS t(d, n)`,
      ),
    ).toEqual([
      [DAY + 60, DAY + 56, DAY + 60, DAY + 56],
      [null, null, null, null],
      [null, null, null, null],
    ]);
  });
});

describe('a date or timestamp past the range', () => {
  it.each([
    ["SELECT add_months(DATE'2024-01-01', 2147483647)", 'integer overflow'],
    ["SELECT last_day(add_months(DATE'2024-01-01', 2147483647))", 'integer overflow'],
    ["SELECT last_day(date_add(DATE'1970-01-01', 2147483646))", 'integer overflow'],
    ['SELECT make_date(9999999, 1, 1)', 'integer overflow'],
    ['SELECT make_timestamp(300000, 1, 1, 0, 0, 0)', 'long overflow'],
    ["SELECT DATE'2024-01-01' + INTERVAL '9999999' YEAR", 'integer overflow'],
    ['SELECT CAST(make_date(300000, 1, 1) AS TIMESTAMP)', 'long overflow'],
  ])('%s is ARITHMETIC_OVERFLOW (%s)', async (sql, message) => {
    expect(await errorOf(fixture.rows(sql))).toMatchObject(overflow(message));
  });

  it('make_date past the Int of days fails in legacy mode too, where a bad field is NULL', async () => {
    await fixture.rows('SET spark.sql.ansi.enabled = false');
    try {
      expect(await errorOf(fixture.rows('SELECT make_date(9999999, 1, 1)'))).toMatchObject(
        overflow('integer overflow'),
      );
      expect(await fixture.rows('SELECT make_date(2023, 2, 29), make_date(300000, 1, 1)')).toEqual([
        [null, 108853222],
      ]);
    } finally {
      await fixture.rows('RESET spark.sql.ansi.enabled');
    }
  });
});

describe('make_date and make_timestamp over operands with their own checks', () => {
  it('bind inside set operations and beside each other (DuckDB refused TRY over error())', async () => {
    expect(
      await fixture.rows(
        `SELECT make_date(2024, 2, 29) UNION ALL SELECT make_date(year(make_date(2023, 1, 1)), 1, 1)
         UNION ALL SELECT make_date(CAST(2000 + 10 DIV (id + 1) AS INT), 1, 1) FROM range(2) AS t(id)`,
      ),
    ).toEqual([[DAY + 59], [DAY - 365], [14610], [12784]]);
    expect(
      await fixture.rows(
        `SELECT make_timestamp(CAST(2000 + 10 DIV (id + 1) AS INT), 1, 1, 0, 0, 0),
           make_timestamp_ntz(year(make_date(2024, 1, 1)), 1, 1, 0, 0, 1) FROM range(1) AS t(id)`,
      ),
    ).toEqual([[1262304000000000n, 1704067201000000n]]);
  });
});
