import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELTA_CONFORMANCE_DIR } from '../../conformance/data-dirs.js';
import { loadSnapshot } from '../../delta/snapshot.js';
import { type DmlTestKit, dmlTestKit } from './testing/dml-test-kit.js';

let kit: DmlTestKit;
beforeAll(async () => {
  kit = await dmlTestKit();
});
afterAll(async () => kit.close());

const ids = (t: string) =>
  kit.rows(`SELECT id, _metadata.row_id, _metadata.row_commit_version FROM ${t} ORDER BY id`);

async function mark(t: string): Promise<unknown> {
  const s = await loadSnapshot(await kit.store(t), kit.session.parquet);
  const d = s.domainMetadata().find((x) => x.domain === 'delta.rowTracking');
  return d && JSON.parse(d.configuration).rowIdHighWaterMark;
}

describe('row tracking', () => {
  it('CREATE with delta.enableRowTracking assigns row ids that _metadata reads back', async () => {
    await kit.run(`CREATE TABLE rt1 (id INT) USING DELTA TBLPROPERTIES ('delta.enableRowTracking' = true)`);
    await kit.run('INSERT INTO rt1 VALUES (1), (2), (3)');
    await kit.run('INSERT INTO rt1 VALUES (4), (5)');
    const s = await loadSnapshot(await kit.store('rt1'), kit.session.parquet);
    // Deletion vectors are on by default for new tables, as on Databricks.
    expect(s.protocol).toEqual({
      minReaderVersion: 3,
      minWriterVersion: 7,
      readerFeatures: ['deletionVectors'],
      writerFeatures: ['deletionVectors', 'rowTracking', 'domainMetadata'],
    });
    expect(s.activeFiles().map((f) => [f.baseRowId, f.defaultRowCommitVersion])).toEqual([
      [0, 1],
      [3, 2],
    ]);
    expect(await mark('rt1')).toBe(4);
    expect(await ids('rt1')).toEqual([
      [1, 0n, 1n],
      [2, 1n, 1n],
      [3, 2n, 1n],
      [4, 3n, 2n],
      [5, 4n, 2n],
    ]);
  });

  it('DELETE with deletion vectors and OPTIMIZE keep every row id and commit version', async () => {
    await kit.run('DELETE FROM rt1 WHERE id = 2');
    const kept = [
      [1, 0n, 1n],
      [3, 2n, 1n],
      [4, 3n, 2n],
      [5, 4n, 2n],
    ];
    expect(await ids('rt1')).toEqual(kept);
    await kit.run('OPTIMIZE rt1');
    const after = await kit.files('rt1');
    expect(after).toHaveLength(1);
    // The compacted file gets a fresh range (4 rows above the mark 4) and the OPTIMIZE version...
    expect([after[0]!.baseRowId, after[0]!.defaultRowCommitVersion]).toEqual([5, 4]);
    expect(await mark('rt1')).toBe(8);
    // ...but its rows carry their own ids and versions in the materialized columns.
    expect(await ids('rt1')).toEqual(kept);
    const s = await loadSnapshot(await kit.store('rt1'), kit.session.parquet);
    const idCol = s.configuration['delta.rowTracking.materializedRowIdColumnName']!;
    const file = join(new URL((await kit.store('rt1')).rootUrl).pathname, after[0]!.path);
    const physical = await kit.rows(`SELECT id, \`${idCol}\` FROM parquet.\`${file}\` ORDER BY id`);
    expect(physical).toEqual([
      [1, 0n],
      [3, 2n],
      [4, 3n],
      [5, 4n],
    ]);
  });

  it('inserts by MERGE get fresh ids above the high water mark', async () => {
    await kit.run(
      'MERGE INTO rt1 USING (SELECT 6 AS id) AS s ON rt1.id = s.id WHEN NOT MATCHED THEN INSERT *',
    );
    expect((await ids('rt1')).at(-1)).toEqual([6, 9n, 5n]);
  });

  it('ALTER TABLE SET TBLPROPERTIES enables it on an existing table, backfilling base row ids', async () => {
    await kit.run('CREATE TABLE rt2 (id INT) USING DELTA');
    await kit.run('INSERT INTO rt2 VALUES (1), (2)');
    await kit.run(`ALTER TABLE rt2 SET TBLPROPERTIES ('delta.enableRowTracking' = true)`);
    const c = await kit.lastCommit('rt2');
    expect(c.adds.map((a) => [a.baseRowId, a.defaultRowCommitVersion, a.dataChange])).toEqual([
      [0, 2, false],
    ]);
    expect(await ids('rt2')).toEqual([
      [1, 0n, 2n],
      [2, 1n, 2n],
    ]);
  });

  it('reads and extends the row ids of a table Databricks wrote with row tracking', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lakesql-rowtracking-'));
    try {
      const table = join(dir, 't');
      await cp(join(DELTA_CONFORMANCE_DIR, 'delta-rs/table_with_liquid_clustering/delta'), table, {
        recursive: true,
      });
      const path = `delta.\`${table}\``;
      const read = await kit.rows(
        `SELECT _metadata.row_id, _metadata.row_commit_version FROM ${path} ORDER BY _metadata.row_id`,
      );
      expect(read).toEqual(Array.from({ length: 10 }, (_, i) => [BigInt(i), 0n]));
      // A Databricks table with row tracking and no rows yet: lakesql's append starts the ids.
      const empty = join(dir, 'e');
      await cp(join(DELTA_CONFORMANCE_DIR, 'kernel-rs/crc-full/delta'), empty, { recursive: true });
      await kit.run(`INSERT INTO delta.\`${empty}\` VALUES (7), (8)`);
      expect(
        await kit.rows(`SELECT id, _metadata.row_id, _metadata.row_commit_version FROM delta.\`${empty}\``),
      ).toEqual([
        [7n, 0n, 1n],
        [8n, 1n, 1n],
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
