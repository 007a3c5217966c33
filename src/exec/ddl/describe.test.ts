/** DESCRIBE forms through SqlSession on a temp warehouse, with exact rows. */
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
  warehouse = await mkdtemp(join(tmpdir(), 'lakesql-describe-'));
  lake = await LakeSession.create({ warehouse });
  sql = lake.sqlSession;
  // The DETAIL and EXTENDED rows below pin a legacy (1, 2) protocol: no default deletion vectors here.
  await sql.setConf('spark.databricks.delta.properties.defaults.enableDeletionVectors', 'false');
  await sql.execute(`
    CREATE TABLE t (a INT COMMENT 'the a', b STRING, c VARCHAR(5)) USING DELTA PARTITIONED BY (b)
      TBLPROPERTIES ('x' = '1');
    INSERT INTO t VALUES (1, 'p', 'v'), (2, 'q', 'w'), (3, 'q', 'z');
    ALTER TABLE t SET TBLPROPERTIES ('y' = '2');
    CREATE TEMP VIEW tv AS SELECT a, b FROM t;
  `);
});
afterAll(async () => {
  lake.close();
  await rm(warehouse, { recursive: true, force: true });
});

describe('DESCRIBE TABLE', () => {
  it('lists columns then the partition block', async () => {
    expect(await rows('DESCRIBE t')).toEqual([
      ['a', 'int', 'the a'],
      ['b', 'string', null],
      ['c', 'varchar(5)', null],
      ['# Partition Information', '', ''],
      ['# col_name', 'data_type', 'comment'],
      ['b', 'string', null],
    ]);
  });

  it('EXTENDED adds the detailed section in CatalogTable order', async () => {
    const r = await rows('DESCRIBE TABLE EXTENDED t');
    expect(r.slice(6, 8)).toEqual([
      ['', '', ''],
      ['# Detailed Table Information', '', ''],
    ]);
    expect(r.slice(8).map((x) => x[0])).toEqual([
      'Catalog',
      'Database',
      'Table',
      'Created Time',
      'Last Access',
      'Created By',
      'Type',
      'Provider',
      'Table Properties',
      'Location',
    ]);
    const info = Object.fromEntries(r.slice(8).map((x) => [x[0], x[1]]));
    expect(info.Catalog).toBe('spark_catalog');
    expect(info.Type).toBe('MANAGED');
    expect(info.Provider).toBe('delta');
    expect(info['Table Properties']).toBe(
      '[delta.enableDeletionVectors=false, delta.minReaderVersion=1, delta.minWriterVersion=2, x=1, y=2]',
    );
    expect(info.Location).toBe(`file:${join(warehouse, 't')}`);
    expect(info['Created Time']).toMatch(/^[A-Z][a-z]{2} [A-Z][a-z]{2} \d\d \d\d:\d\d:\d\d UTC \d{4}$/);
  });

  it('a temp view shows its columns only, even with EXTENDED', async () => {
    expect(await rows('DESCRIBE EXTENDED tv')).toEqual([
      ['a', 'int', null],
      ['b', 'string', null],
    ]);
  });

  it('a column: info_name / info_value rows', async () => {
    expect(await rows('DESCRIBE t a')).toEqual([
      ['col_name', 'a'],
      ['data_type', 'int'],
      ['comment', 'the a'],
    ]);
    expect((await rows('DESCRIBE EXTENDED t b')).map((x) => x[0])).toEqual([
      'col_name',
      'data_type',
      'comment',
      'min',
      'max',
      'num_nulls',
      'distinct_count',
      'avg_col_len',
      'max_col_len',
      'histogram',
    ]);
    await expect(sql.execute('DESCRIBE t nope')).rejects.toMatchObject({
      errorClass: 'UNRESOLVED_COLUMN.WITH_SUGGESTION',
    });
  });
});

describe('DESCRIBE DETAIL / HISTORY / QUERY / DATABASE / FUNCTION', () => {
  it('DETAIL: one row of Delta TableDetail', async () => {
    const r = await sql.execute('DESCRIBE DETAIL t');
    const res = r[0]!;
    if (res.kind !== 'rows') throw new Error('rows');
    expect(res.columns.map((c) => c.name)).toEqual([
      'format',
      'id',
      'name',
      'description',
      'location',
      'createdAt',
      'lastModified',
      'partitionColumns',
      'clusteringColumns',
      'numFiles',
      'sizeInBytes',
      'properties',
      'minReaderVersion',
      'minWriterVersion',
      'tableFeatures',
    ]);
    const row = res.rows[0]!;
    expect(row[0]).toBe('delta');
    expect(row[2]).toBe('spark_catalog.default.t');
    expect(row[4]).toBe(`file:${join(warehouse, 't')}`);
    expect(row[7]).toEqual(['b']);
    expect(row[9]).toBe(2n); // two partitions, one file each
    expect(typeof row[10]).toBe('bigint');
    expect((row[10] as bigint) > 0n).toBe(true);
    expect(row[11]).toEqual({
      kind: 'map',
      entries: [
        ['delta.enableDeletionVectors', 'false'],
        ['x', '1'],
        ['y', '2'],
      ],
    });
    expect(row.slice(12)).toEqual([1, 2, ['appendOnly', 'invariants']]);
  });

  it('HISTORY: newest first with Delta commitInfo fields; LIMIT', async () => {
    const r = await rows('DESCRIBE HISTORY t');
    expect(r.map((x) => [x[0], x[4], x[9], x[11]])).toEqual([
      [2n, 'SET TBLPROPERTIES', 1n, true],
      [1n, 'WRITE', 0n, true],
      [0n, 'CREATE TABLE', null, true],
    ]);
    expect(r[0]![5]).toEqual({ kind: 'map', entries: [['properties', '{"y":"2"}']] });
    expect(r[1]![12]).toMatchObject({
      kind: 'map',
      entries: expect.arrayContaining([['numOutputRows', '3']]),
    });
    expect(r[0]![14]).toBe('lakesql/0.1.0');
    expect((await rows('DESCRIBE HISTORY t LIMIT 1')).map((x) => x[0])).toEqual([2n]);
  });

  it('QUERY: the output schema, with the comments the columns carry', async () => {
    expect(await rows('DESCRIBE QUERY SELECT a, b AS bee, 1L AS one FROM t')).toEqual([
      ['a', 'int', 'the a'],
      ['bee', 'string', null],
      ['one', 'bigint', null],
    ]);
  });

  it('DATABASE [EXTENDED]', async () => {
    expect(await rows('DESCRIBE DATABASE EXTENDED default')).toEqual([
      ['Catalog Name', 'spark_catalog'],
      ['Namespace Name', 'default'],
      ['Comment', 'default database'],
      ['Location', `file:${warehouse}`],
      ['Properties', ''],
    ]);
  });

  it('FUNCTION: function_desc rows; unknown is UNRESOLVED_ROUTINE', async () => {
    const r = await rows('DESCRIBE FUNCTION abs');
    expect(r[0]).toEqual(['Function: abs']);
    expect(r[2]).toEqual(['Usage: N/A.']);
    await expect(sql.execute('DESCRIBE FUNCTION no_such_fn')).rejects.toMatchObject({
      errorClass: 'UNRESOLVED_ROUTINE',
    });
  });
});
