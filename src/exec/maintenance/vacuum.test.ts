import { cp, mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakesqlError } from '../../errors/index.js';
import { type DmlTestKit, dmlTestKit } from '../dml/testing/dml-test-kit.js';
import { RETENTION_CHECK_KEY } from './vacuum.js';

let kit: DmlTestKit;
let scratch: string;
beforeAll(async () => {
  kit = await dmlTestKit();
  scratch = await mkdtemp(join(tmpdir(), 'lakesql-vacuum-'));
});
afterAll(async () => {
  await kit.close();
  await rm(scratch, { recursive: true, force: true });
});

const GOLDEN = fileURLToPath(new URL('../../../test/data/delta/golden/', import.meta.url));
const WEEK_AGO = new Date(Date.now() - 8 * 24 * 3600 * 1000);

async function folderOf(table: string): Promise<string> {
  return fileURLToPath((await kit.store(table)).rootUrl);
}

/** Every file and folder under `root` (folders end in `/`), sorted, `_delta_log` left out. */
async function onDisk(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      const rel = relative(root, p);
      if (rel === '_delta_log') continue;
      if (e.isDirectory()) {
        out.push(`${rel}/`);
        await walk(p);
      } else out.push(rel);
    }
  };
  await walk(root);
  return out.sort();
}

async function placeOld(root: string, rel: string, text = 'x'): Promise<void> {
  const p = join(root, rel);
  await mkdir(join(p, '..'), { recursive: true });
  await writeFile(p, text);
  await utimes(p, WEEK_AGO, WEEK_AGO);
}

async function withoutRetentionCheck<T>(f: () => Promise<T>): Promise<T> {
  kit.session.conf.set(RETENTION_CHECK_KEY, 'false');
  try {
    return await f();
  } finally {
    kit.session.conf.delete(RETENTION_CHECK_KEY);
  }
}

async function historyOps(table: string): Promise<unknown[][]> {
  const rows = await kit.rows(`DESCRIBE HISTORY ${table}`);
  return rows.map((r) => [r[0], r[4]]);
}

/** v0 create, v1 two rows, v2 one row, v3 DELETE id = 1 (rewrites v1's file: one remove, one add). */
async function threeWrites(name: string): Promise<void> {
  await kit.run(
    `CREATE TABLE ${name} (id INT, s STRING) USING DELTA TBLPROPERTIES ('delta.enableDeletionVectors' = 'false')`,
  );
  await kit.run(`INSERT INTO ${name} VALUES (1, 'a'), (2, 'b')`);
  await kit.run(`INSERT INTO ${name} VALUES (3, 'c')`);
  await kit.run(`DELETE FROM ${name} WHERE id = 1`);
}

describe('VACUUM', () => {
  it('with the default retention keeps removed files and young untracked files, deletes old untracked ones', async () => {
    await threeWrites('v_default');
    const root = await folderOf('v_default');
    const live = (await kit.files('v_default')).map((f) => decodeURIComponent(f.path));
    const removed = (await kit.lastCommit('v_default')).removes.map((r) => decodeURIComponent(r.path));
    await placeOld(root, 'orphan-old.parquet');
    await writeFile(join(root, 'orphan-young.parquet'), 'y');
    await placeOld(root, '_hidden/old.parquet');
    await placeOld(root, '.dot-old');
    await placeOld(root, '_change_data/cdc-old.parquet');
    await mkdir(join(root, 'empty/nested'), { recursive: true });
    const before = await onDisk(root);

    const dry = await kit.rows('VACUUM v_default DRY RUN');
    const table = `file:${root.replace(/\/$/, '')}`;
    expect(dry).toEqual([
      [`${table}/_change_data/cdc-old.parquet`],
      [`${table}/orphan-old.parquet`],
      [`${table}/empty/nested`],
      [`${table}/empty`],
    ]);
    expect(await onDisk(root)).toEqual(before);
    expect(await historyOps('v_default')).toHaveLength(4); // a DRY RUN commits nothing

    expect(await kit.rows('VACUUM v_default')).toEqual([[table]]);
    expect(await onDisk(root)).toEqual(
      [
        '.dot-old',
        '_change_data/',
        '_hidden/',
        '_hidden/old.parquet',
        'orphan-young.parquet',
        ...live,
        ...removed,
      ]
        .concat(before.filter((p) => p.startsWith('.') && p.endsWith('.crc')))
        .sort(),
    );
    expect(await kit.rows('SELECT id FROM v_default VERSION AS OF 1 ORDER BY id')).toEqual([[1], [2]]);
  });

  it('records VACUUM START and VACUUM END with Delta parameters and metrics', async () => {
    await threeWrites('v_history');
    const root = await folderOf('v_history');
    await placeOld(root, 'orphan.parquet', '12345');
    await kit.run('VACUUM v_history');
    expect((await historyOps('v_history')).slice(0, 2)).toEqual([
      [5n, 'VACUUM END'],
      [4n, 'VACUUM START'],
    ]);
    const store = await kit.store('v_history');
    const commit = async (v: number) => {
      const text = new TextDecoder().decode(
        await store.get(`_delta_log/${String(v).padStart(20, '0')}.json`),
      );
      const lines = text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, Record<string, unknown>>);
      expect(lines.map((l) => Object.keys(l)[0])).toEqual(['commitInfo']);
      return lines[0]!.commitInfo!;
    };
    const start = await commit(4);
    expect(start.operationParameters).toEqual({
      retentionCheckEnabled: 'true',
      defaultRetentionMillis: '604800000',
    });
    expect(start.operationMetrics).toEqual({ numFilesToDelete: '1', sizeOfDataToDelete: '5' });
    const end = await commit(5);
    expect(end.operationParameters).toEqual({ status: 'COMPLETED' });
    expect(end.operationMetrics).toEqual({ numDeletedFiles: '1', numVacuumedDirectories: '1' });
  });

  it('RETAIN 0 HOURS without the check deletes removed files: time travel to them then names the missing file', async () => {
    await threeWrites('v_zero');
    const root = await folderOf('v_zero');
    const live = (await kit.files('v_zero')).map((f) => decodeURIComponent(f.path));
    const removed = (await kit.lastCommit('v_zero')).removes.map((r) => decodeURIComponent(r.path));
    const dry = await withoutRetentionCheck(() => kit.rows('VACUUM v_zero RETAIN 0 HOURS DRY RUN'));
    expect(dry).toEqual(removed.map((r) => [`file:${root.replace(/\/$/, '')}/${r}`]));
    await withoutRetentionCheck(() => kit.run('VACUUM v_zero RETAIN 0 HOURS'));
    expect((await onDisk(root)).filter((p) => p.endsWith('.parquet'))).toEqual([...live].sort());
    expect(await kit.rows('SELECT id FROM v_zero ORDER BY id')).toEqual([[2], [3]]);
    const err = await kit.rows('SELECT * FROM v_zero VERSION AS OF 1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LakesqlError);
    expect((err as LakesqlError).errorClass).toBe('DELTA_FILE_NOT_FOUND_DETAILED');
    expect((err as LakesqlError).message).toContain(removed[0]!);
    const start = (await historyOps('v_zero'))[1]!;
    expect(start).toEqual([4n, 'VACUUM START']);
  });

  it('with spark.databricks.delta.vacuum.logging.enabled = false deletes but commits nothing', async () => {
    await threeWrites('v_nolog');
    const root = await folderOf('v_nolog');
    await placeOld(root, 'orphan.parquet');
    kit.session.conf.set('spark.databricks.delta.vacuum.logging.enabled', 'false');
    try {
      await kit.run('VACUUM v_nolog');
    } finally {
      kit.session.conf.delete('spark.databricks.delta.vacuum.logging.enabled');
    }
    expect(await onDisk(root)).not.toContain('orphan.parquet');
    expect(await kit.version('v_nolog')).toBe(3);
  });

  it('refuses a retention below the table setting unless the check is off', async () => {
    await threeWrites('v_check');
    const err = await kit.rows('VACUUM v_check RETAIN 1 HOURS').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LakesqlError);
    expect((err as LakesqlError).errorClass).toBe('DELTA_VACUUM_RETENTION_PERIOD_TOO_SHORT');
    expect((err as LakesqlError).messageParameters).toEqual({ configuredRetentionHours: 168 });
    expect((err as LakesqlError).sqlState).toBe('22003');
    await kit.run(
      "ALTER TABLE v_check SET TBLPROPERTIES ('delta.deletedFileRetentionDuration' = 'interval 90 minutes')",
    );
    const short = await kit.rows('VACUUM v_check RETAIN 1 HOURS').catch((e: unknown) => e);
    expect((short as LakesqlError).messageParameters).toEqual({ configuredRetentionHours: 2 });
    expect(await kit.rows('VACUUM v_check RETAIN 2 HOURS DRY RUN')).toEqual([]);
  });

  it('LITE deletes what the log removed, not untracked files; after log cleanup without a previous LITE it fails', async () => {
    await threeWrites('v_lite');
    const root = await folderOf('v_lite');
    const removed = (await kit.lastCommit('v_lite')).removes.map((r) => decodeURIComponent(r.path));
    await placeOld(root, 'orphan.parquet');
    const table = `file:${root.replace(/\/$/, '')}`;
    const dry = await withoutRetentionCheck(() => kit.rows('VACUUM v_lite LITE RETAIN 0 HOURS DRY RUN'));
    expect(dry).toEqual(removed.map((r) => [`${table}/${r}`]));
    await withoutRetentionCheck(() => kit.run('VACUUM v_lite RETAIN 0 HOURS LITE'));
    const left = await onDisk(root);
    expect(left).toContain('orphan.parquet');
    expect(left.filter((p) => removed.includes(p))).toEqual([]);
    const store = await kit.store('v_lite');
    expect(JSON.parse(new TextDecoder().decode(await store.get('_delta_log/_last_vacuum_info')))).toEqual({
      latestCommitVersionOutsideOfRetentionWindow: 3,
    });
    // A second LITE starts after version 3: nothing left to delete.
    expect(await withoutRetentionCheck(() => kit.rows('VACUUM v_lite LITE RETAIN 0 HOURS DRY RUN'))).toEqual(
      [],
    );

    await threeWrites('v_lite_cleaned');
    const cleaned = await kit.store('v_lite_cleaned');
    await kit.run('INSERT INTO v_lite_cleaned VALUES (9, "z")');
    // Checkpoint-less cleanup by hand: version 0 gone, the log starts at 1 with a checkpoint kept.
    await kit.run("ALTER TABLE v_lite_cleaned SET TBLPROPERTIES ('delta.checkpointInterval' = '1')");
    await kit.run('INSERT INTO v_lite_cleaned VALUES (10, "y")');
    await cleaned.delete('_delta_log/00000000000000000000.json');
    const err = await withoutRetentionCheck(() =>
      kit.rows('VACUUM v_lite_cleaned LITE RETAIN 0 HOURS'),
    ).catch((e: unknown) => e);
    expect((err as LakesqlError).errorClass).toBe('DELTA_CANNOT_VACUUM_LITE');
  });

  it('never deletes files a shallow clone names by absolute path outside its folder', async () => {
    await threeWrites('v_source');
    const sourceRoot = await folderOf('v_source');
    const sourceFiles = await kit.files('v_source');
    const clone = join(scratch, 'clone');
    await mkdir(join(clone, '_delta_log'), { recursive: true });
    const source = await kit.store('v_source');
    const v0 = new TextDecoder().decode(await source.get('_delta_log/00000000000000000000.json'));
    const meta = v0
      .trim()
      .split('\n')
      .filter((l) => l.includes('"metaData"') || l.includes('"protocol"'));
    const now = Date.now();
    const adds = sourceFiles.map((f) =>
      JSON.stringify({ add: { ...f, path: `file://${sourceRoot}${f.path}` } }),
    );
    const removeOld = JSON.stringify({
      remove: {
        path: `file://${sourceRoot}gone-long-ago.parquet`,
        deletionTimestamp: now - 30 * 24 * 3600 * 1000,
        dataChange: true,
      },
    });
    const info = JSON.stringify({ commitInfo: { timestamp: now, operation: 'CLONE' } });
    await writeFile(
      join(clone, '_delta_log/00000000000000000000.json'),
      `${[info, ...meta, ...adds, removeOld].join('\n')}\n`,
    );
    await placeOld(sourceRoot, 'gone-long-ago.parquet');
    const sourceBefore = await onDisk(sourceRoot);
    const dry = await withoutRetentionCheck(() =>
      kit.rows(`VACUUM delta.\`${clone}\` RETAIN 0 HOURS DRY RUN`),
    );
    expect(dry).toEqual([]);
    await withoutRetentionCheck(() => kit.run(`VACUUM delta.\`${clone}\` RETAIN 0 HOURS`));
    expect(await onDisk(sourceRoot)).toEqual(sourceBefore);
    expect(await kit.rows(`SELECT id FROM delta.\`${clone}\` ORDER BY id`)).toEqual([[2], [3]]);
  });

  it('a table Spark wrote (partitions, deletion vectors, checkpoint) reads the same after VACUUM RETAIN 0 HOURS', async () => {
    const copy = join(scratch, 'dv-partitioned');
    await cp(join(GOLDEN, 'dv-partitioned-with-checkpoint/delta'), copy, { recursive: true });
    const query = `SELECT part, col1, col2 FROM delta.\`${copy}\` ORDER BY col1`;
    const rowsBefore = await kit.rows(query);
    const filesBefore = await onDisk(copy);
    const dry = await withoutRetentionCheck(() =>
      kit.rows(`VACUUM delta.\`${copy}\` RETAIN 0 HOURS DRY RUN`),
    );
    await withoutRetentionCheck(() => kit.run(`VACUUM delta.\`${copy}\` RETAIN 0 HOURS`));
    const filesAfter = await onDisk(copy);
    const prefix = `file:${copy}/`;
    expect(dry.length).toBeGreaterThan(0);
    expect(filesAfter).toEqual(filesBefore.filter((f) => !dry.some((d) => d[0] === prefix + f)));
    expect(dry.every((d) => /deletion_vector_|\.parquet$/.test(String(d[0])))).toBe(true);
    expect(await kit.rows(query)).toEqual(rowsBefore);
  });
});
