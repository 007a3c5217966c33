/** next_day(date, dayOfWeek): Spark's day names, strings cast to dates, ILLEGAL_DAY_OF_WEEK or NULL. */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';
import { sparkOutput } from './testing/spark-output.js';

const fx = useSqlSession('lakesql-next-day-');

describe('next_day', () => {
  it('finds the next such day after the date, for every spelling of the day', async () => {
    await fx.rows('SET spark.sql.ansi.enabled=true');
    expect(
      await sparkOutput(
        fx,
        `SELECT next_day('2015-01-14', 'TU'), next_day(DATE'2015-01-14', 'tuesday'), next_day(DATE'2015-01-14', 'Wed'),
                next_day(TIMESTAMP'2015-01-14 23:00:00', 'TH'), next_day(DATE'2015-01-17', 'SUN'), next_day(NULL, 'MO'),
                next_day(DATE'2015-01-14', NULL)`,
      ),
    ).toEqual({
      schema:
        "struct<next_day(2015-01-14, TU):date,next_day(DATE '2015-01-14', tuesday):date,next_day(DATE '2015-01-14', Wed):date," +
        "next_day(TIMESTAMP '2015-01-14 23:00:00', TH):date,next_day(DATE '2015-01-17', SUN):date,next_day(NULL, MO):date," +
        "next_day(DATE '2015-01-14', NULL):date>",
      rows: ['2015-01-20\t2015-01-20\t2015-01-21\t2015-01-15\t2015-01-18\tNULL\tNULL'],
    });
    // 2024-01-01 is a Monday; the day names come per row.
    const days = await sparkOutput(
      fx,
      `SELECT next_day(DATE'2024-01-01', d) FROM VALUES ('MO'), ('TUE'), ('WEDNESDAY'), ('th'), ('Fri'), ('saturday'), ('Su') v(d)`,
    );
    expect(days.rows).toEqual([
      '2024-01-08',
      '2024-01-02',
      '2024-01-03',
      '2024-01-04',
      '2024-01-05',
      '2024-01-06',
      '2024-01-07',
    ]);
  });

  it('raises ILLEGAL_DAY_OF_WEEK under ANSI, NULL otherwise', async () => {
    await fx.rows('SET spark.sql.ansi.enabled=true');
    const e = await errorOf(fx.rows(`SELECT next_day(DATE'2015-01-14', 'xx')`));
    expect([e.errorClass, e.sqlState, e.messageParameters]).toEqual([
      'ILLEGAL_DAY_OF_WEEK',
      '22009',
      { string: 'xx' },
    ]);
    await fx.rows('SET spark.sql.ansi.enabled=false');
    expect(
      await fx.rows(`SELECT next_day(DATE'2015-01-14', 'xx'), next_day(DATE'2015-01-14', ' MO')`),
    ).toEqual([[null, null]]);
  });
});
