import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakesqlError } from '../../errors/index.js';
import { mergeProtocols } from './restore.js';
import { type DmlTestKit, dmlTestKit } from './testing/dml-test-kit.js';

let kit: DmlTestKit;
beforeAll(async () => {
  kit = await dmlTestKit();
});
afterAll(async () => kit.close());

/** v0 create, v1 (1,'a'),(2,'b'), v2 (3,'c'), v3 DELETE id = 1. */
async function history(name: string): Promise<void> {
  await kit.run(`CREATE TABLE ${name} (id INT, s STRING) USING DELTA`);
  await kit.run(`INSERT INTO ${name} VALUES (1, 'a'), (2, 'b')`);
  await kit.run(`INSERT INTO ${name} VALUES (3, 'c')`);
  await kit.run(`DELETE FROM ${name} WHERE id = 1`);
}

describe('RESTORE', () => {
  it('to a version re-adds its files and removes the newer ones in one commit', async () => {
    await history('r_v');
    const v1Files = (await kit.files('r_v')).length;
    expect(v1Files).toBe(2); // the rewritten file of v1 and v2's file
    const result = await kit.session.execute('RESTORE TABLE r_v TO VERSION AS OF 1');
    const r = result[0]!;
    expect(r.kind === 'rows' && r.columns.map((c) => c.name)).toEqual([
      'table_size_after_restore',
      'num_of_files_after_restore',
      'num_removed_files',
      'num_restored_files',
      'removed_files_size',
      'restored_files_size',
    ]);
    const row = r.kind === 'rows' ? r.rows[0]! : [];
    expect(row.slice(1, 4)).toEqual([1n, 2n, 1n]);
    expect(row[0]).toBe(row[5]); // the restored file is the whole table after restore
    expect(await kit.rows('SELECT id, s FROM r_v ORDER BY id')).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
    expect(await kit.version('r_v')).toBe(4);
    const commit = await kit.lastCommit('r_v');
    expect(commit.commitInfo.operation).toBe('RESTORE');
    expect(commit.commitInfo.operationParameters).toEqual({ version: '1' });
    expect(commit.commitInfo.readVersion).toBe(3);
    expect(commit.commitInfo.isBlindAppend).toBe(false);
    const m = commit.commitInfo.operationMetrics as Record<string, string>;
    expect(Object.keys(m).sort()).toEqual([
      'numOfFilesAfterRestore',
      'numRemovedFiles',
      'numRestoredFiles',
      'removedFilesSize',
      'restoredFilesSize',
      'tableSizeAfterRestore',
    ]);
    expect([m.numOfFilesAfterRestore, m.numRemovedFiles, m.numRestoredFiles]).toEqual(['1', '2', '1']);
    expect(commit.adds.map((a) => a.dataChange)).toEqual([true]);
    expect(commit.removes.map((a) => a.dataChange)).toEqual([true, true]);
    const hist = await kit.rows('DESCRIBE HISTORY r_v LIMIT 1');
    expect(hist[0]![4]).toBe('RESTORE');
  });

  it('without TABLE, to version 0, gives the empty table back', async () => {
    await history('r_zero');
    expect(await kit.rows('RESTORE r_zero TO VERSION AS OF 0')).toEqual([
      [0n, 0n, 2n, 0n, expect.any(BigInt), 0n],
    ]);
    expect(await kit.rows('SELECT * FROM r_zero')).toEqual([]);
  });

  it('to a timestamp restores the version committed at or before it', async () => {
    await history('r_ts');
    const rows = await kit.rows('DESCRIBE HISTORY r_ts');
    const v2 = rows.find((r) => r[0] === 2n)![1] as bigint;
    const ts = new Date(Number(v2 / 1000n)).toISOString();
    await kit.run(`RESTORE TABLE r_ts TO TIMESTAMP AS OF '${ts}'`);
    expect(await kit.rows('SELECT id FROM r_ts ORDER BY id')).toEqual([[1], [2], [3]]);
    const commit = await kit.lastCommit('r_ts');
    expect(commit.commitInfo.operationParameters).toEqual({ timestamp: ts });
  });

  it('restores the old schema (metaData) after a column was added', async () => {
    await kit.run('CREATE TABLE r_schema (id INT) USING DELTA');
    await kit.run('INSERT INTO r_schema VALUES (1)');
    await kit.run('ALTER TABLE r_schema ADD COLUMN extra STRING');
    await kit.run("INSERT INTO r_schema VALUES (2, 'x')");
    await kit.run('RESTORE TABLE r_schema TO VERSION AS OF 1');
    expect(await kit.rows('SELECT * FROM r_schema')).toEqual([[1]]);
  });

  it('to the current version commits nothing but an empty RESTORE', async () => {
    await history('r_same');
    expect(await kit.rows('RESTORE TABLE r_same TO VERSION AS OF 3')).toEqual([
      [expect.any(BigInt), 2n, 0n, 0n, 0n, 0n],
    ]);
    expect(await kit.version('r_same')).toBe(4);
  });

  it('fails with DELTA_FILE_NOT_FOUND_DETAILED when the old files were vacuumed, committing nothing', async () => {
    await history('r_gone');
    const store = await kit.store('r_gone');
    const removed = (await kit.lastCommit('r_gone')).removes[0]!;
    await store.delete(decodeURIComponent(removed.path));
    const err = await kit.session.execute('RESTORE TABLE r_gone TO VERSION AS OF 1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LakesqlError);
    expect((err as LakesqlError).errorClass).toBe('DELTA_FILE_NOT_FOUND_DETAILED');
    expect((err as LakesqlError).message).toContain('version 1');
    expect(await kit.version('r_gone')).toBe(3);
  });

  it('restores a delta.`path` table and records the session userMetadata', async () => {
    await history('r_path');
    const root = (await kit.store('r_path')).rootUrl;
    await kit.session.setConf('spark.databricks.delta.commitInfo.userMetadata', 'rollback');
    try {
      await kit.run(`RESTORE delta.\`${root}\` TO VERSION AS OF 2`);
    } finally {
      kit.session.conf.delete('spark.databricks.delta.commitInfo.userMetadata');
    }
    expect(await kit.rows('SELECT id FROM r_path ORDER BY id')).toEqual([[1], [2], [3]]);
    expect((await kit.lastCommit('r_path')).commitInfo.userMetadata).toBe('rollback');
  });

  it('fails on a version that does not exist', async () => {
    await history('r_far');
    const err = await kit.session.execute('RESTORE TABLE r_far TO VERSION AS OF 9').catch((e: unknown) => e);
    expect((err as LakesqlError).errorClass).toBe('DELTA_CANNOT_TIME_TRAVEL_VERSION');
  });
});

describe('mergeProtocols', () => {
  it('never downgrades and unions the features', () => {
    expect(
      mergeProtocols(
        { minReaderVersion: 1, minWriterVersion: 4 },
        { minReaderVersion: 1, minWriterVersion: 2 },
      ),
    ).toEqual({
      minReaderVersion: 1,
      minWriterVersion: 4,
    });
    expect(
      mergeProtocols(
        {
          minReaderVersion: 3,
          minWriterVersion: 7,
          readerFeatures: ['deletionVectors'],
          writerFeatures: ['deletionVectors'],
        },
        { minReaderVersion: 1, minWriterVersion: 3 },
      ),
    ).toEqual({
      minReaderVersion: 3,
      minWriterVersion: 7,
      readerFeatures: ['deletionVectors'],
      writerFeatures: ['deletionVectors', 'appendOnly', 'invariants', 'checkConstraints'],
    });
  });
});
