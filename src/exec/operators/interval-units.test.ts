/**
 * Functions and operators Spark applies to an ANSI interval's months or microseconds: unary minus, abs,
 * signum, div, width_bucket (values from Spark's interval.sql golden file), and the typing rules around
 * them: a string or NULL scaling an interval is a DOUBLE, a year-month interval meets a day-time one in
 * TimeAdd, and a string never compares with an ANSI interval.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-interval-units-');
const one = async (sql: string) => (await fixture.rows(sql))[0]?.[0];
const columns = async (sql: string) => {
  const r = (await fixture.session.execute(sql))[0]!;
  if (r.kind !== 'rows') throw new Error('rows expected');
  return r.columns.map((c) => `${c.name}:${c.type.kind}`);
};

describe('abs, signum and unary minus of ANSI intervals', () => {
  it('keep the interval type for abs and give a DOUBLE sign', async () => {
    expect(await one(`SELECT CAST(abs(INTERVAL -'1 02:03:04.123' DAY TO SECOND) AS STRING)`)).toBe(
      `INTERVAL '1 02:03:04.123' DAY TO SECOND`,
    );
    expect(await one(`SELECT CAST(abs(INTERVAL '-10' YEAR) AS STRING)`)).toBe(`INTERVAL '10' YEAR`);
    expect(await columns(`SELECT abs(INTERVAL '-10' YEAR)`)).toEqual([
      `abs(INTERVAL '-10' YEAR):yearMonthInterval`,
    ]);
    expect(
      await fixture.rows(`SELECT signum(INTERVAL '-10' YEAR), sign(INTERVAL '0 0:0:0' DAY TO SECOND)`),
    ).toEqual([[-1, 0]]);
  });

  it('raise INTERVAL_ARITHMETIC_OVERFLOW for the one value whose negation leaves INT or LONG', async () => {
    for (const sql of [
      `SELECT -(a) FROM VALUES (interval '-2147483648 months') t(a)`,
      `SELECT abs(a) FROM VALUES (interval '-2147483648 months') t(a)`,
    ]) {
      const e = await errorOf(fixture.session.execute(sql));
      expect(e.errorClass).toBe('INTERVAL_ARITHMETIC_OVERFLOW.WITHOUT_SUGGESTION');
    }
  });

  it('name the whole input collection when the argument is neither number nor interval', async () => {
    const e = await errorOf(fixture.session.execute(`SELECT abs(DATE '2020-01-01')`));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE');
    expect(e.messageParameters.requiredType).toBe(
      '("NUMERIC" or "INTERVAL DAY TO SECOND" or "INTERVAL YEAR TO MONTH")',
    );
  });
});

describe('div and width_bucket over intervals', () => {
  it('divides two intervals of one family into a BIGINT, truncated toward zero', async () => {
    expect(await columns(`SELECT div(INTERVAL '1-1' YEAR TO MONTH, INTERVAL '-1' MONTH)`)).toEqual([
      `(INTERVAL '1-1' YEAR TO MONTH div INTERVAL '-1' MONTH):primitive`,
    ]);
    expect(
      await fixture.rows(
        `SELECT div(INTERVAL '1-1' YEAR TO MONTH, INTERVAL '-1' MONTH), INTERVAL '1 06' DAY TO HOUR div INTERVAL '-7' HOUR`,
      ),
    ).toEqual([[-13n, -4n]]);
    const e = await errorOf(fixture.session.execute(`SELECT div(INTERVAL '1' MONTH, INTERVAL '-1' DAY)`));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES');
    const zero = await errorOf(fixture.session.execute(`SELECT div(INTERVAL '1' MONTH, INTERVAL '0' MONTH)`));
    expect(zero.errorClass).toBe('DIVIDE_BY_ZERO');
  });

  it('buckets interval values by their months or microseconds', async () => {
    expect(
      await fixture.rows(
        `SELECT width_bucket(INTERVAL '-1' YEAR, INTERVAL -'1-2' YEAR TO MONTH, INTERVAL '1-2' YEAR TO MONTH, 10),
                width_bucket(INTERVAL '-59' MINUTE, INTERVAL -'1 01' DAY TO HOUR, INTERVAL '1 2:3:4.001' DAY TO SECOND, 10)`,
      ),
    ).toEqual([[1n, 5n]]);
    const e = await errorOf(
      fixture.session.execute(
        `SELECT width_bucket(INTERVAL '1' YEAR, INTERVAL '0' DAY, INTERVAL '10' DAY, 10)`,
      ),
    );
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.DATA_DIFF_TYPES');
  });
});

describe('operator typing around ANSI intervals', () => {
  it('scales an interval by a string or NULL as by a DOUBLE', async () => {
    expect(await one(`SELECT CAST(interval 2 second * '2' AS STRING)`)).toBe(
      `INTERVAL '0 00:00:04' DAY TO SECOND`,
    );
    expect(await columns(`SELECT null * interval '2' year`)).toEqual([
      `(INTERVAL '2' YEAR * NULL):yearMonthInterval`,
    ]);
    const e = await errorOf(fixture.session.execute(`SELECT interval 2 year / 'a'`));
    expect(e.errorClass).toBe('CAST_INVALID_INPUT');
  });

  it('sends a year-month interval plus a day-time one to TimeAdd, which refuses it', async () => {
    const e = await errorOf(
      fixture.session.execute(`SELECT interval '3' day + interval '2-2' year to month`),
    );
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE');
    expect(e.messageParameters.sqlExpr).toBe(`"INTERVAL '2-2' YEAR TO MONTH + INTERVAL '3' DAY"`);
  });

  it('never compares a string with an ANSI interval, in either mode', async () => {
    for (const ansi of ['true', 'false']) {
      await fixture.session.execute(`SET spark.sql.ansi.enabled = ${ansi}`);
      const e = await errorOf(fixture.session.execute(`SELECT INTERVAL '1' DAY < '1'`));
      expect(e.errorClass).toBe('DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES');
    }
    await fixture.session.execute('SET spark.sql.ansi.enabled = true');
  });
});

describe('timestamp minus timestamp', () => {
  it('counts the microseconds between local date-times of the session time zone', async () => {
    await fixture.session.execute('SET spark.sql.session.timeZone = America/Los_Angeles');
    try {
      // Across the end of daylight saving time: Spark's subtractTimestamps still counts 24 hours a day.
      expect(
        await one(`SELECT CAST(date'2020-01-01' - timestamp'2019-10-06 10:11:12.345678' AS STRING)`),
      ).toBe(`INTERVAL '86 13:48:47.654322' DAY TO SECOND`);
    } finally {
      await fixture.session.execute('SET spark.sql.session.timeZone = UTC');
    }
  });
});
