import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSnapshot } from '../../delta/snapshot.js';
import { type DmlTestKit, dmlTestKit } from '../dml/testing/dml-test-kit.js';

let kit: DmlTestKit;
beforeAll(async () => {
  kit = await dmlTestKit();
});
afterAll(async () => kit.close());

const errorClassOf = (sql: string) => kit.errorClassOf(sql);

const snapshot = async (t: string) => loadSnapshot(await kit.store(t), kit.session.parquet);

describe('ALTER COLUMN SET DEFAULT / DROP DEFAULT', () => {
  it('needs allowColumnDefaults, stores CURRENT_DEFAULT, and INSERT uses it until dropped', async () => {
    await kit.run('CREATE TABLE df1 (id INT, v INT) USING DELTA');
    expect(await errorClassOf('ALTER TABLE df1 ALTER COLUMN v SET DEFAULT 42')).toBe(
      'WRONG_COLUMN_DEFAULTS_FOR_DELTA_FEATURE_NOT_ENABLED',
    );
    await kit.run("ALTER TABLE df1 SET TBLPROPERTIES ('delta.feature.allowColumnDefaults' = 'supported')");
    await kit.run('ALTER TABLE df1 ALTER COLUMN v SET DEFAULT 40 + 2');
    const field = (await snapshot('df1')).schema.fields[1]!;
    expect(field.metadata.CURRENT_DEFAULT).toBe('40 + 2');
    expect((await kit.lastCommit('df1')).commitInfo.operation).toBe('CHANGE COLUMN');
    await kit.run('INSERT INTO df1 (id) VALUES (1)');
    await kit.run('INSERT INTO df1 VALUES (2, DEFAULT)');
    await kit.run('ALTER TABLE df1 ALTER COLUMN v DROP DEFAULT');
    expect((await snapshot('df1')).schema.fields[1]!.metadata).toEqual({});
    await kit.run('INSERT INTO df1 (id) VALUES (3)');
    expect(await kit.rows('SELECT id, v FROM df1 ORDER BY id')).toEqual([
      [1, 42],
      [2, 42],
      [3, null],
    ]);
  });
});

describe('ALTER TABLE DROP FEATURE', () => {
  it('drops checkConstraints once no constraint is left, in one DROP FEATURE commit', async () => {
    await kit.run(
      "CREATE TABLE ft1 (id INT) USING DELTA TBLPROPERTIES ('delta.feature.checkConstraints' = 'supported')",
    );
    await kit.run('ALTER TABLE ft1 ADD CONSTRAINT pos CHECK (id > 0)');
    expect(await errorClassOf('ALTER TABLE ft1 DROP FEATURE checkConstraints')).toBe(
      'DELTA_CANNOT_DROP_CHECK_CONSTRAINT_FEATURE',
    );
    expect(await errorClassOf('ALTER TABLE ft1 DROP FEATURE checkConstraints TRUNCATE HISTORY')).toBe(
      'DELTA_FEATURE_DROP_HISTORY_TRUNCATION_NOT_ALLOWED',
    );
    await kit.run('ALTER TABLE ft1 DROP CONSTRAINT pos');
    await kit.run('ALTER TABLE ft1 DROP FEATURE checkConstraints');
    const commit = await kit.lastCommit('ft1');
    expect(commit.commitInfo.operation).toBe('DROP FEATURE');
    expect(commit.commitInfo.operationParameters).toEqual({
      featureName: 'checkConstraints',
      truncateHistory: 'false',
    });
    const s = await snapshot('ft1');
    expect(s.protocol.writerFeatures ?? []).not.toContain('checkConstraints');
    expect(s.configuration['delta.feature.checkConstraints']).toBeUndefined();
  });

  it("names absent, unknown, property and non-removable features with Delta's errors", async () => {
    await kit.run(
      "CREATE TABLE ft2 (id INT) USING DELTA TBLPROPERTIES ('delta.feature.appendOnly' = 'supported')",
    );
    expect(await errorClassOf('ALTER TABLE ft2 DROP FEATURE v2Checkpoint')).toBe(
      'DELTA_FEATURE_DROP_FEATURE_NOT_PRESENT',
    );
    expect(await errorClassOf('ALTER TABLE ft2 DROP FEATURE noSuchFeature')).toBe(
      'DELTA_FEATURE_DROP_UNSUPPORTED_CLIENT_FEATURE',
    );
    expect(await errorClassOf("ALTER TABLE ft2 DROP FEATURE 'delta.appendOnly'")).toBe(
      'DELTA_FEATURE_DROP_FEATURE_IS_DELTA_PROPERTY',
    );
    expect(await errorClassOf('ALTER TABLE ft2 DROP FEATURE appendOnly')).toBe(
      'DELTA_FEATURE_DROP_NONREMOVABLE_FEATURE',
    );
  });

  it('deletionVectors: the first run disables and purges them and waits; history still holding them refuses', async () => {
    await kit.run(
      "CREATE TABLE ft3 (id INT) USING DELTA TBLPROPERTIES ('delta.enableDeletionVectors' = 'true')",
    );
    await kit.run('INSERT INTO ft3 SELECT id FROM range(10) AS t(id)');
    await kit.run('DELETE FROM ft3 WHERE id < 4');
    expect((await kit.files('ft3'))[0]!.deletionVector).toBeTruthy();
    const before = await kit.version('ft3');
    expect(await errorClassOf('ALTER TABLE ft3 DROP FEATURE deletionVectors')).toBe(
      'DELTA_FEATURE_DROP_WAIT_FOR_RETENTION_PERIOD',
    );
    const s = await snapshot('ft3');
    expect(s.version).toBe(before + 2); // the property turned off, then the purge
    expect(s.configuration['delta.enableDeletionVectors']).toBe('false');
    expect(s.activeFiles().every((f) => f.deletionVector == null)).toBe(true);
    expect(s.protocol.readerFeatures).toContain('deletionVectors');
    expect(await kit.rows('SELECT count(*) FROM ft3')).toEqual([[6n]]);
    expect(await errorClassOf('ALTER TABLE ft3 DROP FEATURE deletionVectors')).toBe(
      'DELTA_FEATURE_DROP_HISTORICAL_VERSIONS_EXIST',
    );
    expect((await snapshot('ft3')).version).toBe(before + 2);
  });

  it('deletionVectors never used: dropped from the protocol after the property is off', async () => {
    await kit.run(
      "CREATE TABLE ft4 (id INT) USING DELTA TBLPROPERTIES ('delta.enableDeletionVectors' = 'true')",
    );
    await kit.run('INSERT INTO ft4 VALUES (1)');
    expect(await errorClassOf('ALTER TABLE ft4 DROP FEATURE deletionVectors')).toBe(
      'DELTA_FEATURE_DROP_WAIT_FOR_RETENTION_PERIOD',
    );
    await kit.run('ALTER TABLE ft4 DROP FEATURE deletionVectors');
    const s = await snapshot('ft4');
    expect(s.protocol.readerFeatures ?? []).not.toContain('deletionVectors');
    expect(s.protocol.writerFeatures ?? []).not.toContain('deletionVectors');
    expect(s.configuration['delta.enableDeletionVectors']).toBeUndefined();
    expect(await kit.rows('SELECT id FROM ft4')).toEqual([[1]]);
  });
});

describe('GENERATE symlink_format_manifest', () => {
  it('writes one manifest per partition listing the absolute paths of the live files', async () => {
    await kit.run('CREATE TABLE gm1 (id INT, p STRING) USING DELTA PARTITIONED BY (p)');
    await kit.run("INSERT INTO gm1 VALUES (1, 'a'), (2, 'b')");
    await kit.run("INSERT INTO gm1 VALUES (3, 'a')");
    await kit.run('GENERATE symlink_format_manifest FOR TABLE gm1');
    const store = await kit.store('gm1');
    const root = fileURLToPath(store.rootUrl);
    const listed = (await store.list('_symlink_format_manifest/')).map((m) => m.path).sort();
    expect(listed).toEqual([
      '_symlink_format_manifest/p=a/manifest',
      '_symlink_format_manifest/p=b/manifest',
    ]);
    const a = (await readFile(`${root}_symlink_format_manifest/p=a/manifest`, 'utf8')).trim().split('\n');
    const expected = (await kit.files('gm1'))
      .filter((f) => f.partitionValues.p === 'a')
      .map((f) => `file:${root}${decodeURIComponent(f.path)}`);
    expect(a.sort()).toEqual(expected.sort());
    // Partitions that lose all their files lose their manifest; GENERATE commits nothing.
    await kit.run("DELETE FROM gm1 WHERE p = 'b'");
    const version = await kit.version('gm1');
    await kit.run('GENERATE symlink_format_manifest FOR TABLE gm1');
    expect((await store.list('_symlink_format_manifest/')).map((m) => m.path)).toEqual([
      '_symlink_format_manifest/p=a/manifest',
    ]);
    expect(await kit.version('gm1')).toBe(version);
  });

  it('refuses other modes and tables with deletion vectors', async () => {
    await kit.run(
      "CREATE TABLE gm2 (id INT) USING DELTA TBLPROPERTIES ('delta.enableDeletionVectors' = 'true')",
    );
    await kit.run('INSERT INTO gm2 SELECT id FROM range(5) AS t(id)');
    expect(await errorClassOf('GENERATE other_mode FOR TABLE gm2')).toBe('DELTA_MODE_NOT_SUPPORTED');
    await kit.run('GENERATE symlink_format_manifest FOR TABLE gm2');
    await kit.run('DELETE FROM gm2 WHERE id = 1');
    expect(await errorClassOf('GENERATE symlink_format_manifest FOR TABLE gm2')).toBe(
      'DELTA_UNSUPPORTED_GENERATE_WITH_DELETION_VECTORS',
    );
  });
});
