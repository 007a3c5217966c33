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
