/** CREATE [OR REPLACE] TABLE delta.`/path`: a path-based Delta table, no catalog entry (Delta's quick start). */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../../api/lake-session.js';
import type { Value } from '../../types/value.js';
import type { SqlSession } from '../session/sql-session.js';

let lake: LakeSession;
let sql: SqlSession;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lakesql-path-create-'));
  lake = await LakeSession.builder().config('spark.sql.warehouse.dir', join(dir, 'warehouse')).getOrCreate();
  sql = lake.sqlSession;
});

afterAll(async () => {
  lake.stop();
  await rm(dir, { recursive: true, force: true });
});

async function rows(text: string): Promise<Value[][]> {
  const r = (await sql.execute(text)).at(-1)!;
  if (r.kind !== 'rows') throw new Error('expected rows');
  return r.rows;
}

const table = (name: string) => `delta.\`${join(dir, name)}\``;

describe('CREATE TABLE delta.`/path`', () => {
  it('creates the table at the path, which SELECT and INSERT then use, with no catalog entry', async () => {
    await sql.execute(
      `CREATE TABLE ${table('people')} (id INT, name STRING) USING DELTA PARTITIONED BY (name)`,
    );
    expect(await readdir(join(dir, 'people', '_delta_log'))).toContain('00000000000000000000.json');
    await sql.execute(`INSERT INTO ${table('people')} VALUES (1, 'a'), (2, 'b')`);
    expect(await rows(`SELECT id, name FROM ${table('people')} ORDER BY id`)).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
    expect(await rows('SHOW TABLES')).toEqual([]);
    const history = await rows(`DESCRIBE HISTORY ${table('people')}`);
    expect(history.map((h) => [h[0], h[4]])).toEqual([
      [1n, 'WRITE'],
      [0n, 'CREATE TABLE'],
    ]);
    const detail = (await sql.execute(`DESCRIBE DETAIL ${table('people')}`)).at(-1)!;
    if (detail.kind !== 'rows') throw new Error('expected rows');
    const at = (name: string) => detail.rows[0]![detail.columns.findIndex((c) => c.name === name)];
    expect(at('partitionColumns')).toEqual(['name']);
  });

  it('CREATE TABLE … AS SELECT and CREATE OR REPLACE TABLE … AS SELECT (the quick start)', async () => {
    await sql.execute(`CREATE TABLE ${table('quick')} AS SELECT col1 AS id FROM VALUES 0, 1, 2, 3, 4`);
    expect(await rows(`SELECT id FROM ${table('quick')} ORDER BY id`)).toEqual([[0], [1], [2], [3], [4]]);
    await sql.execute(
      `CREATE OR REPLACE TABLE ${table('quick')} AS SELECT col1 AS id FROM VALUES 5, 6, 7, 8, 9`,
    );
    expect(await rows(`SELECT id FROM ${table('quick')} ORDER BY id`)).toEqual([[5], [6], [7], [8], [9]]);
    expect(await rows(`SELECT id FROM ${table('quick')} VERSION AS OF 0 ORDER BY id`)).toEqual([
      [0],
      [1],
      [2],
      [3],
      [4],
    ]);
    await sql.execute(`CREATE OR REPLACE TABLE ${table('fresh')} (a INT)`);
    expect(await rows(`SELECT count(*) FROM ${table('fresh')}`)).toEqual([[0n]]);
  });

  it('an existing table: CREATE fails, IF NOT EXISTS leaves it as it was', async () => {
    await sql.execute(`CREATE TABLE ${table('kept')} (a INT); INSERT INTO ${table('kept')} VALUES (1)`);
    await expect(sql.execute(`CREATE TABLE ${table('kept')} (a INT)`)).rejects.toMatchObject({
      errorClass: 'TABLE_OR_VIEW_ALREADY_EXISTS',
      sqlState: '42P07',
      messageParameters: { relationName: `\`delta\`.\`${join(dir, 'kept')}\`` },
    });
    await sql.execute(`CREATE TABLE IF NOT EXISTS ${table('kept')} (b STRING)`);
    expect(await rows(`SELECT * FROM ${table('kept')}`)).toEqual([[1]]);
    expect((await rows(`DESCRIBE HISTORY ${table('kept')}`)).length).toBe(2);
    await sql.execute(`CREATE TABLE IF NOT EXISTS ${table('made')} (b STRING)`);
    expect(await rows(`SELECT * FROM ${table('made')}`)).toEqual([]);
  });

  it('refuses REPLACE of a missing table, a different LOCATION, and no schema; nothing is created', async () => {
    await expect(sql.execute(`REPLACE TABLE ${table('none1')} (a INT)`)).rejects.toMatchObject({
      errorClass: 'CANNOT_REPLACE_MISSING_TABLE',
      sqlState: '42P01',
      messageParameters: { relationName: `\`delta\`.\`${join(dir, 'none1')}\`` },
    });
    await expect(
      sql.execute(`CREATE TABLE ${table('none2')} (a INT) LOCATION '${join(dir, 'elsewhere')}'`),
    ).rejects.toMatchObject({
      errorClass: 'DELTA_CREATE_TABLE_IDENTIFIER_LOCATION_MISMATCH',
      sqlState: '0AKDC',
      messageParameters: { identifier: table('none2'), location: join(dir, 'elsewhere') },
    });
    await expect(sql.execute(`CREATE TABLE ${table('none3')}`)).rejects.toMatchObject({
      errorClass: 'DELTA_CANNOT_CREATE_TABLE_WITHOUT_SCHEMA',
    });
    const made = await readdir(dir);
    for (const name of ['none1', 'none2', 'none3', 'elsewhere']) expect(made).not.toContain(name);
  });
});
