/**
 * Column names of timestamp literals follow Spark's Literal.sql (the value in the session time zone, the type
 * spark.sql.timestampType gave a bare TIMESTAMP), and the unit of timestampadd/timestampdiff and their other
 * spellings is a keyword: a quoted unit is INVALID_PARAMETER_VALUE.DATETIME_UNIT.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-timestamp-literal-names-');

async function columnNames(sql: string): Promise<string[]> {
  const results = await fixture.session.execute(sql);
  const last = results[results.length - 1];
  return last?.kind === 'rows' ? last.columns.map((c) => c.name) : [];
}

describe('timestamp literal names', () => {
  afterEach(async () => {
    await fixture.session.setConf('spark.sql.timestampType', 'TIMESTAMP_LTZ');
    await fixture.session.setConf('spark.sql.session.timeZone', 'UTC');
  });

  it('print the instant in the session time zone', async () => {
    await fixture.session.setConf('spark.sql.session.timeZone', 'America/Los_Angeles');
    expect(
      await columnNames(
        "SELECT unix_seconds(timestamp'2020-12-01 14:30:08Z'), unix_millis(TIMESTAMP'2020-12-01 14:30:08.120'), hour(timestamp'2020-12-01 1:2:3')",
      ),
    ).toEqual([
      "unix_seconds(TIMESTAMP '2020-12-01 06:30:08')",
      "unix_millis(TIMESTAMP '2020-12-01 14:30:08.12')",
      "hour(TIMESTAMP '2020-12-01 01:02:03')",
    ]);
  });

  it('a bare TIMESTAMP is TIMESTAMP_NTZ under spark.sql.timestampType, unless it names a zone', async () => {
    await fixture.session.setConf('spark.sql.timestampType', 'TIMESTAMP_NTZ');
    expect(
      await columnNames(
        "SELECT timestamp'2019-01-01\t', timestamp'2011-11-11 11:11:11' - date'2011-11-10', timestampadd(MONTH, -1, timestamp'2022-02-14 01:02:03'), unix_seconds(timestamp'2020-12-01 14:30:08Z')",
      ),
    ).toEqual([
      "TIMESTAMP_NTZ '2019-01-01 00:00:00'",
      "(TIMESTAMP_NTZ '2011-11-11 11:11:11' - DATE '2011-11-10')",
      "timestampadd(MONTH, -1, TIMESTAMP_NTZ '2022-02-14 01:02:03')",
      "unix_seconds(TIMESTAMP '2020-12-01 14:30:08')",
    ]);
  });
});

describe('the unit of timestampadd and timestampdiff', () => {
  it('timediff is timestampdiff', async () => {
    expect(
      await fixture.rows(
        "SELECT timediff(QUARTER, timestamp'2023-08-10 01:02:03', timestamp'2022-01-14 01:02:03'), timediff(DAY, date'2022-02-15', date'2023-02-15')",
      ),
    ).toEqual([[-6n, 365n]]);
    expect(await columnNames("SELECT timediff(HOUR, date'2022-02-14', date'2022-02-15')")).toEqual([
      "timestampdiff(HOUR, DATE '2022-02-14', DATE '2022-02-15')",
    ]);
  });

  it('a quoted unit is INVALID_PARAMETER_VALUE.DATETIME_UNIT, for every spelling', async () => {
    for (const [sql, fn, unit] of [
      ["SELECT timestampadd('MONTH', -1, timestamp'2022-02-14 01:02:03')", 'timestampadd', "'MONTH'"],
      ["SELECT date_add('QUARTER', 5, date'2022-02-25')", 'date_add', "'QUARTER'"],
      ["SELECT dateadd('MICROSECOND', 1001, timestamp'2022-02-25 01:02:03.123')", 'dateadd', "'MICROSECOND'"],
      ["SELECT datediff('YEAR', date'2022-02-25', date'2023-02-25')", 'datediff', "'YEAR'"],
      ["SELECT timediff('MINUTE', date'2022-02-25', date'2023-02-25')", 'timediff', "'MINUTE'"],
    ] as const) {
      const e = await errorOf(fixture.session.execute(sql));
      expect(e.errorClass).toBe('INVALID_PARAMETER_VALUE.DATETIME_UNIT');
      expect(e.sqlState).toBe('22023');
      expect(e.messageParameters).toEqual({
        functionName: `\`${fn}\``,
        invalidValue: unit,
        parameter: '`unit`',
      });
    }
  });
});
