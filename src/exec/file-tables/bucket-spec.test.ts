/**
 * CLUSTERED BY (…) [SORTED BY (…)] INTO n BUCKETS on a file table: recorded in the catalog, shown by DESCRIBE
 * EXTENDED and SHOW CREATE TABLE in Spark's rows, refused for Delta tables, and writes into a bucketed table
 * fail instead of writing files without the bucket layout.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-bucket-spec-');

describe('bucketed file tables', () => {
  it('DESCRIBE EXTENDED shows Num Buckets, Bucket Columns and Sort Columns after Provider', async () => {
    await fx.session.execute(
      `CREATE TABLE b1 (a STRING, B INT, c STRING) USING parquet PARTITIONED BY (c)
       CLUSTERED BY (a) SORTED BY (b ASC) INTO 2 BUCKETS COMMENT 'cmt'`,
    );
    const rows = await fx.rows('DESC EXTENDED b1');
    const at = rows.findIndex((r) => r[0] === 'Provider');
    expect(rows.slice(at, at + 5)).toEqual([
      ['Provider', 'parquet', ''],
      ['Num Buckets', '2', ''],
      ['Bucket Columns', '[`a`]', ''],
      ['Sort Columns', '[`B`]', ''],
      ['Comment', 'cmt', ''],
    ]);
  });

  it('SHOW CREATE TABLE prints the bucket spec a clause a line', async () => {
    await fx.session.execute(
      'CREATE TABLE b2 (a INT, b STRING) USING parquet CLUSTERED BY (a, b) INTO 4 BUCKETS',
    );
    expect(await fx.rows('SHOW CREATE TABLE b2')).toEqual([
      [
        'CREATE TABLE spark_catalog.default.b2 (\n  a INT,\n  b STRING)\nUSING parquet\nCLUSTERED BY (a, b)\nINTO 4 BUCKETS\n',
      ],
    ]);
  });

  it('refuses DESC ordering, a bad count, unknown columns, Delta tables, and writes', async () => {
    const cls = async (sql: string) => (await errorOf(fx.session.execute(sql))).errorClass;
    expect(
      await cls('CREATE TABLE x (a INT) USING parquet CLUSTERED BY (a) SORTED BY (a DESC) INTO 2 BUCKETS'),
    ).toBe('_LEGACY_ERROR_TEMP_0035');
    expect(await cls('CREATE TABLE x (a INT) USING parquet CLUSTERED BY (a) INTO 0 BUCKETS')).toBe(
      'INVALID_BUCKET_COUNT',
    );
    const e = await errorOf(
      fx.session.execute('CREATE TABLE x (a INT) USING parquet CLUSTERED BY (z) INTO 2 BUCKETS'),
    );
    expect(e.errorClass).toBe('COLUMN_NOT_DEFINED_IN_TABLE');
    expect(e.message).toContain('bucket column `z` is not defined in table');
    const d = await errorOf(
      fx.session.execute('CREATE TABLE x (a INT) USING delta CLUSTERED BY (a) INTO 2 BUCKETS'),
    );
    expect([d.errorClass, d.message]).toEqual([
      'DELTA_OPERATION_NOT_ALLOWED',
      '[DELTA_OPERATION_NOT_ALLOWED] Operation not allowed: `Bucketing` is not supported for Delta tables SQLSTATE: 0AKDC',
    ]);
    expect(await cls('INSERT INTO b2 VALUES (1, "x")')).toBe('UNSUPPORTED_FEATURE');
    expect(await cls('CREATE TABLE x USING parquet CLUSTERED BY (a) INTO 2 BUCKETS AS SELECT 1 AS a')).toBe(
      'UNSUPPORTED_FEATURE',
    );
    expect(await fx.rows("SHOW TABLES LIKE 'x'")).toEqual([]);
  });
});
