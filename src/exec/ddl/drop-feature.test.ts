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

describe('ALTER TABLE DROP FEATURE columnMapping / rowTracking', () => {
  it('columnMapping: rewrites the files with logical names, waits, then drops the feature', async () => {
    await kit.run(
      "CREATE TABLE cm1 (id INT, v STRING, p STRING) USING DELTA PARTITIONED BY (p) TBLPROPERTIES ('delta.columnMapping.mode' = 'name')",
    );
    await kit.run("INSERT INTO cm1 VALUES (1, 'x', 'a'), (2, 'y', 'b')");
    await kit.run("INSERT INTO cm1 VALUES (3, 'z', 'a')");
    await kit.run('ALTER TABLE cm1 RENAME COLUMN v TO w');
    const rows = [
      [1, 'x', 'a'],
      [2, 'y', 'b'],
      [3, 'z', 'a'],
    ];
    expect(await kit.files('cm1')).toHaveLength(3);
    expect(await kit.errorClassOf('ALTER TABLE cm1 DROP FEATURE columnMapping')).toBe(
      'DELTA_FEATURE_DROP_WAIT_FOR_RETENTION_PERIOD',
    );
    const rewrite = await kit.lastCommit('cm1');
    expect(rewrite.commitInfo.operation).toBe('REMOVE COLUMN MAPPING');
    expect(rewrite.removes).toHaveLength(3);
    // One partitioned write: a file per partition, named and keyed by the logical names.
    expect(rewrite.adds).toHaveLength(2);
    expect([...rewrite.adds, ...rewrite.removes].every((a) => a.dataChange === false)).toBe(true);
    for (const add of rewrite.adds) {
      expect(Object.keys(add.partitionValues)).toEqual(['p']);
      expect(add.path).toMatch(/^p=[ab]\//);
      expect(Object.keys(JSON.parse(add.stats ?? '{}').minValues).sort()).toEqual(['id', 'w']);
    }
    const s = await snapshot('cm1');
    expect(s.configuration['delta.columnMapping.mode']).toBeUndefined();
    expect(s.configuration['delta.columnMapping.maxColumnId']).toBeUndefined();
    expect(s.metadata.schemaString).not.toContain('delta.columnMapping');
    expect(await kit.rows('SELECT id, w, p FROM cm1 ORDER BY id')).toEqual(rows);
    // The old versions still use the mapping.
    expect(await kit.errorClassOf('ALTER TABLE cm1 DROP FEATURE columnMapping')).toBe(
      'DELTA_FEATURE_DROP_HISTORICAL_VERSIONS_EXIST',
    );
    await ageLog('cm1');
    await kit.run('ALTER TABLE cm1 DROP FEATURE columnMapping TRUNCATE HISTORY');
    const after = await snapshot('cm1');
    expect(JSON.stringify(after.protocol)).not.toContain('columnMapping');
    expect(after.protocol).toEqual({
      minReaderVersion: 3,
      minWriterVersion: 7,
      readerFeatures: ['deletionVectors'],
      writerFeatures: ['deletionVectors'],
    });
    expect((await kit.lastCommit('cm1')).commitInfo.operation).toBe('DROP FEATURE');
    expect(await kit.rows('SELECT id, w, p FROM cm1 ORDER BY id')).toEqual(rows);
    await kit.run("INSERT INTO cm1 VALUES (4, 'q', 'c')");
    expect(await kit.rows('SELECT count(*) FROM cm1')).toEqual([[4n]]);
  });

  it("columnMapping: SET TBLPROPERTIES mode 'none' rewrites the files too; name to id is refused", async () => {
    await kit.run(
      "CREATE TABLE cm3 (id INT, v STRING) USING DELTA TBLPROPERTIES ('delta.columnMapping.mode' = 'name')",
    );
    await kit.run("INSERT INTO cm3 VALUES (1, 'x')");
    await kit.run('ALTER TABLE cm3 RENAME COLUMN v TO w');
    expect(
      await kit.errorClassOf("ALTER TABLE cm3 SET TBLPROPERTIES ('delta.columnMapping.mode' = 'id')"),
    ).toBe('DELTA_UNSUPPORTED_COLUMN_MAPPING_MODE_CHANGE');
    await kit.run("ALTER TABLE cm3 SET TBLPROPERTIES ('delta.columnMapping.mode' = 'none')");
    expect((await kit.lastCommit('cm3')).commitInfo.operation).toBe('REMOVE COLUMN MAPPING');
    const s = await snapshot('cm3');
    expect(s.configuration['delta.columnMapping.mode']).toBe('none');
    expect(s.metadata.schemaString).not.toContain('delta.columnMapping');
    expect(await kit.rows('SELECT id, w FROM cm3')).toEqual([[1, 'x']]);
  });

  it('columnMapping: a column name Parquet refuses without the mapping blocks the drop, nothing committed', async () => {
    await kit.run(
      "CREATE TABLE cm2 (`a b` INT, c INT) USING DELTA TBLPROPERTIES ('delta.columnMapping.mode' = 'name')",
    );
    await kit.run('INSERT INTO cm2 VALUES (1, 2)');
    const version = await kit.version('cm2');
    expect(await kit.errorClassOf('ALTER TABLE cm2 DROP FEATURE columnMapping')).toBe(
      'DELTA_INVALID_COLUMN_NAMES_WHEN_REMOVING_COLUMN_MAPPING',
    );
    expect(await kit.version('cm2')).toBe(version);
  });

  it('rowTracking: turned off, its materialized column names dropped, the feature removed at once', async () => {
    await kit.run('CREATE TABLE rt1 (id INT) USING DELTA');
    await kit.run('INSERT INTO rt1 VALUES (1), (2)');
    // Enabled on the existing table: the feature added, the two rows' files backfilled with base row ids.
    await kit.run("ALTER TABLE rt1 SET TBLPROPERTIES ('delta.enableRowTracking' = true)");
    await kit.run('INSERT INTO rt1 VALUES (3)');
    const before = await snapshot('rt1');
    expect(before.activeFiles().every((f) => typeof f.baseRowId === 'number')).toBe(true);
    expect(before.configuration['delta.rowTracking.materializedRowIdColumnName']).toMatch(/^_row-id-col-/);
    expect(await kit.errorClassOf('ALTER TABLE rt1 DROP FEATURE rowTracking TRUNCATE HISTORY')).toBe(
      'DELTA_FEATURE_DROP_HISTORY_TRUNCATION_NOT_ALLOWED',
    );
    await kit.run('ALTER TABLE rt1 DROP FEATURE rowTracking');
    const s = await snapshot('rt1');
    expect(s.version).toBe(before.version + 1);
    expect(JSON.stringify(s.protocol)).not.toContain('rowTracking');
    expect(s.configuration['delta.enableRowTracking']).toBeUndefined();
    expect(s.configuration['delta.rowTracking.materializedRowIdColumnName']).toBeUndefined();
    expect((await kit.lastCommit('rt1')).commitInfo.operationParameters).toEqual({
      featureName: 'rowTracking',
      truncateHistory: 'false',
    });
    // Writable without row ids again.
    await kit.run('INSERT INTO rt1 VALUES (4)');
    expect((await snapshot('rt1')).activeFiles().some((f) => f.baseRowId == null)).toBe(true);
    expect(await kit.rows('SELECT id FROM rt1 ORDER BY id')).toEqual([[1], [2], [3], [4]]);
  });
});
