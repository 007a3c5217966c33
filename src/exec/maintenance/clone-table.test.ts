import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSnapshot } from '../../delta/snapshot.js';
import { DuckDBParquetHandler } from '../../engine/parquet-handler.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { type DmlTestKit, dmlTestKit } from '../dml/testing/dml-test-kit.js';
import { CLONE_COLUMNS } from './clone-table.js';

let kit: DmlTestKit;
beforeAll(async () => {
  kit = await dmlTestKit();
});
afterAll(async () => kit.close());

const errorClassOf = (sql: string) => kit.errorClassOf(sql);

/** v0 create (partitioned by p), v1 two files, v2 a third file. */
async function source(name: string, props = ''): Promise<void> {
  await kit.run(`CREATE TABLE ${name} (id INT, p STRING) USING DELTA PARTITIONED BY (p) ${props}`);
  await kit.run(`INSERT INTO ${name} VALUES (1, 'a'), (2, 'b')`);
  await kit.run(`INSERT INTO ${name} VALUES (3, 'a')`);
}

async function cloneRow(sql: string): Promise<bigint[]> {
  const [r] = await kit.session.execute(sql);
  if (r?.kind !== 'rows') throw new Error('no rows');
  expect(r.columns.map((c) => c.name)).toEqual([...CLONE_COLUMNS]);
  return r.rows[0] as bigint[];
}

describe('SHALLOW CLONE', () => {
  it('references the source files by absolute path, with the CLONE metrics and history entry', async () => {
    await source('s1');
    const sourceFiles = await kit.files('s1');
    const size = sourceFiles.reduce((n, f) => n + f.size, 0);
    const row = await cloneRow('CREATE TABLE c1 SHALLOW CLONE s1');
    expect(row).toEqual([BigInt(size), 3n, 0n, 0n, 0n, 0n]);
    expect(await kit.rows('SELECT id, p FROM c1 ORDER BY id')).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'a'],
    ]);
    const commit = await kit.lastCommit('c1');
    expect(commit.commitInfo.operation).toBe('CLONE');
    expect(commit.commitInfo.operationParameters).toEqual({
      source: 'spark_catalog.default.s1',
      sourceVersion: '2',
      isShallow: 'true',
    });
    expect(commit.commitInfo.operationMetrics).toEqual({
      sourceTableSize: String(size),
      sourceNumOfFiles: '3',
      numRemovedFiles: '0',
      numCopiedFiles: '0',
      removedFilesSize: '0',
      copiedFilesSize: '0',
    });
    const sourceRoot = (await kit.store('s1')).rootUrl.replace('file:///', 'file:/');
    expect(commit.adds.map((a) => a.path).sort()).toEqual(
      sourceFiles.map((f) => `${sourceRoot}${f.path}`).sort(),
    );
    expect(commit.adds.every((a) => a.dataChange && a.stats)).toBe(true);
    const clone = await loadSnapshot(await kit.store('c1'), kit.session.parquet);
    const src = await loadSnapshot(await kit.store('s1'), kit.session.parquet);
    expect(clone.version).toBe(0);
    expect(clone.metadata.id).not.toBe(src.metadata.id);
    expect(clone.partitionColumns).toEqual(['p']);
    expect(clone.schema).toEqual(src.schema);
    // No data file lives in the clone's folder.
    const listed = await (await kit.store('c1')).list('');
    expect(listed.filter((m) => !m.path.startsWith('_delta_log/'))).toEqual([]);
    const hist = await kit.rows('DESCRIBE HISTORY c1');
    expect(hist.length).toBe(1);
  });

  it('is independent of its source: DML on the clone leaves the source as it was, and back', async () => {
    await source('s2');
    await kit.run('CREATE TABLE c2 SHALLOW CLONE s2');
    await kit.run("DELETE FROM c2 WHERE p = 'a'");
    await kit.run('UPDATE c2 SET id = 20 WHERE id = 2');
    await kit.run("INSERT INTO c2 VALUES (9, 'z')");
    expect(await kit.rows('SELECT id FROM c2 ORDER BY id')).toEqual([[9], [20]]);
    expect(await kit.rows('SELECT id FROM s2 ORDER BY id')).toEqual([[1], [2], [3]]);
    await kit.run('DELETE FROM s2 WHERE id = 2');
    expect(await kit.rows('SELECT id FROM c2 ORDER BY id')).toEqual([[9], [20]]);
    expect(await kit.version('s2')).toBe(3);
    await kit.run(
      "MERGE INTO c2 USING (SELECT 9 AS id, 'm' AS p UNION ALL SELECT 7, 'n') AS src ON c2.id = src.id " +
        'WHEN MATCHED THEN UPDATE SET p = src.p WHEN NOT MATCHED THEN INSERT *',
    );
    expect(await kit.rows('SELECT id, p FROM c2 ORDER BY id')).toEqual([
      [7, 'n'],
      [9, 'm'],
      [20, 'b'],
    ]);
    expect(await kit.rows('SELECT id FROM s2 ORDER BY id')).toEqual([[1], [3]]);
  });

  it('clones an older version and overrides properties with TBLPROPERTIES', async () => {
    await source('s3', "TBLPROPERTIES ('delta.appendOnly' = 'false', 'k' = 'v')");
    const row = await cloneRow(
      "CREATE TABLE c3 SHALLOW CLONE s3 VERSION AS OF 1 TBLPROPERTIES ('k' = 'w', 'x' = 'y')",
    );
    expect(row[1]).toBe(2n);
    expect(await kit.rows('SELECT id FROM c3 ORDER BY id')).toEqual([[1], [2]]);
    const snap = await loadSnapshot(await kit.store('c3'), kit.session.parquet);
    expect(snap.configuration).toMatchObject({ k: 'w', x: 'y', 'delta.appendOnly': 'false' });
    expect((await kit.lastCommit('c3')).commitInfo.operationParameters).toMatchObject({ sourceVersion: '1' });
  });

  it('reads and rewrites the deletion vectors of the source files it references', async () => {
    await kit.run(
      "CREATE TABLE s4 (id INT) USING DELTA TBLPROPERTIES ('delta.enableDeletionVectors' = 'true')",
    );
    await kit.run('INSERT INTO s4 SELECT id FROM range(10) AS t(id)');
    await kit.run('DELETE FROM s4 WHERE id < 3');
    expect((await kit.files('s4'))[0]!.deletionVector?.storageType).toBe('u');
    await kit.run('CREATE TABLE c4 SHALLOW CLONE s4');
    const added = (await kit.lastCommit('c4')).adds[0]!;
    expect(added.deletionVector?.storageType).toBe('p');
    expect(added.deletionVector?.pathOrInlineDv.startsWith('file:/')).toBe(true);
    expect(await kit.rows('SELECT count(*) FROM c4')).toEqual([[7n]]);
    await kit.run('DELETE FROM c4 WHERE id = 9');
    expect(await kit.rows('SELECT count(*), max(id) FROM c4')).toEqual([[6n, 8]]);
    expect(await kit.rows('SELECT count(*), max(id) FROM s4')).toEqual([[7n, 9]]);
  });
});

describe('DEEP CLONE', () => {
  it('copies data and deletion vector files into the clone, which no longer needs the source', async () => {
    await kit.run(
      "CREATE TABLE s5 (id INT) USING DELTA TBLPROPERTIES ('delta.enableDeletionVectors' = 'true')",
    );
    await kit.run('INSERT INTO s5 SELECT id FROM range(10) AS t(id)');
    await kit.run('DELETE FROM s5 WHERE id < 3');
    const size = (await kit.files('s5')).reduce((n, f) => n + f.size, 0);
    const row = await cloneRow('CREATE TABLE c5 DEEP CLONE s5');
    expect(row).toEqual([BigInt(size), 1n, 0n, 1n, 0n, BigInt(size)]);
    const commit = await kit.lastCommit('c5');
    expect(commit.commitInfo.operationParameters).toMatchObject({ isShallow: 'false' });
    expect(commit.adds[0]!.path.startsWith('file:')).toBe(false);
    expect(commit.adds[0]!.deletionVector?.storageType).toBe('u');
    await kit.run('DROP TABLE s5');
    expect(await kit.rows('SELECT count(*), min(id) FROM c5')).toEqual([[7n, 3]]);
  });

  it('to a path target, and a deep clone of a shallow clone copies the referenced files', async () => {
    await source('s6');
    await kit.run('CREATE TABLE c6 SHALLOW CLONE s6');
    const target = `${(await kit.store('s6')).rootUrl.replace('file://', '').replace(/s6\/$/, '')}deep6`;
    await kit.run(`CREATE TABLE delta.\`${target}\` DEEP CLONE c6`);
    const snap = await loadSnapshot(storeForUrl(target), kit.session.parquet);
    expect(snap.activeFiles().every((f) => !f.path.includes(':'))).toBe(true);
    expect(await kit.rows(`SELECT count(*) FROM delta.\`${target}\``)).toEqual([[3n]]);
  });
});

describe('CLONE targets and errors', () => {
  it('refuses an existing target without OR REPLACE, skips with IF NOT EXISTS, replaces with OR REPLACE', async () => {
    await source('s7');
    await kit.run('CREATE TABLE t7 (id INT) USING DELTA');
    await kit.run('INSERT INTO t7 VALUES (100)');
    expect(await errorClassOf('CREATE TABLE t7 SHALLOW CLONE s7')).toBe('TABLE_OR_VIEW_ALREADY_EXISTS');
    await kit.run('CREATE TABLE IF NOT EXISTS t7 SHALLOW CLONE s7');
    expect(await kit.version('t7')).toBe(1);
    const removed = (await kit.files('t7'))[0]!.size;
    const row = await cloneRow('CREATE OR REPLACE TABLE t7 SHALLOW CLONE s7');
    expect(row.slice(1, 5)).toEqual([3n, 1n, 0n, BigInt(removed)]);
    expect(await kit.rows('SELECT id FROM t7 ORDER BY id')).toEqual([[1], [2], [3]]);
    expect(await kit.version('t7')).toBe(2);
    expect(await errorClassOf('REPLACE TABLE nothere SHALLOW CLONE s7')).toBe('CANNOT_REPLACE_MISSING_TABLE');
    expect(await errorClassOf('CREATE OR REPLACE TABLE s7 SHALLOW CLONE s7')).toBe(
      'DELTA_UNSUPPORTED_CLONE_REPLACE_SAME_TABLE',
    );
  });

  it('refuses non-Delta and missing sources, and ambiguous or relative targets', async () => {
    await kit.run('CREATE TABLE csv8 (id INT) USING csv');
    await kit.run('CREATE VIEW v8 AS SELECT 1 AS id');
    expect(await errorClassOf('CREATE TABLE c8 SHALLOW CLONE csv8')).toBe('DELTA_CLONE_UNSUPPORTED_SOURCE');
    expect(await errorClassOf('CREATE TABLE c8 SHALLOW CLONE v8')).toBe('DELTA_CLONE_UNSUPPORTED_SOURCE');
    expect(await errorClassOf('CREATE TABLE c8 SHALLOW CLONE missing8')).toBe('TABLE_OR_VIEW_NOT_FOUND');
    await source('s8');
    expect(await errorClassOf("CREATE TABLE delta.`/tmp/x8` SHALLOW CLONE s8 LOCATION '/tmp/y8'")).toBe(
      'DELTA_CLONE_AMBIGUOUS_TARGET',
    );
    expect(
      await errorClassOf(
        "CREATE TABLE c8 SHALLOW CLONE s8 TBLPROPERTIES ('delta.columnMapping.mode' = 'name')",
      ),
    ).toBe('DELTA_UNSUPPORTED_COLUMN_MAPPING_MODE_CHANGE');
    expect(await kit.session.catalog.catalog.lookupTable('default', 'c8')).toBeUndefined();
  });

  it('clones from a path source at a timestamp into an external LOCATION', async () => {
    await source('s9');
    const root = (await kit.store('s9')).rootUrl.replace('file://', '').replace(/\/$/, '');
    const loc = `${root}-ext`;
    // Without in-commit timestamps a version's time is its commit file's modification time.
    const latest = (await (await kit.store('s9')).head('_delta_log/00000000000000000002.json')).lastModified;
    const ts = new Date(latest).toISOString().replace('T', ' ').replace('Z', '');
    await kit.run(
      `CREATE TABLE c9 SHALLOW CLONE delta.\`${root}\` TIMESTAMP AS OF '${ts}' LOCATION '${loc}'`,
    );
    const entry = await kit.session.catalog.catalog.getTable('default', 'c9');
    expect(entry.tableType).toBe('EXTERNAL');
    expect((await kit.lastCommit('c9')).commitInfo.operationParameters).toMatchObject({
      source: `delta.\`${root}\``,
      sourceVersion: '2',
    });
  });
});

describe('cloned tables in the log', () => {
  it('replacing a clone with a newer clone of its source keeps the files both hold', async () => {
    await source('s10');
    await kit.run('CREATE TABLE c10 SHALLOW CLONE s10');
    await kit.run("INSERT INTO s10 VALUES (4, 'b')");
    const row = await cloneRow('CREATE OR REPLACE TABLE c10 SHALLOW CLONE s10');
    expect(row.slice(1, 3)).toEqual([4n, 0n]);
    const commit = await kit.lastCommit('c10');
    expect(commit.adds.length).toBe(1);
    expect(commit.removes.length).toBe(0);
    expect(await kit.rows('SELECT count(*) FROM c10')).toEqual([[4n]]);
  });

  it('checkpoints of a shallow clone hold its absolute paths and replay to the same files', async () => {
    await source('s11');
    await kit.run("CREATE TABLE c11 SHALLOW CLONE s11 TBLPROPERTIES ('delta.checkpointInterval' = '2')");
    await kit.run("INSERT INTO c11 VALUES (5, 'c')");
    await kit.run('DELETE FROM c11 WHERE id = 1');
    const store = await kit.store('c11');
    const keys = (await store.list('_delta_log/')).map((m) => m.path);
    expect(keys).toContain('_delta_log/00000000000000000002.checkpoint.parquet');
    const fresh = await loadSnapshot(store, new DuckDBParquetHandler(kit.session.engine));
    expect(fresh.segment.checkpointVersion).toBe(2);
    expect(
      fresh
        .activeFiles()
        .map((f) => f.path)
        .sort(),
    ).toEqual((await kit.files('c11')).map((f) => f.path).sort());
    expect(fresh.activeFiles().filter((f) => f.path.startsWith('file:/')).length).toBe(2);
    expect(await kit.rows('SELECT id FROM c11 ORDER BY id')).toEqual([[2], [3], [5]]);
  });
});

describe('CLONE of a table with row tracking', () => {
  // CloneTableBase.handleClone: "CLONE does not preserve Row IDs and Commit Versions": every cloned file
  // loses its baseRowId and defaultRowCommitVersion, and the clone's commit hands out fresh ones, so the
  // clone's rows get fresh ids from 0 and the clone's version as their commit version, deep or shallow;
  // ids the source materialized in its files (an updated row's) are not the clone's.
  const rowIds = (t: string) =>
    kit.rows(`SELECT id, _metadata.row_id, _metadata.row_commit_version FROM ${t} ORDER BY id`);

  it.each(['DEEP', 'SHALLOW'])('%s CLONE gives the rows fresh ids and the clone version', async (kind) => {
    const src = `rt_${kind.toLowerCase()}`;
    const dst = `rt_${kind.toLowerCase()}_clone`;
    await kit.run(
      `CREATE TABLE ${src} (id INT, v STRING) USING DELTA TBLPROPERTIES ('delta.enableRowTracking' = true)`,
    );
    await kit.run(`INSERT INTO ${src} VALUES (1, 'a'), (2, 'b')`);
    await kit.run(`INSERT INTO ${src} VALUES (3, 'c')`);
    await kit.run(`DELETE FROM ${src} WHERE id = 2`);
    await kit.run(`UPDATE ${src} SET v = 'x' WHERE id = 1`);
    const before = await rowIds(src);
    expect(before).toEqual([
      [1, 0n, 4n],
      [3, 2n, 2n],
    ]);
    await kit.run(`CREATE TABLE ${dst} ${kind} CLONE ${src}`);
    // The clone holds two files of one row each (the first file lost both rows): ids 0 and 1 from the
    // clone's own high-water mark, each file's baseRowId in the order the files were added, whatever id the
    // source had materialized for its updated row.
    const cloned = await rowIds(dst);
    expect(cloned.map((r) => r[2])).toEqual([0n, 0n]);
    expect(cloned).toEqual([
      [1, 1n, 0n],
      [3, 0n, 0n],
    ]);
    // The source keeps its own ids; the clone's next insert continues above the clone's ids.
    expect(await rowIds(src)).toEqual(before);
    await kit.run(`INSERT INTO ${dst} VALUES (9, 'z')`);
    expect((await rowIds(dst)).at(-1)).toEqual([9, 2n, 1n]);
  });
});
