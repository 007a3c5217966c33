/**
 * A managed table owns its default folder (issue 13): CREATE over a folder that already holds files fails
 * with LOCATION_ALREADY_EXISTS (Spark's SessionCatalog.validateTableLocation), CTAS too unless
 * spark.sql.legacy.allowNonEmptyLocationInCTAS, and a failed CTAS removes only the files it wrote.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../../api/lake-session.js';
import { LakesqlError } from '../../errors/index.js';

let warehouse: string;
let session: LakeSession;
beforeAll(async () => {
  warehouse = await mkdtemp(join(tmpdir(), 'lakesql-managed-location-'));
  session = await LakeSession.create({ warehouse });
});
afterAll(async () => {
  await session.stop();
  await rm(warehouse, { recursive: true, force: true });
});

async function errorOf(text: string): Promise<LakesqlError> {
  try {
    await session.sql(text);
  } catch (e) {
    if (e instanceof LakesqlError) return e;
    throw e;
  }
  throw new Error(`no error from ${text}`);
}

async function tableNames(): Promise<string[]> {
  return (await (await session.sql('SHOW TABLES')).collect()).map((r) => String(r.tableName));
}

/** Every file under `dir`, relative, sorted. */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    if (e.isDirectory()) out.push(...(await filesUnder(join(dir, e.name), `${prefix}${e.name}/`)));
    else out.push(`${prefix}${e.name}`);
  }
  return out.sort();
}

describe('creating a managed table over its default folder', () => {
  it('fails with LOCATION_ALREADY_EXISTS when the folder holds a file, and leaves it', async () => {
    const dir = join(warehouse, 'taken');
    await mkdir(dir);
    await writeFile(join(dir, 'notes.txt'), 'mine');
    const location = `'${pathToFileURL(dir).href}'`;
    for (const text of [
      'CREATE TABLE taken (id BIGINT) USING delta',
      'CREATE TABLE taken USING delta AS SELECT 1 AS id',
      'CREATE OR REPLACE TABLE taken USING delta AS SELECT 1 AS id',
    ]) {
      const e = await errorOf(text);
      expect([e.errorClass, e.sqlState, e.messageParameters]).toEqual([
        'LOCATION_ALREADY_EXISTS',
        '42710',
        { identifier: '`default`.`taken`', location },
      ]);
      expect(e.message).toBe(
        `[LOCATION_ALREADY_EXISTS] Cannot name the managed table as \`default\`.\`taken\`, as its associated location ${location} already exists. Please pick a different table name, or remove the existing location first. SQLSTATE: 42710`,
      );
    }
    expect(await tableNames()).not.toContain('taken');
    expect(await filesUnder(dir)).toEqual(['notes.txt']);
    // IF NOT EXISTS of an existing table still answers before the folder is looked at.
    await session.sql('CREATE TABLE ok1 (id BIGINT) USING delta');
    await writeFile(join(warehouse, 'ok1', 'stray.txt'), 'x');
    await session.sql('CREATE TABLE IF NOT EXISTS ok1 (id BIGINT) USING delta');
    expect((await errorOf('CREATE TABLE ok1 (id BIGINT) USING delta')).errorClass).toBe(
      'TABLE_OR_VIEW_ALREADY_EXISTS',
    );
  });

  it('accepts an empty existing folder', async () => {
    await mkdir(join(warehouse, 'empty_dir'));
    await session.sql('CREATE TABLE empty_dir (id BIGINT) USING delta');
    expect(await tableNames()).toContain('empty_dir');
  });

  it("refuses a leftover Delta log: the new table would adopt, and its DROP delete, another table's data", async () => {
    await session.sql(
      `CREATE TABLE ext USING delta LOCATION '${join(warehouse, 'adopted')}' AS SELECT 7 AS id`,
    );
    const before = await filesUnder(join(warehouse, 'adopted'));
    const e = await errorOf('CREATE TABLE adopted (id INT) USING delta');
    expect(e.errorClass).toBe('LOCATION_ALREADY_EXISTS');
    expect(await filesUnder(join(warehouse, 'adopted'))).toEqual(before);
    expect(await (await session.sql('SELECT id FROM ext')).collect()).toEqual([{ id: 7 }]);
  });

  it('lets CTAS write into a folder with files under spark.sql.legacy.allowNonEmptyLocationInCTAS', async () => {
    const dir = join(warehouse, 'legacy');
    await mkdir(dir);
    await writeFile(join(dir, 'notes.txt'), 'mine');
    await session.sql('SET spark.sql.legacy.allowNonEmptyLocationInCTAS = true');
    try {
      // Plain CREATE TABLE is refused still, as in Spark.
      expect((await errorOf('CREATE TABLE legacy (id BIGINT) USING delta')).errorClass).toBe(
        'LOCATION_ALREADY_EXISTS',
      );
      await session.sql('CREATE TABLE legacy USING delta AS SELECT 1 AS id');
      expect(await (await session.sql('SELECT id FROM legacy')).collect()).toEqual([{ id: 1 }]);
      await session.sql('DROP TABLE legacy');
      expect(await filesUnder(dir)).toEqual(['notes.txt']);
    } finally {
      await session.sql('RESET spark.sql.legacy.allowNonEmptyLocationInCTAS');
    }
  });
});

describe('a failed CREATE TABLE AS SELECT', () => {
  const failing = "SELECT id, assert_true(id < 3, 'too big') AS ok FROM range(10)";
  /** The same failure with the external table's schema, so that the write itself starts. */
  const failingId =
    "SELECT CAST(CASE WHEN assert_true(id < 3, 'too big') IS NULL THEN id END AS INT) AS id FROM range(10)";

  it('into a new folder leaves no entry and no folder', async () => {
    const e = await errorOf(`CREATE TABLE failed USING delta AS ${failing}`);
    expect(e.message).toContain('too big');
    expect(await tableNames()).not.toContain('failed');
    expect(existsSync(join(warehouse, 'failed'))).toBe(false);
  });

  it("over an external table's folder (allowed non-empty) leaves that table and its files as they were", async () => {
    const dir = join(warehouse, 'shared_ctas');
    await session.sql(`CREATE TABLE ext2 USING delta LOCATION '${dir}' AS SELECT 5 AS id`);
    await writeFile(join(dir, 'notes.txt'), 'mine');
    const before = await filesUnder(dir);
    await session.sql('SET spark.sql.legacy.allowNonEmptyLocationInCTAS = true');
    try {
      const e = await errorOf(`CREATE TABLE shared_ctas USING delta AS ${failingId}`);
      expect(e.message).toContain('too big');
    } finally {
      await session.sql('RESET spark.sql.legacy.allowNonEmptyLocationInCTAS');
    }
    expect(await tableNames()).not.toContain('shared_ctas');
    expect((await filesUnder(dir)).filter((f) => !f.endsWith('.parquet') || before.includes(f))).toEqual(
      before,
    );
    expect(await readFile(join(dir, 'notes.txt'), 'utf8')).toBe('mine');
    expect(await (await session.sql('SELECT id FROM ext2')).collect()).toEqual([{ id: 5 }]);
  });

  it('into a folder with a user file (allowed non-empty) removes what it wrote and keeps the file', async () => {
    const dir = join(warehouse, 'user_ctas');
    await mkdir(join(dir, 'sub'), { recursive: true });
    await mkdir(join(dir, 'empty'), { recursive: true });
    await writeFile(join(dir, 'sub', 'data.csv'), '1,2');
    await session.sql('SET spark.sql.legacy.allowNonEmptyLocationInCTAS = true');
    try {
      await errorOf(`CREATE TABLE user_ctas USING delta AS ${failing}`);
    } finally {
      await session.sql('RESET spark.sql.legacy.allowNonEmptyLocationInCTAS');
    }
    expect(await tableNames()).not.toContain('user_ctas');
    expect(await filesUnder(dir)).toEqual(['sub/data.csv']);
    expect((await readdir(dir)).sort()).toEqual(['empty', 'sub']);
  });

  it('of saveAsTable is refused over a folder with files, and when allowed removes only what it wrote', async () => {
    const dir = join(warehouse, 'saved');
    await mkdir(dir);
    await writeFile(join(dir, 'notes.txt'), 'mine');
    const e = await (await session.sql('SELECT 1 AS id')).write.saveAsTable('saved').then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(e instanceof LakesqlError && e.errorClass).toBe('LOCATION_ALREADY_EXISTS');
    await session.sql('SET spark.sql.legacy.allowNonEmptyLocationInCTAS = true');
    try {
      const failed = await (await session.sql(failing)).write.saveAsTable('saved').then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(String(failed)).toContain('too big');
    } finally {
      await session.sql('RESET spark.sql.legacy.allowNonEmptyLocationInCTAS');
    }
    expect(await tableNames()).not.toContain('saved');
    expect(await filesUnder(dir)).toEqual(['notes.txt']);
  });

  it('of CREATE OR REPLACE over an existing table leaves the table as it was', async () => {
    await session.sql('CREATE TABLE kept USING delta AS SELECT 1 AS id');
    await errorOf(`CREATE OR REPLACE TABLE kept USING delta AS ${failing}`);
    expect(await (await session.sql('SELECT id FROM kept')).collect()).toEqual([{ id: 1 }]);
  });
});

describe('a managed file table (csv, json, parquet, text) AS SELECT', () => {
  const failing =
    "SELECT CAST(CASE WHEN assert_true(id < 3, 'too big') IS NULL THEN id END AS INT) AS id FROM range(10)";

  it('is refused over a folder with files, and written into it under allowNonEmptyLocationInCTAS', async () => {
    for (const format of ['csv', 'json', 'parquet']) {
      const dir = join(warehouse, `files_${format}`);
      await mkdir(dir);
      await writeFile(join(dir, 'notes.md'), 'mine');
      expect(
        (await errorOf(`CREATE TABLE files_${format} USING ${format} AS SELECT 1 AS id`)).errorClass,
      ).toBe('LOCATION_ALREADY_EXISTS');
      await session.sql('SET spark.sql.legacy.allowNonEmptyLocationInCTAS = true');
      try {
        await session.sql(`CREATE TABLE files_${format} USING ${format} AS SELECT 1 AS id`);
      } finally {
        await session.sql('RESET spark.sql.legacy.allowNonEmptyLocationInCTAS');
      }
      expect(await tableNames()).toContain(`files_${format}`);
      expect(await readFile(join(dir, 'notes.md'), 'utf8')).toBe('mine');
    }
  });

  it('that fails removes only what it wrote: the user file and folders stay, no entry', async () => {
    const dir = join(warehouse, 'files_failed');
    await mkdir(join(dir, 'sub'), { recursive: true });
    await writeFile(join(dir, 'sub', 'notes.md'), 'mine');
    await session.sql('SET spark.sql.legacy.allowNonEmptyLocationInCTAS = true');
    try {
      expect((await errorOf(`CREATE TABLE files_failed USING csv AS ${failing}`)).message).toContain(
        'too big',
      );
    } finally {
      await session.sql('RESET spark.sql.legacy.allowNonEmptyLocationInCTAS');
    }
    expect(await tableNames()).not.toContain('files_failed');
    expect(await filesUnder(dir)).toEqual(['sub/notes.md']);
    // Into a new folder: no entry, no folder.
    await errorOf(`CREATE TABLE files_new USING parquet AS ${failing}`);
    expect(await tableNames()).not.toContain('files_new');
    expect(existsSync(join(warehouse, 'files_new'))).toBe(false);
  });
});
