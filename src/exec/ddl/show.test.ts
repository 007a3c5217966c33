/** SHOW forms through SqlSession on a temp warehouse, with exact rows. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../../api/lake-session.js';
import type { Value } from '../../types/value.js';
import type { SqlSession } from '../session/sql-session.js';

let lake: LakeSession;
let sql: SqlSession;
let warehouse: string;

async function rows(text: string): Promise<Value[][]> {
  const r = (await sql.execute(text)).at(-1)!;
  if (r.kind !== 'rows') throw new Error('expected rows');
  return r.rows;
}

beforeAll(async () => {
  warehouse = await mkdtemp(join(tmpdir(), 'lakesql-show-'));
  lake = await LakeSession.create({ warehouse });
  sql = lake.sqlSession;
  await sql.execute(`
    CREATE DATABASE sales;
    CREATE TABLE t (a INT NOT NULL, b STRING COMMENT 'bee', p STRING) USING DELTA PARTITIONED BY (p)
      TBLPROPERTIES ('x' = '1');
    INSERT INTO t VALUES (1, 'u', 'one'), (2, 'v', 'two'), (3, 'w', NULL);
    CREATE TABLE sales.orders (id BIGINT) USING DELTA;
    CREATE VIEW v AS SELECT a FROM t;
    CREATE TEMP VIEW tmp AS SELECT 1 AS one;
  `);
});
afterAll(async () => {
  lake.close();
  await rm(warehouse, { recursive: true, force: true });
});

describe('SHOW', () => {
  it('DATABASES [LIKE]', async () => {
    expect(await rows('SHOW DATABASES')).toEqual([['default'], ['sales']]);
    expect(await rows("SHOW SCHEMAS LIKE 'sa*'")).toEqual([['sales']]);
  });

  it('TABLES [IN db] [LIKE] with temp views last; VIEWS', async () => {
    expect(await rows('SHOW TABLES')).toEqual([
      ['default', 't', false],
      ['default', 'v', false],
      ['', 'tmp', true],
    ]);
    expect(await rows('SHOW TABLES IN sales')).toEqual([
      ['sales', 'orders', false],
      ['', 'tmp', true],
    ]);
    expect(await rows("SHOW TABLES LIKE 't*'")).toEqual([
      ['default', 't', false],
      ['', 'tmp', true],
    ]);
    expect(await rows('SHOW VIEWS')).toEqual([
      ['default', 'v', false],
      ['', 'tmp', true],
    ]);
  });

  it('COLUMNS, CATALOGS, FUNCTIONS', async () => {
    expect(await rows('SHOW COLUMNS IN t')).toEqual([['a'], ['b'], ['p']]);
    expect(await rows('SHOW CATALOGS')).toEqual([['spark_catalog']]);
    expect(await rows("SHOW FUNCTIONS LIKE 'upper|lower'")).toEqual([['lower'], ['upper']]);
  });

  it('USER FUNCTIONS lists the temporary functions by name, persistent ones qualified', async () => {
    lake.udf.register('Js_Fn', (x) => x);
    await sql.execute('CREATE TEMPORARY FUNCTION sql_tmp(x INT) RETURNS INT RETURN x + 1');
    await sql.execute('CREATE FUNCTION sql_kept(x INT) RETURNS INT RETURN x + 2');
    expect(await rows('SHOW USER FUNCTIONS')).toEqual([
      ['js_fn'],
      ['spark_catalog.default.sql_kept'],
      ['sql_tmp'],
    ]);
    expect(await rows("SHOW FUNCTIONS LIKE 'js_f*'")).toEqual([['js_fn']]);
    expect(await rows("SHOW SYSTEM FUNCTIONS LIKE 'js_f*'")).toEqual([]);
  });

  it('TBLPROPERTIES [(key)]', async () => {
    // New tables get deletion vectors by default (table-property-defaults.ts), as on Databricks.
    expect(await rows('SHOW TBLPROPERTIES t')).toEqual([
      ['delta.enableDeletionVectors', 'true'],
      ['delta.feature.deletionVectors', 'supported'],
      ['delta.minReaderVersion', '3'],
      ['delta.minWriterVersion', '7'],
      ['x', '1'],
    ]);
    expect(await rows("SHOW TBLPROPERTIES t ('x')")).toEqual([['x', '1']]);
    expect(await rows("SHOW TBLPROPERTIES t ('nope')")).toEqual([
      ['nope', 'Table spark_catalog.default.t does not have property: nope'],
    ]);
  });

  it('CREATE TABLE text', async () => {
    expect(await rows('SHOW CREATE TABLE t')).toEqual([
      [
        'CREATE TABLE spark_catalog.default.t (\n' +
          '  a INT NOT NULL,\n' +
          "  b STRING COMMENT 'bee',\n" +
          '  p STRING)\n' +
          'USING delta\n' +
          'PARTITIONED BY (p)\n' +
          `LOCATION 'file:${join(warehouse, 't')}'\n` +
          'TBLPROPERTIES (\n' +
          "  'delta.enableDeletionVectors' = 'true',\n" +
          "  'delta.feature.deletionVectors' = 'supported',\n" +
          "  'delta.minReaderVersion' = '3',\n" +
          "  'delta.minWriterVersion' = '7',\n" +
          "  'x' = '1')\n",
      ],
    ]);
  });

  it('PARTITIONS: p=v rows; refused on an unpartitioned table', async () => {
    expect(await rows('SHOW PARTITIONS t')).toEqual([['p=__HIVE_DEFAULT_PARTITION__'], ['p=one'], ['p=two']]);
    expect(await rows("SHOW PARTITIONS t PARTITION (p = 'two')")).toEqual([['p=two']]);
    await expect(sql.execute('SHOW PARTITIONS sales.orders')).rejects.toMatchObject({
      errorClass: 'INVALID_PARTITION_OPERATION.PARTITION_SCHEMA_IS_EMPTY',
    });
  });
});
