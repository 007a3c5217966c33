/**
 * make_interval, make_dt_interval and make_ym_interval end to end: Spark's values (from its interval.sql
 * golden file and function docs), result types, generated column names and overflow errors.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-interval-constructors-');
const one = async (sql: string) => (await fixture.rows(sql))[0]?.[0];
const calendar = (months: number, days: number, microseconds: bigint) => ({
  kind: 'calendarInterval',
  months,
  days,
  microseconds,
});
const ANSI = '"spark.sql.ansi.enabled"';

describe('make_interval', () => {
  it('adds years, months, weeks, days, hours, minutes and seconds into months, days and microseconds', async () => {
    expect(await one('SELECT make_interval(1, 2, 3, 4, 5, 6, 7.008009)')).toEqual(
      calendar(14, 25, 18_367_008_009n),
    );
    expect(await one('SELECT make_interval(1, 2, 3, 4, 0, 0, 123456789012.123456)')).toEqual(
      calendar(14, 25, 123_456_789_012_123_456n),
    );
    expect(await one('SELECT make_interval(-1, 1)')).toEqual(calendar(-11, 0, 0n));
    expect(await one('SELECT make_interval()')).toEqual(calendar(0, 0, 0n));
  });

  it('fills the missing arguments with zeros, as its generated name shows', async () => {
    const results = await fixture.session.execute(
      'SELECT make_interval(1), make_interval(1, 2, 3, 4, 5, 6, 7.008009), typeof(make_interval(1))',
    );
    const r = results[0]!;
    if (r.kind !== 'rows') throw new Error('rows expected');
    expect(r.columns.map((c) => c.name)).toEqual([
      'make_interval(1, 0, 0, 0, 0, 0, 0.000000)',
      'make_interval(1, 2, 3, 4, 5, 6, 7.008009)',
      'typeof(make_interval(1, 0, 0, 0, 0, 0, 0.000000))',
    ]);
    expect(r.rows[0]![2]).toBe('interval');
  });

  it('is NULL when an argument is NULL', async () => {
    expect(await one('SELECT make_interval(100, null, 3)')).toBeNull();
    expect(await one('SELECT make_interval(2147483647, 0, 0, 0, 0, 0, null)')).toBeNull();
  });

  it('raises ARITHMETIC_OVERFLOW under ANSI and gives NULL otherwise', async () => {
    const e = await errorOf(fixture.session.execute('SELECT make_interval(2147483647)'));
    expect(e.errorClass).toBe('ARITHMETIC_OVERFLOW');
    expect(e.sqlState).toBe('22003');
    expect(e.messageParameters).toEqual({ message: 'integer overflow', alternative: '', config: ANSI });
    await fixture.session.execute('SET spark.sql.ansi.enabled = false');
    try {
      expect(await one('SELECT make_interval(0, 0, 306783379)')).toBeNull();
      // The seconds' cast to DECIMAL(18, 6) overflows first, to NULL.
      expect(await one('SELECT make_interval(0, 0, 0, 0, 0, 0, 1234567890123456789)')).toBeNull();
    } finally {
      await fixture.session.execute('SET spark.sql.ansi.enabled = true');
    }
  });

  it('checks the seconds against DECIMAL(18, 6) under ANSI', async () => {
    const e = await errorOf(
      fixture.session.execute('SELECT make_interval(0, 0, 0, 0, 0, 0, 1234567890123456789)'),
    );
    expect(e.errorClass).toBe('NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION');
  });
});

describe('try_make_interval', () => {
  it('is make_interval with NULL for an overflow, under ANSI too', async () => {
    expect(await one('SELECT try_make_interval(1, 2, 3, 4, 5, 6, 7.008009)')).toEqual(
      calendar(14, 25, 18_367_008_009n),
    );
    expect(await one('SELECT try_make_interval(2147483647)')).toBeNull();
    expect(await one('SELECT try_make_interval(0, 0, 306783379)')).toBeNull();
  });
});

describe('make_dt_interval', () => {
  it('gives INTERVAL DAY TO SECOND microseconds', async () => {
    expect(await one('SELECT make_dt_interval(1, 2, 3, 4.005006)')).toBe(93_784_005_006n);
    expect(await one('SELECT make_dt_interval(1, 0, 0, 123456789012.123456)')).toBe(123_456_875_412_123_456n);
    expect(await one('SELECT make_dt_interval(-1, 0, 0, -0.5)')).toBe(-86_400_500_000n);
    expect(await one('SELECT make_dt_interval(2)')).toBe(172_800_000_000n);
    expect(await one('SELECT make_dt_interval(100, null, 3)')).toBeNull();
    expect(await one('SELECT typeof(make_dt_interval())')).toBe('interval day to second');
  });

  it('raises INTERVAL_ARITHMETIC_OVERFLOW.WITHOUT_SUGGESTION in every mode', async () => {
    await fixture.session.execute('SET spark.sql.ansi.enabled = false');
    try {
      const e = await errorOf(fixture.session.execute('SELECT make_dt_interval(2147483647)'));
      expect(e.errorClass).toBe('INTERVAL_ARITHMETIC_OVERFLOW.WITHOUT_SUGGESTION');
      expect(e.messageParameters).toEqual({});
    } finally {
      await fixture.session.execute('SET spark.sql.ansi.enabled = true');
    }
  });
});

describe('make_ym_interval', () => {
  it('gives INTERVAL YEAR TO MONTH months up to the INT bounds', async () => {
    expect(await one('SELECT make_ym_interval(1, 2)')).toBe(14);
    expect(await one('SELECT make_ym_interval(-1, 1)')).toBe(-11);
    expect(await one('SELECT make_ym_interval(178956970, 7)')).toBe(2_147_483_647);
    expect(await one('SELECT make_ym_interval(-178956970, -8)')).toBe(-2_147_483_648);
    expect(await one('SELECT make_ym_interval(null, 1)')).toBeNull();
    expect(await one('SELECT typeof(make_ym_interval(1))')).toBe('interval year to month');
  });

  it('raises INTERVAL_ARITHMETIC_OVERFLOW.WITHOUT_SUGGESTION past them', async () => {
    for (const sql of ['SELECT make_ym_interval(178956970, 8)', 'SELECT make_ym_interval(-178956970, -9)']) {
      const e = await errorOf(fixture.session.execute(sql));
      expect(e.errorClass).toBe('INTERVAL_ARITHMETIC_OVERFLOW.WITHOUT_SUGGESTION');
      expect(e.sqlState).toBe('22015');
      expect(e.messageParameters).toEqual({});
    }
  });

  it('rejects more arguments than Spark takes', async () => {
    const e = await errorOf(fixture.session.execute('SELECT make_ym_interval(1, 2, 3)'));
    expect(e.errorClass).toBe('WRONG_NUM_ARGS.WITHOUT_SUGGESTION');
    expect(e.messageParameters).toMatchObject({ expectedNum: '[0, 1, 2]', actualNum: 3 });
  });
});
