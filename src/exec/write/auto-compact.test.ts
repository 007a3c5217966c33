import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSnapshot } from '../../delta/snapshot.js';
import { type DmlTestKit, dmlTestKit } from '../dml/testing/dml-test-kit.js';
import { autoCompactAfterCommit } from './auto-compact.js';
import { CommitBuilder } from './commit-builder.js';
import { writeDelta } from './delta-write.js';

let kit: DmlTestKit;
beforeAll(async () => {
  kit = await dmlTestKit();
});
afterAll(async () => kit.close());

const MIN_FILES = 'spark.databricks.delta.autoCompact.minNumFiles';
const ENABLED = 'spark.databricks.delta.autoCompact.enabled';

async function insert(table: string, ids: readonly number[], p?: string): Promise<void> {
  const rows = ids.map((id) => (p === undefined ? `(${id})` : `(${id}, '${p}')`));
  await kit.run(`INSERT INTO ${table} VALUES ${rows.join(', ')}`);
}

const filesByPartition = async (table: string) => {
  const counts: Record<string, number> = {};
  for (const f of await kit.files(table)) {
    const key = f.partitionValues.p ?? '';
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

const ids = async (table: string) =>
  (await kit.rows(`SELECT id FROM ${table} ORDER BY id`)).map((r) => r[0] as number);

describe('auto compaction', () => {
  it('compacts a touched partition once it holds minNumFiles small files, in an OPTIMIZE commit of its own', async () => {
    await kit.run('CREATE TABLE ac1 (id INT, p STRING) USING DELTA PARTITIONED BY (p)');
    for (const k of [1, 2, 3]) await insert('ac1', [k], 'b');
    await kit.run("ALTER TABLE ac1 SET TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'true')");
    await kit.run(`SET ${MIN_FILES} = 3`);
    try {
      await insert('ac1', [10], 'a');
      await insert('ac1', [11], 'a');
      const before = await kit.version('ac1');
      expect(await filesByPartition('ac1')).toEqual({ a: 2, b: 3 });
      await insert('ac1', [12], 'a');
      // The write (before + 1), then the compaction (before + 2) of partition a only: b was not touched.
      expect(await kit.version('ac1')).toBe(before + 2);
      expect(await filesByPartition('ac1')).toEqual({ a: 1, b: 3 });
      const commit = await kit.lastCommit('ac1');
      expect(commit.commitInfo.operation).toBe('OPTIMIZE');
      expect(commit.commitInfo.operationParameters).toEqual({
        predicate: JSON.stringify(["(p <=> CAST('a' AS STRING))"]),
        zOrderBy: '[]',
        clusterBy: '[]',
        auto: 'true',
      });
      expect(commit.removes).toHaveLength(3);
      expect(commit.adds).toHaveLength(1);
      expect([...commit.adds, ...commit.removes].every((a) => a.dataChange === false)).toBe(true);
      const metrics = commit.commitInfo.operationMetrics as Record<string, string>;
      expect([metrics.numRemovedFiles, metrics.numAddedFiles]).toEqual(['3', '1']);
      const history = await kit.rows('DESCRIBE HISTORY ac1 LIMIT 2');
      expect(history.map((h) => h[4])).toEqual(['OPTIMIZE', 'WRITE']);
      expect(await ids('ac1')).toEqual([1, 2, 3, 10, 11, 12]);
    } finally {
      await kit.run(`RESET ${MIN_FILES}`);
    }
  });

  it('runs after UPDATE, DELETE and MERGE too, and the session key wins over the table property', async () => {
    await kit.run(
      "CREATE TABLE ac2 (id INT) USING DELTA TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'false', 'delta.enableDeletionVectors' = 'false')",
    );
    for (const k of [1, 2, 3]) await insert('ac2', [k, k + 10]);
    await kit.run(`SET ${MIN_FILES} = 3`);
    try {
      await insert('ac2', [4]);
      expect(await kit.files('ac2')).toHaveLength(4);
      await kit.run(`SET ${ENABLED} = true`);
      // The rewrite of one file adds one: four small files, compacted into one.
      await kit.run('UPDATE ac2 SET id = id + 100 WHERE id = 4');
      expect((await kit.lastCommit('ac2')).commitInfo.operation).toBe('OPTIMIZE');
      expect(await kit.files('ac2')).toHaveLength(1);
      await insert('ac2', [5]);
      await kit.run(
        'MERGE INTO ac2 USING (SELECT 7 AS id) AS s ON ac2.id = s.id WHEN NOT MATCHED THEN INSERT *',
      );
      expect((await kit.lastCommit('ac2')).commitInfo.operation).toBe('OPTIMIZE');
      expect(await kit.files('ac2')).toHaveLength(1);
      await kit.run(`SET ${ENABLED} = false`);
      await kit.run("ALTER TABLE ac2 SET TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'auto')");
      await insert('ac2', [8, 9]);
      await insert('ac2', [20]);
      expect((await kit.lastCommit('ac2')).commitInfo.operation).toBe('WRITE');
      expect(await kit.files('ac2')).toHaveLength(3);
      await kit.run(`RESET ${ENABLED}`);
      // The file of 8 and 9 rewritten with 8 alone: three small files again.
      await kit.run('DELETE FROM ac2 WHERE id = 9');
      expect((await kit.lastCommit('ac2')).commitInfo.operation).toBe('OPTIMIZE');
      expect(await kit.files('ac2')).toHaveLength(1);
      expect(await ids('ac2')).toEqual([1, 2, 3, 5, 7, 8, 11, 12, 13, 20, 104]);
    } finally {
      await kit.run(`RESET ${MIN_FILES}`);
      await kit.run(`RESET ${ENABLED}`);
    }
  });

  it('leaves files of at least minFileSize alone, and runs after a DataFrame-style write', async () => {
    await kit.run(
      "CREATE TABLE ac3 (id INT) USING DELTA TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'legacy')",
    );
    for (const k of [1, 2]) await insert('ac3', [k]);
    const store = await kit.store('ac3');
    const schema = (await loadSnapshot(store, kit.session.parquet)).schema;
    const conf = new Map([
      [MIN_FILES, '3'],
      ['spark.databricks.delta.autoCompact.minFileSize', '1b'],
    ]);
    const append = (c: ReadonlyMap<string, string>) =>
      writeDelta(kit.session.engine, kit.session.parquet, store, {
        sourceSql: 'SELECT 3::INTEGER AS id',
        schema,
        mode: 'append',
        conf: c,
      });
    await append(conf);
    expect(await kit.files('ac3')).toHaveLength(3);
    await append(new Map([[MIN_FILES, '3']]));
    expect(await kit.files('ac3')).toHaveLength(1);
    expect((await kit.lastCommit('ac3')).commitInfo.operation).toBe('OPTIMIZE');
  });

  it('gives up quietly when a concurrent commit removed the files it read', async () => {
    await kit.run(
      "CREATE TABLE ac4 (id INT) USING DELTA TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'true', 'delta.enableDeletionVectors' = 'false')",
    );
    for (const k of [1, 2, 3]) await insert('ac4', [k]);
    const store = await kit.store('ac4');
    const stale = await loadSnapshot(store, kit.session.parquet);
    await kit.run('DELETE FROM ac4 WHERE id = 2');
    const version = await kit.version('ac4');
    // The compaction of the stale version reads the file DELETE removed: it loses the race.
    const txn = CommitBuilder.onSnapshot(stale, kit.session.parquet).addFiles(stale.activeFiles());
    const ctx = {
      engine: kit.session.engine,
      parquet: kit.session.parquet,
      conf: new Map([[MIN_FILES, '3']]),
    };
    expect(
      await autoCompactAfterCommit(ctx, txn, {
        version: stale.version,
        attempts: 0,
        checkpointWritten: false,
      }),
    ).toBe(undefined);
    expect(await kit.version('ac4')).toBe(version);
    expect(await ids('ac4')).toEqual([1, 3]);
  });

  it('refuses values Delta does not take', async () => {
    await kit.run('CREATE TABLE ac5 (id INT) USING DELTA');
    expect(
      await kit.errorClassOf(
        "ALTER TABLE ac5 SET TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'sometimes')",
      ),
    ).toBe('DELTA_INVALID_TABLE_PROPERTY_VALUE');
    expect(
      await kit.errorClassOf(
        "ALTER TABLE ac5 SET TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'yes')",
      ),
    ).toBe('DELTA_INVALID_TABLE_PROPERTY_VALUE');
    expect(await kit.errorClassOf(`SET ${ENABLED} = maybe`)).toBe('INVALID_CONF_VALUE.REQUIREMENT');
  });
});

describe('auto compaction settings', () => {
  it('a bad value given at CREATE fails the CREATE', async () => {
    expect(
      await kit.errorClassOf(
        "CREATE TABLE ac6 (id INT) USING DELTA TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'often')",
      ),
    ).toBe('DELTA_INVALID_TABLE_PROPERTY_VALUE');
    expect(await kit.errorClassOf('SELECT * FROM ac6')).toBe('TABLE_OR_VIEW_NOT_FOUND');
  });
});
