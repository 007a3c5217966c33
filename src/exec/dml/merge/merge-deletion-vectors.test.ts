/**
 * MERGE on tables with deletion vectors (Delta's ClassicMergeExecutor with persistent DVs): the target rows a
 * MATCHED or NOT MATCHED BY SOURCE clause updates or deletes are marked deleted in their files' DVs, only the
 * updated rows and the inserts are written, and no unchanged row is copied. Exact rows, commit actions, the
 * DVs' row indexes and Delta's metrics; a copy of a Spark-written DV table merged into and read back.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELTA_CONFORMANCE_DIR } from '../../../conformance/data-dirs.js';
import type { DeletionVectorDescriptor } from '../../../delta/actions.js';
import { loadDeletedRowIndexes } from '../../../delta/deletion-vectors/index.js';
import { storeForUrl } from '../../../storage/store-for-url.js';
import { type LogAction, type MergeTestEnv, mergeTestEnv } from './testing/merge-test-env.js';

let env: MergeTestEnv;
let scratch: string;
beforeAll(async () => {
  env = await mergeTestEnv({ deletionVectors: true });
  scratch = await mkdtemp(path.join(tmpdir(), 'lakesql-merge-dv-'));
});
afterAll(async () => {
  await env.close();
  await rm(scratch, { recursive: true, force: true });
});

/** A DV table of three files: file k holds ids 10k+1 … 10k+10 in order, v = 'v<id>'. */
async function dvTable() {
  const t = await env.table('id INT, v STRING');
  for (let k = 0; k < 3; k++) {
    const rows = Array.from({ length: 10 }, (_, i) => `(${10 * k + i + 1}, 'v${10 * k + i + 1}')`);
    await env.append(t, rows.join(', '));
  }
  return t;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const rowsOf = (ids: number[]) => ids.map((id) => [id, `v${id}`]);
const adds = (c: LogAction[]) => c.filter((a) => a.add).map((a) => a.add);
const removes = (c: LogAction[]) => c.filter((a) => a.remove).map((a) => a.remove);
const metricsOf = (c: LogAction[]) =>
  c.find((a) => a.commitInfo)!.commitInfo.operationMetrics as Record<string, string>;
const deleted = async (location: string, dv: DeletionVectorDescriptor) =>
  [...(await loadDeletedRowIndexes(storeForUrl(location), dv))].map(Number);
const fileHolding = (c: LogAction[], minId: number) =>
  adds(c).find((a) => a.stats?.includes(`"minValues":{"id":${minId},`));
const listed = async (location: string) => (await storeForUrl(location).list('')).map((o) => o.path);

describe('MERGE with deletion vectors', () => {
  it('upsert: matched rows marked in a DV, only updated rows and inserts written, nothing copied', async () => {
    const t = await dvTable();
    const before = await env.version(t.location);
    const { outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING (SELECT * FROM VALUES (12, 'x'), (15, 'y'), (40, 'new') AS s(id, v)) s
       ON t.id = s.id WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED THEN INSERT *`,
    );
    expect(outcome.version).toBe(before + 1);
    const expected = [
      ...rowsOf(range(1, 11)),
      [12, 'x'],
      ...rowsOf([13, 14]),
      [15, 'y'],
      ...rowsOf(range(16, 30)),
      [40, 'new'],
    ];
    expect(await env.rows(`SELECT id, v FROM ${t.name} ORDER BY id`)).toEqual(expected);

    const commit = await env.commit(t.location, before + 1);
    // The touched file (ids 11-20, written second) is removed and added again with a DV; one new file.
    const touched = (await env.commit(t.location, 2)).find((a) => a.add)!.add;
    expect(removes(commit).map((r) => r.path)).toEqual([touched.path]);
    expect(removes(commit)[0].deletionVector).toBeUndefined();
    const readded = adds(commit).find((a) => a.path === touched.path)!;
    expect(readded.deletionVector.storageType).toBe('u');
    expect(readded.deletionVector.cardinality).toBe(2);
    expect(await deleted(t.location, readded.deletionVector)).toEqual([1, 4]);
    const stats = JSON.parse(readded.stats) as Record<string, unknown>;
    expect(stats).toMatchObject({ numRecords: 10, tightBounds: false, minValues: { id: 11, v: 'v11' } });
    const written = adds(commit).filter((a) => a.path !== touched.path);
    expect(written).toHaveLength(1);
    expect(written[0].deletionVector).toBeUndefined();
    expect(JSON.parse(written[0].stats).numRecords).toBe(3);

    const m = metricsOf(commit);
    expect(m).toMatchObject({
      numSourceRows: '3',
      numTargetRowsInserted: '1',
      numTargetRowsUpdated: '2',
      numTargetRowsMatchedUpdated: '2',
      numTargetRowsDeleted: '0',
      numTargetRowsCopied: '0',
      numOutputRows: '3',
      numTargetFilesAdded: '1',
      numTargetFilesRemoved: '0',
      numTargetBytesRemoved: '0',
      numTargetDeletionVectorsAdded: '1',
      numTargetDeletionVectorsRemoved: '0',
      numTargetDeletionVectorsUpdated: '0',
    });
    expect(Number(m.numTargetBytesAdded)).toBe(written[0].size);
    expect((await listed(t.location)).filter((p) => p.endsWith('.parquet'))).toHaveLength(4);
    expect(
      (await listed(t.location)).filter((p) => /^deletion_vector_[0-9a-f-]{36}\.bin$/.test(p)),
    ).toHaveLength(1);

    // Time travel to the version before reads every original row.
    expect(await env.rows(`SELECT id, v FROM ${t.name} VERSION AS OF ${before} ORDER BY id`)).toEqual(
      rowsOf(range(1, 30)),
    );

    // A second MERGE into the same file unites its DV with the new rows: remove with the old DV, add with both.
    const second = await env.merge(
      `MERGE INTO ${t.name} t USING (SELECT 18 AS id) s ON t.id = s.id WHEN MATCHED THEN DELETE`,
    );
    const c2 = await env.commit(t.location, second.outcome.version!);
    expect(removes(c2)).toHaveLength(1);
    expect(removes(c2)[0].deletionVector).toEqual(readded.deletionVector);
    expect(adds(c2)).toHaveLength(1);
    expect(adds(c2)[0].path).toBe(touched.path);
    expect(await deleted(t.location, adds(c2)[0].deletionVector)).toEqual([1, 4, 7]);
    expect(metricsOf(c2)).toMatchObject({
      numTargetRowsDeleted: '1',
      numTargetFilesAdded: '0',
      numTargetFilesRemoved: '0',
      // Delta counts an updated DV as one removed and one added too.
      numTargetDeletionVectorsAdded: '1',
      numTargetDeletionVectorsUpdated: '1',
      numTargetDeletionVectorsRemoved: '1',
    });
    expect(
      (await env.rows(`SELECT id FROM ${t.name} WHERE id BETWEEN 11 AND 20 ORDER BY id`)).flat(),
    ).toEqual([11, 12, 13, 14, 15, 16, 17, 19, 20]);
  });

  it('delete: a file losing every live row is removed, the others get DVs', async () => {
    const t = await dvTable();
    const { result, outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING (SELECT id FROM range(21, 31) AS r(id) UNION ALL SELECT 5) s
       ON t.id = s.id WHEN MATCHED THEN DELETE`,
    );
    expect(result.kind === 'rows' && result.rows).toEqual([[11n, 0n, 11n, 0n]]);
    expect(await env.rows(`SELECT id, v FROM ${t.name} ORDER BY id`)).toEqual(
      rowsOf([1, 2, 3, 4, 6, 7, 8, 9, 10, ...range(11, 20)]),
    );
    const commit = await env.commit(t.location, outcome.version!);
    const third = fileHolding(await env.commit(t.location, 3), 21)!;
    const first = fileHolding(await env.commit(t.location, 1), 1)!;
    expect(
      removes(commit)
        .map((r) => r.path)
        .sort(),
    ).toEqual([first.path, third.path].sort());
    expect(adds(commit).map((a) => a.path)).toEqual([first.path]);
    expect(await deleted(t.location, adds(commit)[0].deletionVector)).toEqual([4]);
    expect(metricsOf(commit)).toMatchObject({
      numTargetRowsDeleted: '11',
      numTargetRowsMatchedDeleted: '11',
      numTargetRowsCopied: '0',
      numTargetFilesAdded: '0',
      numTargetFilesRemoved: '1',
      numTargetBytesRemoved: String(third.size),
      numTargetDeletionVectorsAdded: '1',
      numTargetDeletionVectorsRemoved: '0',
    });
    // Emptying the file that now has a DV removes it and counts its DV as removed.
    const again = await env.merge(
      `MERGE INTO ${t.name} t USING (SELECT id FROM range(1, 11) AS r(id)) s ON t.id = s.id WHEN MATCHED THEN DELETE`,
    );
    const c2 = await env.commit(t.location, again.outcome.version!);
    expect(adds(c2)).toEqual([]);
    expect(removes(c2).map((r) => r.path)).toEqual([first.path]);
    expect(metricsOf(c2)).toMatchObject({
      numTargetRowsDeleted: '9',
      numTargetFilesRemoved: '1',
      numTargetDeletionVectorsAdded: '0',
      numTargetDeletionVectorsRemoved: '1',
      numTargetDeletionVectorsUpdated: '0',
    });
    expect((await env.rows(`SELECT id FROM ${t.name} ORDER BY id`)).flat()).toEqual(range(11, 20));
  });

  it('NOT MATCHED BY SOURCE UPDATE and DELETE mark the unmatched rows they change', async () => {
    const t = await dvTable();
    const { result, outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING (SELECT id FROM range(1, 26) AS r(id)) s ON t.id = s.id
       WHEN NOT MATCHED BY SOURCE AND t.id > 28 THEN DELETE
       WHEN NOT MATCHED BY SOURCE THEN UPDATE SET v = 'gone'`,
    );
    expect(result.kind === 'rows' && result.rows).toEqual([[5n, 3n, 2n, 0n]]);
    expect(await env.rows(`SELECT id, v FROM ${t.name} ORDER BY id`)).toEqual([
      ...rowsOf(range(1, 25)),
      [26, 'gone'],
      [27, 'gone'],
      [28, 'gone'],
    ]);
    const commit = await env.commit(t.location, outcome.version!);
    const third = fileHolding(await env.commit(t.location, 3), 21)!;
    expect(removes(commit).map((r) => r.path)).toEqual([third.path]);
    const readded = adds(commit).find((a) => a.path === third.path)!;
    expect(await deleted(t.location, readded.deletionVector)).toEqual([5, 6, 7, 8, 9]);
    expect(adds(commit)).toHaveLength(2);
    expect(metricsOf(commit)).toMatchObject({
      numTargetRowsNotMatchedBySourceUpdated: '3',
      numTargetRowsNotMatchedBySourceDeleted: '2',
      numTargetRowsCopied: '0',
      numTargetFilesAdded: '1',
      numTargetFilesRemoved: '0',
      numTargetDeletionVectorsAdded: '1',
    });
  });

  it('a file without statistics: its live rows are counted, a partial change gets a DV, a full one removes', async () => {
    const t = await dvTable();
    // Drop the stats of the first two files from their commits (a writer that records none).
    for (const v of [1, 2]) {
      const commitFile = path.join(t.location, '_delta_log', `${String(v).padStart(20, '0')}.json`);
      const lines = (await readFile(commitFile, 'utf8')).trim().split('\n');
      const stripped = lines.map((l) => {
        const a = JSON.parse(l);
        if (a.add) delete a.add.stats;
        return JSON.stringify(a);
      });
      await writeFile(commitFile, `${stripped.join('\n')}\n`);
    }
    const { outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING (SELECT id FROM range(3, 21) AS r(id)) s ON t.id = s.id
       WHEN MATCHED AND t.id > 10 THEN DELETE WHEN MATCHED THEN UPDATE SET v = 'u'`,
    );
    expect(await env.rows(`SELECT id, v FROM ${t.name} ORDER BY id`)).toEqual([
      ...rowsOf([1, 2]),
      ...range(3, 10).map((id) => [id, 'u']),
      ...rowsOf(range(21, 30)),
    ]);
    const commit = await env.commit(t.location, outcome.version!);
    const first = adds(await env.commit(t.location, 1))[0]!;
    const second = adds(await env.commit(t.location, 2))[0]!;
    expect(
      removes(commit)
        .map((r) => r.path)
        .sort(),
    ).toEqual([first.path, second.path].sort());
    const readded = adds(commit).find((a) => a.path === first.path)!;
    expect(await deleted(t.location, readded.deletionVector)).toEqual(range(2, 9));
    // A file with a persistent DV must state its physical row count.
    expect(JSON.parse(readded.stats)).toEqual({ numRecords: 10, tightBounds: false });
    expect(adds(commit).some((a) => a.path === second.path)).toBe(false);
    expect(metricsOf(commit)).toMatchObject({
      numTargetFilesRemoved: '1',
      numTargetDeletionVectorsAdded: '1',
    });
  });

  it('an insert-only MERGE writes no DV and removes nothing', async () => {
    const t = await dvTable();
    const { outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING (SELECT * FROM VALUES (5, 'a'), (50, 'b') AS s(id, v)) s ON t.id = s.id
       WHEN NOT MATCHED THEN INSERT *`,
    );
    const commit = await env.commit(t.location, outcome.version!);
    expect(removes(commit)).toEqual([]);
    expect(adds(commit)).toHaveLength(1);
    expect(adds(commit)[0].deletionVector).toBeUndefined();
    expect(await env.rows(`SELECT count(*), max(id) FROM ${t.name}`)).toEqual([[31n, 50]]);
  });

  it('an upsert whose keys fall in no file inserts its rows and marks nothing', async () => {
    const t = await dvTable();
    const { outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING (SELECT * FROM VALUES (40, 'a'), (41, 'b'), (42, 'c') AS s(id, v)) s
       ON t.id = s.id WHEN MATCHED AND s.v = 'a' THEN DELETE WHEN MATCHED THEN UPDATE SET v = s.v
       WHEN NOT MATCHED AND s.id > 40 THEN INSERT *`,
    );
    expect(outcome.numTargetFilesKeyScanned).toBe(0);
    expect(outcome.numTargetFilesRead).toBe(0);
    const commit = await env.commit(t.location, outcome.version!);
    expect(removes(commit)).toEqual([]);
    expect(adds(commit)).toHaveLength(1);
    expect(metricsOf(commit)).toMatchObject({
      numSourceRows: '3',
      numTargetRowsInserted: '2',
      numTargetRowsUpdated: '0',
      numTargetRowsDeleted: '0',
      numTargetDeletionVectorsAdded: '0',
    });
    expect(await env.rows(`SELECT id, v FROM ${t.name} WHERE id > 30 ORDER BY id`)).toEqual([
      [41, 'b'],
      [42, 'c'],
    ]);
  });

  it('a source key matching only a deleted row inserts it: the key scan reads physical rows, the decision live ones', async () => {
    const t = await dvTable();
    await env.merge(
      `MERGE INTO ${t.name} t USING (SELECT 12 AS id) s ON t.id = s.id WHEN MATCHED THEN DELETE`,
    );
    // The UPDATE reads t.v, a column beyond the keys, so the key-only scan runs before the decision.
    const { outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING (SELECT * FROM VALUES (12, 'back'), (25, 'y') AS s(id, v)) s
       ON t.id = s.id WHEN MATCHED THEN UPDATE SET v = concat(t.v, s.v) WHEN NOT MATCHED THEN INSERT *`,
    );
    // Both keyed files are key-scanned and read: ids 11-20 for its deleted 12, which the decision leaves alone.
    expect(outcome.numTargetFilesKeyScanned).toBe(2);
    expect(outcome.numTargetFilesRead).toBe(2);
    const commit = await env.commit(t.location, outcome.version!);
    expect(metricsOf(commit)).toMatchObject({
      numTargetRowsInserted: '1',
      numTargetRowsUpdated: '1',
      numTargetDeletionVectorsAdded: '1',
      numTargetDeletionVectorsUpdated: '0',
    });
    expect(removes(commit).map((r) => r.path)).toEqual([fileHolding(commit, 21).path]);
    expect(await env.rows(`SELECT id, v FROM ${t.name} WHERE id IN (11, 12, 13, 25) ORDER BY id`)).toEqual([
      [11, 'v11'],
      [12, 'back'],
      [13, 'v13'],
      [25, 'v25y'],
    ]);
  });

  it('an upsert whose decision reads only the keys skips the key-only scan: the decision scans the key column alone', async () => {
    const t = await dvTable();
    // Keys 12 and 29 fall in the ranges of the files of ids 11-20 and 21-30; 29 was deleted before.
    await env.merge(
      `MERGE INTO ${t.name} t USING (SELECT 29 AS id) s ON t.id = s.id WHEN MATCHED THEN DELETE`,
    );
    const { outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING (SELECT * FROM VALUES (12, 'x'), (29, 'back') AS s(id, v)) s
       ON t.id = s.id WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *`,
    );
    expect(outcome.numTargetFilesKeyScanned).toBe(0);
    expect(outcome.numTargetFilesRead).toBe(2);
    const commit = await env.commit(t.location, outcome.version!);
    expect(metricsOf(commit)).toMatchObject({
      numTargetRowsInserted: '1',
      numTargetRowsUpdated: '1',
      numTargetRowsCopied: '0',
      numTargetDeletionVectorsAdded: '1',
      numTargetDeletionVectorsUpdated: '0',
    });
    // Only the file of ids 11-20 gets a DV: the one of 21-30 holds 29 only as a deleted row.
    expect(removes(commit).map((r) => r.path)).toEqual([fileHolding(commit, 11).path]);
    expect(
      await env.rows(`SELECT id, v FROM ${t.name} WHERE id IN (11, 12, 28, 29, 30) ORDER BY id`),
    ).toEqual([
      [11, 'v11'],
      [12, 'x'],
      [28, 'v28'],
      [29, 'back'],
      [30, 'v30'],
    ]);
  });

  it('a lone unconditional DELETE matched by several source rows marks each target row once', async () => {
    const t = await dvTable();
    const before = await env.version(t.location);
    await env.merge(
      `MERGE INTO ${t.name} t USING (SELECT * FROM VALUES (12), (12), (12), (15), (15) AS s(id)) s
       ON t.id = s.id WHEN MATCHED THEN DELETE`,
    );
    const commit = await env.commit(t.location, before + 1);
    const file2 = fileHolding(commit, 11);
    expect(file2.deletionVector.cardinality).toBe(2);
    expect(await deleted(t.location, file2.deletionVector)).toEqual([1, 4]);
    expect(metricsOf(commit)).toMatchObject({
      numSourceRows: '5',
      numTargetRowsDeleted: '2',
      numTargetDeletionVectorsAdded: '1',
    });
    expect(await env.rows(`SELECT id FROM ${t.name} WHERE id BETWEEN 11 AND 16 ORDER BY id`)).toEqual([
      [11],
      [13],
      [14],
      [16],
    ]);
  });

  it('leaves no DV file when it fails: several source rows for one target row, a violated CHECK', async () => {
    const t = await dvTable();
    const before = await env.version(t.location);
    await expect(
      env.merge(
        `MERGE INTO ${t.name} t USING (SELECT * FROM VALUES (3, 'a'), (3, 'b') AS s(id, v)) s ON t.id = s.id
         WHEN MATCHED THEN UPDATE SET v = s.v`,
      ),
    ).rejects.toMatchObject({ errorClass: 'DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE' });
    await env.sql(`ALTER TABLE ${t.name} ADD CONSTRAINT positive CHECK (id > 0)`);
    await expect(
      env.merge(
        `MERGE INTO ${t.name} t USING (SELECT 3 AS id) s ON t.id = s.id WHEN MATCHED THEN UPDATE SET id = -3`,
      ),
    ).rejects.toMatchObject({ errorClass: 'DELTA_VIOLATE_CONSTRAINT_WITH_VALUES', sqlState: '23001' });
    expect(await env.version(t.location)).toBe(before + 1);
    expect((await listed(t.location)).filter((p) => p.startsWith('deletion_vector_'))).toEqual([]);
    expect(await env.rows(`SELECT id, v FROM ${t.name} ORDER BY id`)).toEqual(rowsOf(range(1, 30)));
  });

  it('schema evolution: the updated rows carry the new column, the unchanged rows read it as NULL', async () => {
    const t = await dvTable();
    const { outcome } = await env.merge(
      `MERGE WITH SCHEMA EVOLUTION INTO ${t.name} t
       USING (SELECT * FROM VALUES (2, 'two', true), (31, 'new', false) AS s(id, v, flag)) s ON t.id = s.id
       WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *`,
    );
    expect(await env.rows(`SELECT id, v, flag FROM ${t.name} WHERE id <= 3 OR id = 31 ORDER BY id`)).toEqual([
      [1, 'v1', null],
      [2, 'two', true],
      [3, 'v3', null],
      [31, 'new', false],
    ]);
    expect(outcome.metrics.numTargetRowsCopied).toBe(0);
    expect(outcome.metrics.numTargetDeletionVectorsAdded).toBe(1);
  });

  it('generated and identity columns: updated rows recompute, inserts get the next identity values', async () => {
    const t = await env.table(
      'k INT, x INT, g INT GENERATED ALWAYS AS (x * 2), n BIGINT GENERATED ALWAYS AS IDENTITY',
    );
    await env.sql(`INSERT INTO ${t.name} (k, x) VALUES (1, 10), (2, 20), (3, 30)`);
    const { outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING (SELECT * FROM VALUES (2, 21), (4, 40) AS s(k, x)) s ON t.k = s.k
       WHEN MATCHED THEN UPDATE SET x = s.x WHEN NOT MATCHED THEN INSERT (k, x) VALUES (s.k, s.x)`,
    );
    expect(await env.rows(`SELECT k, x, g, n FROM ${t.name} ORDER BY k`)).toEqual([
      [1, 10, 20, 1n],
      [2, 21, 42, 2n],
      [3, 30, 60, 3n],
      [4, 40, 80, 4n],
    ]);
    expect(outcome.metrics.numTargetDeletionVectorsAdded).toBe(1);
    expect(outcome.metrics.numTargetRowsCopied).toBe(0);
  });

  it('a table with the change data feed stays copy-on-write', async () => {
    const t = await env.table('id INT, v STRING', "TBLPROPERTIES ('delta.enableChangeDataFeed' = true)");
    await env.append(t, "(1, 'a'), (2, 'b'), (3, 'c')");
    const { outcome } = await env.merge(
      `MERGE INTO ${t.name} t USING (SELECT 2 AS id) s ON t.id = s.id WHEN MATCHED THEN UPDATE SET v = 'B'`,
    );
    const commit = await env.commit(t.location, outcome.version!);
    expect(adds(commit).every((a) => a.deletionVector === undefined)).toBe(true);
    expect(outcome.metrics.numTargetRowsCopied).toBe(2);
    expect(outcome.metrics.numTargetFilesRemoved).toBe(1);
    expect(await env.rows(`SELECT id, v FROM ${t.name} ORDER BY id`)).toEqual([
      [1, 'a'],
      [2, 'B'],
      [3, 'c'],
    ]);
  });

  it('a copy of the Spark-written table-with-dv-small: the new DV unites with the one Spark wrote', async () => {
    const dir = path.join(scratch, 'table-with-dv-small');
    await cp(path.join(DELTA_CONFORMANCE_DIR, 'kernel-rs/table-with-dv-small', 'delta'), dir, {
      recursive: true,
    });
    // Spark deleted 0 and 9 of 0..9; this merge deletes 3 and 5, updates 4 to 40 and inserts 100.
    const { outcome } = await env.merge(
      `MERGE INTO delta.\`${dir}\` t USING (SELECT * FROM VALUES (3, 'd'), (4, 'u'), (5, 'd'), (100, 'i') AS s(value, op)) s
       ON t.value = s.value
       WHEN MATCHED AND s.op = 'd' THEN DELETE
       WHEN MATCHED THEN UPDATE SET value = 40
       WHEN NOT MATCHED THEN INSERT (value) VALUES (s.value)`,
    );
    expect((await env.rows(`SELECT value FROM delta.\`${dir}\` ORDER BY value`)).flat()).toEqual([
      1, 2, 6, 7, 8, 40, 100,
    ]);
    const commit = await env.commit(dir, outcome.version!);
    expect(removes(commit)).toHaveLength(1);
    expect(removes(commit)[0].deletionVector.cardinality).toBe(2);
    const readded = adds(commit).find((a) => a.deletionVector)!;
    expect(readded.path).toBe(removes(commit)[0].path);
    expect(await deleted(dir, readded.deletionVector)).toEqual([0, 3, 4, 5, 9]);
    expect(metricsOf(commit)).toMatchObject({
      numTargetRowsDeleted: '2',
      numTargetRowsUpdated: '1',
      numTargetRowsInserted: '1',
      numTargetRowsCopied: '0',
      numTargetFilesAdded: '1',
      numTargetFilesRemoved: '0',
      numTargetDeletionVectorsAdded: '1',
      numTargetDeletionVectorsRemoved: '1',
      numTargetDeletionVectorsUpdated: '1',
    });
    expect(await env.rows(`SELECT count(*) FROM delta.\`${dir}\` VERSION AS OF 1`)).toEqual([[8n]]);
  });
});
