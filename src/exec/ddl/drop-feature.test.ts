import { readdir, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSnapshot } from '../../delta/snapshot.js';
import { type DmlTestKit, dmlTestKit } from '../dml/testing/dml-test-kit.js';

let kit: DmlTestKit;
beforeAll(async () => {
  kit = await dmlTestKit();
});
afterAll(async () => kit.close());

const snapshot = async (t: string) => loadSnapshot(await kit.store(t), kit.session.parquet);

/** The log's file names, sorted. */
async function logFiles(t: string): Promise<string[]> {
  const root = fileURLToPath((await kit.store(t)).rootUrl);
  return (await readdir(join(root, '_delta_log'))).filter((f) => !f.startsWith('.')).sort();
}

/** Makes every log file two days old, past the 24-hour TRUNCATE HISTORY retention. */
async function ageLog(t: string): Promise<void> {
  const root = fileURLToPath((await kit.store(t)).rootUrl);
  const old = new Date(Date.now() - 48 * 3600 * 1000);
  for (const f of await readdir(join(root, '_delta_log')))
    await utimes(join(root, '_delta_log', f), old, old);
}

describe('ALTER TABLE DROP FEATURE … TRUNCATE HISTORY', () => {
  it('deletionVectors: purges, waits, then truncates the log behind a checkpoint and downgrades to (1, 1)', async () => {
    await kit.run(
      "CREATE TABLE th1 (id INT) USING DELTA TBLPROPERTIES ('delta.enableDeletionVectors' = 'true')",
    );
    await kit.run('INSERT INTO th1 SELECT id FROM range(10) AS t(id)');
    await kit.run('DELETE FROM th1 WHERE id < 4');
    const before = (await snapshot('th1')).protocol;
    expect(before.readerFeatures).toContain('deletionVectors');
    expect(await kit.errorClassOf('ALTER TABLE th1 DROP FEATURE deletionVectors TRUNCATE HISTORY')).toBe(
      'DELTA_FEATURE_DROP_WAIT_FOR_RETENTION_PERIOD',
    );
    // The purge commit is younger than 24 hours: truncation cannot delete it yet.
    expect(await kit.errorClassOf('ALTER TABLE th1 DROP FEATURE deletionVectors TRUNCATE HISTORY')).toBe(
      'DELTA_FEATURE_DROP_HISTORICAL_VERSIONS_EXIST',
    );
    const version = (await snapshot('th1')).version;
    await ageLog('th1');
    await kit.run('ALTER TABLE th1 DROP FEATURE deletionVectors TRUNCATE HISTORY');
    const s = await snapshot('th1');
    expect(s.version).toBe(version + 1);
    expect(s.protocol).toEqual({ minReaderVersion: 1, minWriterVersion: 1 });
    expect(s.configuration['delta.enableDeletionVectors']).toBeUndefined();
    const pad = (v: number) => String(v).padStart(20, '0');
    expect(await logFiles('th1')).toEqual([
      `${pad(version)}.checkpoint.parquet`,
      `${pad(version)}.json`,
      `${pad(version + 1)}.json`,
      '_last_checkpoint',
    ]);
    expect(await kit.rows('SELECT id FROM th1 ORDER BY id')).toEqual([[4], [5], [6], [7], [8], [9]]);
    const commit = await kit.lastCommit('th1');
    expect(commit.commitInfo.operation).toBe('DROP FEATURE');
    expect(commit.commitInfo.operationParameters).toEqual({
      featureName: 'deletionVectors',
      truncateHistory: 'true',
    });
  });

  it('names an absent and a non-removable feature with their classes', async () => {
    await kit.run(
      "CREATE TABLE th2 (id INT) USING DELTA TBLPROPERTIES ('delta.feature.appendOnly' = 'supported')",
    );
    expect(await kit.errorClassOf('ALTER TABLE th2 DROP FEATURE v2Checkpoint TRUNCATE HISTORY')).toBe(
      'DELTA_FEATURE_DROP_FEATURE_NOT_PRESENT',
    );
    expect(await kit.errorClassOf('ALTER TABLE th2 DROP FEATURE appendOnly')).toBe(
      'DELTA_FEATURE_DROP_NONREMOVABLE_FEATURE',
    );
  });
});
