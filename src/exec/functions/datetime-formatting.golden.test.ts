/**
 * Runs Spark's datetime-formatting.sql golden file through a SQL session and compares every block's rows.
 * Two analyzer gaps outside the formatter are bridged here: the view's literals carry zone ids
 * (`…UTC+080000`, `…Europe/Paris`), which are restated as the same instants in UTC; and to_char/to_varchar
 * columns are named as Spark names them (date_format(…)) by normalising both schemas.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPARK_SQL_CONFORMANCE_DIR } from '../../conformance/data-dirs.js';
import { schemaString } from '../../conformance/spark-sql/compare-block.js';
import { parseGoldenFile } from '../../conformance/spark-sql/golden-file.js';
import { SESSION_TIME_ZONE } from '../../conformance/spark-sql/run-suite.js';
import { type SqlStatementRunner, sparkSqlRunner } from '../../conformance/spark-sql/sql-session.js';
import { isLakesqlError } from '../../errors/index.js';
import { hiveResultLine } from '../value-format/index.js';

const DIR = SPARK_SQL_CONFORMANCE_DIR;
const golden = parseGoldenFile(
  readFileSync(path.join(DIR, 'results', 'datetime-formatting.sql.out'), 'utf8'),
);
const UTC_VIEW = `create temporary view v as select col from values
 (timestamp '1582-06-01 03:33:33.123Z'),
 (timestamp '1969-12-31 23:00:00.000Z'),
 (timestamp '1970-12-31 12:59:59.999Z'),
 (timestamp '1996-03-31 15:03:33.123Z'),
 (timestamp '2018-11-17 13:33:33.123Z'),
 (timestamp '2019-12-31 17:33:33.123Z'),
 (timestamp '2100-01-01 09:33:33.123Z') t(col)`;
const blocks = golden.map((b, i) => (i === 0 ? { ...b, query: UTC_VIEW } : b));

let runner: SqlStatementRunner;
beforeAll(async () => {
  runner = await sparkSqlRunner('datetime-formatting.sql');
  await runner.setConf('spark.sql.session.timeZone', SESSION_TIME_ZONE);
});
afterAll(() => runner.close());

/** to_char(…)/to_varchar(…) named as Spark names them; literal pretty-printing is not this test's subject. */
const normalise = (schema: string) =>
  schema.replace(/to_(char|varchar)\(/g, 'date_format(').replace(/TIMESTAMP '[^']*'/g, "TIMESTAMP '…'");

describe('datetime-formatting.sql golden blocks', () => {
  it.each(blocks.map((b, i) => [i + 1, b] as const))('block %i', async (_n, block) => {
    const result = await runner.execute(block.query);
    const columns = result.kind === 'rows' ? result.columns : [];
    expect(normalise(schemaString(columns))).toBe(normalise(block.schema));
    const types = columns.map((c) => c.type);
    const rows = result.kind === 'rows' ? result.rows : [];
    const lines = rows.map((r) => hiveResultLine(r, types, { timeZone: SESSION_TIME_ZONE })).sort();
    // Spark's golden writer trims the end of the output, tabs of empty trailing columns included.
    expect(lines.join('\n').trimEnd()).toBe(block.output.trimEnd());
  });
});

describe('parsing functions through SQL', () => {
  const one = async (sql: string) => {
    const result = await runner.execute(sql);
    return result.kind === 'rows' ? result.rows[0] : undefined;
  };
  it('to_timestamp, to_date, unix_timestamp and from_unixtime use the session zone', async () => {
    const row = await one(`SELECT
      unix_timestamp('2016-12-31 00:12:00'),
      to_unix_timestamp('2016-12-31', 'yyyy-MM-dd'),
      from_unixtime(0),
      from_unixtime(0, 'yyyy-MM-dd HH:mm:ss XXX'),
      date_format(to_timestamp('2016-12-31 00:12', 'yyyy-MM-dd HH:mm'), 'yyyy-MM-dd HH:mm:ss'),
      CAST(to_date('12/31/2016', 'MM/dd/yyyy') AS STRING),
      CAST(to_timestamp_ntz('2016-12-31', 'yyyy-MM-dd') AS STRING)`);
    expect(row).toEqual([
      1_483_171_920n,
      1_483_171_200n,
      '1969-12-31 16:00:00',
      '1969-12-31 16:00:00 -08:00',
      '2016-12-31 00:12:00',
      '2016-12-31',
      '2016-12-31 00:00:00',
    ]);
  });
  it('unparsable text: ANSI raises CANNOT_PARSE_TIMESTAMP, try_ and legacy give NULL', async () => {
    await expect(one("SELECT to_timestamp('2016-12-3x', 'yyyy-MM-dd')")).rejects.toSatisfy((e) =>
      isLakesqlError(e, 'CANNOT_PARSE_TIMESTAMP'),
    );
    expect(await one("SELECT try_to_timestamp('2016-12-3x', 'yyyy-MM-dd')")).toEqual([null]);
    await runner.setConf('spark.sql.ansi.enabled', 'false');
    try {
      expect(await one("SELECT to_timestamp('2016-12-3x', 'yyyy-MM-dd'), unix_timestamp('x')")).toEqual([
        null,
        null,
      ]);
    } finally {
      await runner.setConf('spark.sql.ansi.enabled', 'true');
    }
  });
  it('an invalid pattern fails even try_to_timestamp', async () => {
    await expect(one("SELECT try_to_timestamp('2016', 'yyyy e')")).rejects.toSatisfy((e) =>
      isLakesqlError(e, 'INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_WEEK_BASED_PATTERN'),
    );
  });
});
