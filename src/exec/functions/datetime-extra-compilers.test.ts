/** timestampadd and its dateadd/date_add spellings; timestamp_millis/micros, dayname, monthname, try_to_date. */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';
import { sparkOutput } from './testing/spark-output.js';

const fx = useSqlSession('lakesql-datetime-extra-');
const at = (zone: string) => fx.rows(`SET spark.sql.session.timeZone=${zone}`);

describe('timestampadd', () => {
  it('adds each unit, named timestampadd whatever the spelling, keeping TIMESTAMP_NTZ', async () => {
    await at('UTC');
    expect(
      await sparkOutput(
        fx,
        `SELECT timestampadd(HOUR, 3, TIMESTAMP'2022-02-14 01:02:03'), dateadd(MONTH, 1, TIMESTAMP_NTZ'2022-01-31 01:02:03'),
                date_add(year, -1, DATE'2024-02-29'), timestampadd(MICROSECOND, 5, TIMESTAMP_NTZ'2022-02-14 01:02:03'),
                timestampadd(MILLISECOND, -1, TIMESTAMP'2022-02-14 00:00:00'), timestampadd(SECOND, 61, TIMESTAMP'2022-02-14 00:00:00'),
                timestampadd(MINUTE, 90, TIMESTAMP'2022-02-14 00:00:00'), timestampadd(WEEK, 2, DATE'2022-02-14'),
                timestampadd(QUARTER, 1, TIMESTAMP_NTZ'2022-11-30 00:00:00'), timestampadd(DAYOFYEAR, 1, DATE'2022-12-31'),
                timestampadd(DAY, NULL, DATE'2022-12-31'), date_add(DATE'2024-01-01', 3)`,
      ),
    ).toEqual({
      schema:
        "struct<timestampadd(HOUR, 3, TIMESTAMP '2022-02-14 01:02:03'):timestamp," +
        "timestampadd(MONTH, 1, TIMESTAMP_NTZ '2022-01-31 01:02:03'):timestamp_ntz," +
        "timestampadd(YEAR, -1, DATE '2024-02-29'):timestamp," +
        "timestampadd(MICROSECOND, 5, TIMESTAMP_NTZ '2022-02-14 01:02:03'):timestamp_ntz," +
        "timestampadd(MILLISECOND, -1, TIMESTAMP '2022-02-14 00:00:00'):timestamp," +
        "timestampadd(SECOND, 61, TIMESTAMP '2022-02-14 00:00:00'):timestamp," +
        "timestampadd(MINUTE, 90, TIMESTAMP '2022-02-14 00:00:00'):timestamp," +
        "timestampadd(WEEK, 2, DATE '2022-02-14'):timestamp," +
        "timestampadd(QUARTER, 1, TIMESTAMP_NTZ '2022-11-30 00:00:00'):timestamp_ntz," +
        "timestampadd(DAYOFYEAR, 1, DATE '2022-12-31'):timestamp," +
        "timestampadd(DAY, NULL, DATE '2022-12-31'):timestamp," +
        "date_add(DATE '2024-01-01', 3):date>",
      rows: [
        [
          '2022-02-14 04:02:03',
          '2022-02-28 01:02:03',
          '2023-02-28 00:00:00',
          '2022-02-14 01:02:03.000005',
          '2022-02-13 23:59:59.999',
          '2022-02-14 00:01:01',
          '2022-02-14 01:30:00',
          '2022-02-28 00:00:00',
          '2023-02-28 00:00:00',
          '2023-01-01 00:00:00',
          'NULL',
          '2024-01-04',
        ].join('\t'),
      ],
    });
  });

  it('adds days to the local date-time in the session zone, hours to the instant', async () => {
    await at('America/Los_Angeles');
    expect(
      (
        await sparkOutput(
          fx,
          `SELECT timestampadd(DAY, 1, TIMESTAMP'2024-03-09 02:30:00'), timestampadd(HOUR, 24, TIMESTAMP'2024-03-09 02:30:00'),
                  timestampadd(DAY, 1, TIMESTAMP'2024-11-02 12:00:00'), timestampadd(HOUR, 24, TIMESTAMP'2024-11-02 12:00:00')`,
        )
      ).rows,
    ).toEqual(['2024-03-10 03:30:00\t2024-03-10 03:30:00\t2024-11-03 12:00:00\t2024-11-03 11:00:00']);
  });

  it('refuses a BIGINT quantity, naming the call as written', async () => {
    const e = await errorOf(
      fx.rows(`SELECT timestampadd(MINUTE, id, TIMESTAMP'2024-01-01 00:15:00') FROM range(1)`),
    );
    expect([e.errorClass, e.messageParameters.sqlExpr, e.messageParameters.inputSql]).toEqual([
      'DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE',
      `"timestampadd(MINUTE, id, TIMESTAMP '2024-01-01 00:15:00')"`,
      '"id"',
    ]);
  });

  it('raises DATETIME_OVERFLOW past the timestamp range', async () => {
    await at('UTC');
    const e = await errorOf(fx.rows(`SELECT timestampadd(YEAR, 1000000, TIMESTAMP'2024-01-01 00:00:00')`));
    expect([e.errorClass, e.sqlState, e.messageParameters]).toEqual([
      'DATETIME_OVERFLOW',
      '22008',
      { operation: "add 1000000 YEAR to TIMESTAMP '2024-01-01 00:00:00'" },
    ]);
  });
});

describe('timestamp_millis / timestamp_micros', () => {
  it('reads epoch milliseconds and microseconds, shown in the session zone', async () => {
    await at('America/Los_Angeles');
    expect(
      await sparkOutput(
        fx,
        `SELECT timestamp_millis(1230219000123), timestamp_micros(1230219000123123), timestamp_millis(-1),
                timestamp_micros(CAST(7 AS TINYINT)), timestamp_millis(NULL)`,
      ),
    ).toEqual({
      schema:
        'struct<timestamp_millis(1230219000123):timestamp,timestamp_micros(1230219000123123):timestamp,' +
        'timestamp_millis(-1):timestamp,timestamp_micros(CAST(7 AS TINYINT)):timestamp,timestamp_millis(NULL):timestamp>',
      rows: [
        '2008-12-25 07:30:00.123\t2008-12-25 07:30:00.123123\t1969-12-31 15:59:59.999\t1969-12-31 16:00:00.000007\tNULL',
      ],
    });
  });

  it('raises ARITHMETIC_OVERFLOW when the milliseconds overflow microseconds', async () => {
    const e = await errorOf(fx.rows('SELECT timestamp_millis(9223372036854775807)'));
    expect([e.errorClass, e.sqlState, e.messageParameters.message]).toEqual([
      'ARITHMETIC_OVERFLOW',
      '22003',
      'long overflow',
    ]);
  });
});

describe('dayname / monthname / try_to_date / date_diff', () => {
  it('names days and months in three English letters', async () => {
    await at('UTC');
    const out = await sparkOutput(
      fx,
      `SELECT dayname(d), monthname(d) FROM VALUES (DATE'2008-02-20'), (DATE'2024-12-01'), (DATE'2023-07-15'), (NULL) v(d)`,
    );
    expect(out).toEqual({
      schema: 'struct<dayname(d):string,monthname(d):string>',
      rows: ['Wed\tFeb', 'Sun\tDec', 'Sat\tJul', 'NULL\tNULL'],
    });
    expect(
      (await sparkOutput(fx, `SELECT dayname('2024-01-01'), monthname(TIMESTAMP'2024-05-31 23:00:00')`)).rows,
    ).toEqual(['Mon\tMay']);
  });

  it('try_to_date answers NULL where to_date fails', async () => {
    await fx.rows('SET spark.sql.ansi.enabled=true');
    expect(
      await sparkOutput(
        fx,
        `SELECT try_to_date('2016-12-31'), try_to_date('2016-12-31', 'yyyy-MM-dd'), try_to_date('foo'),
                try_to_date('2016-13-31', 'yyyy-MM-dd'), try_to_date(TIMESTAMP'2016-12-31 10:00:00')`,
      ),
    ).toEqual({
      schema:
        'struct<try_to_date(2016-12-31):date,try_to_date(2016-12-31, yyyy-MM-dd):date,try_to_date(foo):date,' +
        "try_to_date(2016-13-31, yyyy-MM-dd):date,try_to_date(TIMESTAMP '2016-12-31 10:00:00'):date>",
      rows: ['2016-12-31\t2016-12-31\tNULL\tNULL\t2016-12-31'],
    });
  });

  it('date_diff is datediff; with a unit it is timestampdiff', async () => {
    expect(
      await sparkOutput(
        fx,
        `SELECT date_diff(DATE'2024-01-10', DATE'2024-01-01'), date_diff(DAY, DATE'2024-01-01', DATE'2024-01-10')`,
      ),
    ).toEqual({
      schema:
        "struct<date_diff(DATE '2024-01-10', DATE '2024-01-01'):int,timestampdiff(DAY, DATE '2024-01-01', DATE '2024-01-10'):bigint>",
      rows: ['9\t9'],
    });
  });
});
