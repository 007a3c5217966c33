/** make_timestamp, make_timestamp_ltz/_ntz and their try_ forms: java.time's field checks, ANSI or NULL. */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';
import { sparkOutput } from './testing/spark-output.js';

const fx = useSqlSession('lakesql-make-timestamp-');
const session = (zone: string, ansi = true) =>
  fx.rows(`SET spark.sql.session.timeZone=${zone}; SET spark.sql.ansi.enabled=${ansi}`);

describe('make_timestamp', () => {
  it('builds timestamps as Spark documents, named and typed as Spark prints them', async () => {
    await session('UTC');
    expect(
      await sparkOutput(
        fx,
        `SELECT make_timestamp(2014, 12, 28, 6, 30, 45.887), make_timestamp(2014, 12, 28, 6, 30, 45.887, 'CET'),
                make_timestamp(2019, 6, 30, 23, 59, 60), make_timestamp_ntz(2021, 07, 11, 6, 30, 45.678),
                make_timestamp_ltz(2019, 6, 30, 23, 59, 1, '+08:00'), make_timestamp(null, 7, 22, 15, 30, 0)`,
      ),
    ).toEqual({
      schema:
        'struct<make_timestamp(2014, 12, 28, 6, 30, 45.887):timestamp,' +
        'make_timestamp(2014, 12, 28, 6, 30, 45.887, CET):timestamp,' +
        'make_timestamp(2019, 6, 30, 23, 59, 60):timestamp,' +
        'make_timestamp_ntz(2021, 7, 11, 6, 30, 45.678):timestamp_ntz,' +
        'make_timestamp_ltz(2019, 6, 30, 23, 59, 1, +08:00):timestamp,' +
        'make_timestamp(NULL, 7, 22, 15, 30, 0):timestamp>',
      rows: [
        '2014-12-28 06:30:45.887\t2014-12-28 05:30:45.887\t2019-07-01 00:00:00\t2021-07-11 06:30:45.678\t2019-06-30 15:59:01\tNULL',
      ],
    });
  });

  it('reads the fields in the session zone, DST gap moved forward, and in a zone given per row', async () => {
    await session('America/Los_Angeles');
    const out = await sparkOutput(
      fx,
      `SELECT unix_seconds(make_timestamp(2024, 3, 10, 2, 30, 0)), unix_seconds(make_timestamp(2024, 11, 3, 1, 30, 0)),
              unix_seconds(make_timestamp(2024, 11, 3, 1, 30, 0, z)), make_timestamp_ntz(2024, 3, 10, 2, 30, 0.000001)
       FROM VALUES ('UTC') v(z)`,
    );
    // 02:30 does not exist on 2024-03-10 in Los Angeles: 10:30Z (03:30 PDT); 01:30 on 2024-11-03 is PDT.
    expect(out.rows).toEqual(['1710066600\t1730622600\t1730597400\t2024-03-10 02:30:00.000001']);
  });

  it('raises DATETIME_FIELD_OUT_OF_BOUNDS with java.time message under ANSI', async () => {
    await session('UTC');
    const cases: [string, string][] = [
      ['2023, 13, 1, 0, 0, 0', 'Invalid value for MonthOfYear (valid values 1 - 12): 13'],
      ['2023, 1, 0, 0, 0, 0', 'Invalid value for DayOfMonth (valid values 1 - 28/31): 0'],
      ['2023, 2, 29, 0, 0, 0', "Invalid date 'February 29' as '2023' is not a leap year"],
      ['2023, 4, 31, 0, 0, 0', "Invalid date 'APRIL 31'"],
      ['2023, 1, 1, 24, 0, 0', 'Invalid value for HourOfDay (valid values 0 - 23): 24'],
      ['2023, 1, 1, 0, 60, 0', 'Invalid value for MinuteOfHour (valid values 0 - 59): 60'],
      ['2023, 1, 1, 0, 0, 61', 'Invalid value for SecondOfMinute (valid values 0 - 59): 61'],
      ['2023, 1, 1, 0, 0, -0.5', 'Invalid value for SecondOfMinute (valid values 0 - 59): -1'],
    ];
    for (const [args, rangeMessage] of cases) {
      const e = await errorOf(fx.rows(`SELECT make_timestamp(${args})`));
      expect([e.errorClass, e.sqlState, e.messageParameters]).toEqual([
        'DATETIME_FIELD_OUT_OF_BOUNDS',
        '22023',
        { rangeMessage, ansiConfig: '"spark.sql.ansi.enabled"' },
      ]);
    }
    const e = await errorOf(fx.rows('SELECT make_timestamp_ntz(2021, 07, 11, 6, 30, 60.007)'));
    expect([e.errorClass, e.sqlState, e.messageParameters]).toEqual([
      'INVALID_FRACTION_OF_SECOND',
      '22023',
      { secAndMicros: '60.007' },
    ]);
    const arity = await errorOf(fx.rows(`SELECT make_timestamp_ntz(2021, 07, 11, 6, 30, 45.678, 'CET')`));
    expect([arity.errorClass, arity.messageParameters.expectedNum]).toEqual([
      'WRONG_NUM_ARGS.WITHOUT_SUGGESTION',
      '6',
    ]);
    const zone = await errorOf(fx.rows(`SELECT make_timestamp(2021, 07, 11, 6, 30, 1, 'Nowhere/City')`));
    expect(zone.errorClass).toBe('INVALID_TIMEZONE');
  });

  it('answers NULL for invalid fields without ANSI, and always in the try_ forms', async () => {
    await session('UTC', false);
    expect(
      await fx.rows(
        `SELECT make_timestamp(2023, 13, 1, 0, 0, 0), make_timestamp_ntz(2021, 7, 11, 6, 30, 60.007),
                make_timestamp_ltz(2023, 2, 29, 0, 0, 0)`,
      ),
    ).toEqual([[null, null, null]]);
    await session('UTC', true);
    const out = await sparkOutput(
      fx,
      `SELECT try_make_timestamp(2023, 2, 29, 0, 0, 0), try_make_timestamp_ntz(2021, 7, 11, 6, 30, 60.007),
              try_make_timestamp_ltz(2024, 2, 29, 1, 2, 3.5, 'Asia/Tokyo'), try_make_timestamp_ntz(2024, 2, 29, 1, 2, 60)`,
    );
    expect(out).toEqual({
      schema:
        'struct<try_make_timestamp(2023, 2, 29, 0, 0, 0):timestamp,try_make_timestamp_ntz(2021, 7, 11, 6, 30, 60.007):timestamp_ntz,' +
        'try_make_timestamp_ltz(2024, 2, 29, 1, 2, 3.5, Asia/Tokyo):timestamp,try_make_timestamp_ntz(2024, 2, 29, 1, 2, 60):timestamp_ntz>',
      rows: ['NULL\tNULL\t2024-02-28 16:02:03.5\t2024-02-29 01:03:00'],
    });
  });
});

describe('make_date', () => {
  it('builds dates, DATETIME_FIELD_OUT_OF_BOUNDS under ANSI and NULL otherwise', async () => {
    await session('UTC');
    expect(
      await sparkOutput(fx, 'SELECT make_date(2013, 7, 15), make_date(2024, 2, 29), make_date(NULL, 13, 1)'),
    ).toEqual({
      schema: 'struct<make_date(2013, 7, 15):date,make_date(2024, 2, 29):date,make_date(NULL, 13, 1):date>',
      rows: ['2013-07-15\t2024-02-29\tNULL'],
    });
    const e = await errorOf(fx.rows('SELECT make_date(2019, 2, 30)'));
    expect([e.errorClass, e.messageParameters.rangeMessage]).toEqual([
      'DATETIME_FIELD_OUT_OF_BOUNDS',
      "Invalid date 'FEBRUARY 30'",
    ]);
    await session('UTC', false);
    expect(
      await fx.rows('SELECT make_date(2019, 13, 1), make_date(2019, 2, 29), make_date(2019, 1, 32)'),
    ).toEqual([[null, null, null]]);
  });
});
