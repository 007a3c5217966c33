/**
 * `+` and `-` with dates and timestamps as Spark's ResolveBinaryArithmetic rewrites them: DateAdd/DateSub
 * take INT/SMALLINT/TINYINT days or NULL and nothing else, NULL against a timestamp or date subtracts, and the
 * column names are the rewritten expressions' SQL (date_add(…), `ts + INTERVAL …` without parentheses).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-date-days-arithmetic-');

async function named(sql: string): Promise<{ names: string[]; rows: unknown[][] }> {
  const results = await fixture.session.execute(sql);
  const last = results[results.length - 1];
  return last?.kind === 'rows'
    ? { names: last.columns.map((c) => c.name), rows: last.rows.map((r) => [...r]) }
    : { names: [], rows: [] };
}

describe('date and timestamp arithmetic', () => {
  afterEach(async () => {
    await fixture.session.setConf('spark.sql.ansi.enabled', 'true');
  });

  it('adds and subtracts days, from either side, named as DateAdd / DateSub', async () => {
    const { names, rows } = await named(
      "SELECT CAST(date'2011-11-11' + 1 AS STRING), CAST(2Y + date'2011-11-11' AS STRING), CAST(date'2011-11-11' - 3S AS STRING), date'2011-11-11' + null, null + date'2011-11-11', date'2011-11-11' - null",
    );
    expect(rows).toEqual([['2011-11-12', '2011-11-13', '2011-11-08', null, null, null]]);
    expect(names).toEqual([
      "CAST(date_add(DATE '2011-11-11', 1) AS STRING)",
      "CAST(date_add(DATE '2011-11-11', 2) AS STRING)",
      "CAST(date_sub(DATE '2011-11-11', 3) AS STRING)",
      "date_add(DATE '2011-11-11', NULL)",
      "date_add(DATE '2011-11-11', NULL)",
      "date_sub(DATE '2011-11-11', NULL)",
    ]);
  });

  it('days that are not INT, SMALLINT or TINYINT are UNEXPECTED_INPUT_TYPE of date_add', async () => {
    for (const [sql, inputSql, inputType, sqlExpr] of [
      ["SELECT date'2011-11-11' + 1E1", '10.0', 'DOUBLE', "date_add(DATE '2011-11-11', 10.0)"],
      ["SELECT date'2011-11-11' + 1L", '1', 'BIGINT', "date_add(DATE '2011-11-11', 1)"],
      ["SELECT date'2011-11-11' + '1'", '1', 'DATE', "date_add(DATE '2011-11-11', 1)"],
      ["SELECT '1' + date'2011-11-11'", "DATE '2011-11-11'", 'DATE', "date_add(1, DATE '2011-11-11')"],
      ["SELECT date'2011-11-11' - 1.5", '1.5', 'DECIMAL(2,1)', "date_sub(DATE '2011-11-11', 1.5)"],
    ] as const) {
      const e = await errorOf(fixture.session.execute(sql));
      expect(e.errorClass).toBe('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE');
      expect(e.messageParameters).toEqual({
        paramIndex: 'second',
        requiredType: '("INT" or "SMALLINT" or "TINYINT")',
        inputSql: `"${inputSql}"`,
        inputType: `"${inputType}"`,
        sqlExpr: `"${sqlExpr}"`,
      });
    }
  });

  it('a string promotes to DOUBLE in legacy mode before DateAdd refuses it', async () => {
    await fixture.session.setConf('spark.sql.ansi.enabled', 'false');
    const e = await errorOf(fixture.session.execute("SELECT '1' + date'2011-11-11'"));
    expect(e.messageParameters.inputType).toBe('"DOUBLE"');
    expect(e.messageParameters.sqlExpr).toBe(`"date_add(DATE '2011-11-11', 1)"`);
  });

  it('NULL minus a date or timestamp is an interval; a timestamp plus NULL is BINARY_OP_DIFF_TYPES', async () => {
    expect(
      await fixture.rows(
        "SELECT typeof(timestamp'2011-11-11 11:11:11' - null), typeof(null - timestamp'2011-11-11 11:11:11'), typeof(null - date'2019-10-06'), null - date'2019-10-06'",
      ),
    ).toEqual([['interval day to second', 'interval day to second', 'interval day', null]]);
    const e = await errorOf(fixture.session.execute("SELECT timestamp'2011-11-11 11:11:11' + null"));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES');
    expect(e.messageParameters).toMatchObject({ left: '"TIMESTAMP"', right: '"VOID"' });
  });

  it('names interval arithmetic by the rewritten expression, the datetime first', async () => {
    const { names } = await named(
      "SELECT date'2012-01-01' - interval 3 hours, interval '2' minute + date'2012-01-01', date'2011-11-11' - interval '2' day, timestamp'2011-11-11 11:11:11' + interval '2-2' year to month, 3 * interval '2' day",
    );
    expect(names).toEqual([
      "DATE '2012-01-01' - INTERVAL '03' HOUR",
      "DATE '2012-01-01' + INTERVAL '02' MINUTE",
      "date_add(DATE '2011-11-11', (- extractansiintervaldays(INTERVAL '2' DAY)))",
      "TIMESTAMP '2011-11-11 11:11:11' + INTERVAL '2-2' YEAR TO MONTH",
      "(INTERVAL '2' DAY * 3)",
    ]);
  });
});
