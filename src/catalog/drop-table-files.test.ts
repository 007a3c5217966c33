/**
 * DROP TABLE of a managed Delta table deletes what the table owns (its log and the files the log names,
 * live or removed), then its folder if that is left empty; a user's file left in the folder is kept, with
 * the folders holding it (issue 13: DROP used to delete the whole folder recursively).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../api/lake-session.js';

let warehouse: string;
let session: LakeSession;
beforeAll(async () => {
  warehouse = await mkdtemp(join(tmpdir(), 'lakesql-drop-files-'));
  session = await LakeSession.create({ warehouse });
});
afterAll(async () => {
  await session.stop();
  await rm(warehouse, { recursive: true, force: true });
});

/** A partitioned managed table with a removed file (DELETE) and a live one per partition. */
async function managedTable(name: string): Promise<string> {
  await session.sql(`CREATE TABLE ${name} (id BIGINT, p STRING) USING delta PARTITIONED BY (p)`);
  await session.sql(`INSERT INTO ${name} VALUES (1, 'a'), (2, 'b')`);
  await session.sql(`INSERT INTO ${name} VALUES (3, 'a')`);
  await session.sql(`DELETE FROM ${name} WHERE id = 3`);
  return join(warehouse, name);
}

describe('DROP TABLE of a managed table', () => {
  it('with nothing but its own files, deletes the folder', async () => {
    const dir = await managedTable('own');
    expect((await readdir(dir)).sort()).toEqual(['_delta_log', 'p=a', 'p=b']);
    await session.sql('DROP TABLE own');
    expect(existsSync(dir)).toBe(false);
  });

  it('keeps a user file in the folder, and the folders holding it, deleting everything the log names', async () => {
    const dir = await managedTable('shared');
    await writeFile(join(dir, 'notes.txt'), 'mine');
    await mkdir(join(dir, 'p=a', 'keep'), { recursive: true });
    await writeFile(join(dir, 'p=a', 'keep', 'data.csv'), '1,2');
    await session.sql('DROP TABLE shared');
    expect((await readdir(dir)).sort()).toEqual(['notes.txt', 'p=a']);
    expect(await readdir(join(dir, 'p=a'))).toEqual(['keep']);
    expect(await readFile(join(dir, 'p=a', 'keep', 'data.csv'), 'utf8')).toBe('1,2');
    // The name is free again, and a new table over the kept files starts from version 0.
    await session.sql('CREATE TABLE shared2 (id BIGINT) USING delta');
    const rows = await (await session.sql('SHOW TABLES')).collect();
    expect(rows.map((r) => r.tableName)).not.toContain('shared');
  });

  it('deletes its deletion vector files, keeping a user file named like them', async () => {
    await session.sql(
      'CREATE TABLE dvs (id BIGINT) USING delta TBLPROPERTIES (delta.enableDeletionVectors = true)',
    );
    await session.sql('INSERT INTO dvs SELECT id FROM range(20)');
    await session.sql('DELETE FROM dvs WHERE id = 3');
    const dir = join(warehouse, 'dvs');
    expect((await readdir(dir)).some((n) => /^deletion_vector_.*\.bin$/.test(n))).toBe(true);
    await writeFile(join(dir, 'deletion_vector_mine.bin'), 'user');
    await session.sql('DROP TABLE dvs');
    expect(await readdir(dir)).toEqual(['deletion_vector_mine.bin']);
  });

  it('deletes its change data files, keeping a user file beside them', async () => {
    await session.sql(
      'CREATE TABLE cdf (id BIGINT) USING delta TBLPROPERTIES (delta.enableChangeDataFeed = true)',
    );
    await session.sql('INSERT INTO cdf SELECT id FROM range(20)');
    await session.sql('UPDATE cdf SET id = 100 WHERE id = 4');
    const dir = join(warehouse, 'cdf');
    expect((await readdir(join(dir, '_change_data'))).length).toBeGreaterThan(0);
    await writeFile(join(dir, '_change_data', 'mine.parquet'), 'user');
    await session.sql('DROP TABLE cdf');
    expect(await readdir(dir)).toEqual(['_change_data']);
    expect(await readdir(join(dir, '_change_data'))).toEqual(['mine.parquet']);
  });

  it('deletes the temp files of writes killed in its log', async () => {
    const dir = await managedTable('killed');
    await writeFile(join(dir, '_delta_log', '.00000000000000000004.json.0123456789abcdef.tmp'), '{"add"');
    await session.sql('DROP TABLE killed');
    expect(existsSync(dir)).toBe(false);
  });
});
