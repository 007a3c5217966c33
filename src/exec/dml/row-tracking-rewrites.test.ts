/**
 * Row tracking through every statement that writes rows again (PROTOCOL.md "Row Tracking"): after each
 * statement, `_metadata.row_id` / `_metadata.row_commit_version` give each row its stable id (kept by
 * UPDATE, MERGE, DELETE, REPLACE WHERE and OPTIMIZE, fresh for inserted rows, never two rows with one id)
 * and its commit version (kept by copied rows, the statement's version for changed ones); and the log and
 * files are as the protocol says (materialized columns in rewritten files, baseRowId and
 * defaultRowCommitVersion on every add, the high water mark above every id handed out).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSnapshot } from '../../delta/snapshot.js';
import { parseStats } from '../../delta/stats.js';
import { type DmlTestKit, dmlTestKit } from './testing/dml-test-kit.js';

let kit: DmlTestKit;
beforeAll(async () => {
  kit = await dmlTestKit();
});
afterAll(async () => kit.close());

/** [id, v, row id, row commit version] of every row, by id. */
const tracked = (t: string) =>
  kit.rows(`SELECT id, v, _metadata.row_id, _metadata.row_commit_version FROM ${t} ORDER BY id`);

const snapshotOf = async (t: string) => loadSnapshot(await kit.store(t), kit.session.parquet);

/**
 * The protocol's invariants on the current version: every add has a base row id and a default row commit
 * version, the files' ranges do not overlap and lie under the domain's high water mark, and no two live
 * rows share an id. Returns the materialized column names.
 */
async function checkProtocol(t: string): Promise<{ rowId: string; rowCommitVersion: string }> {
  const s = await snapshotOf(t);
  const mark = await markOf(t);
  const ranges = s.activeFiles().map((f) => {
    expect(f.baseRowId).toBeTypeOf('number');
    expect(f.defaultRowCommitVersion).toBeTypeOf('number');
    return [f.baseRowId!, f.baseRowId! + parseStats(f.stats)!.numRecords! - 1] as const;
  });
  ranges.sort((a, b) => a[0] - b[0]);
  for (const [i, [, last]] of ranges.entries()) {
    expect(last).toBeLessThanOrEqual(mark);
    if (i + 1 < ranges.length) expect(last).toBeLessThan(ranges[i + 1]![0]);
  }
  const [[rows, distinct]] = (await kit.rows(
    `SELECT count(*), count(DISTINCT _metadata.row_id) FROM ${t}`,
  )) as [[bigint, bigint]];
  expect(distinct).toBe(rows);
  return {
    rowId: s.configuration['delta.rowTracking.materializedRowIdColumnName']!,
    rowCommitVersion: s.configuration['delta.rowTracking.materializedRowCommitVersionColumnName']!,
  };
}

/** The table's row id high water mark. */
async function markOf(t: string): Promise<number> {
  const s = await snapshotOf(t);
  return JSON.parse(s.domainMetadata().find((d) => d.domain === 'delta.rowTracking')!.configuration)
    .rowIdHighWaterMark as number;
}

/** The id a fresh row got: above `previousMark`, its file's base row id plus its index. */
async function freshId(t: string, id: number, previousMark: number): Promise<bigint> {
  const [[rowId, base, index]] = (await kit.rows(
    `SELECT _metadata.row_id, _metadata.base_row_id, _metadata.row_index FROM ${t} WHERE id = ${id}`,
  )) as [[bigint, bigint, bigint]];
  expect(rowId).toBe(base + index);
  expect(rowId).toBeGreaterThan(BigInt(previousMark));
  return rowId;
}

describe('row tracking with deletion vectors (merge-on-read)', () => {
  it('UPDATE keeps the updated row id and gives it the commit version', async () => {
    await kit.run(
      `CREATE TABLE mor (id INT, v STRING) USING DELTA TBLPROPERTIES ('delta.enableRowTracking' = true)`,
    );
    await kit.run(`INSERT INTO mor VALUES (1, 'a'), (2, 'b'), (3, 'c')`);
    await kit.run(`INSERT INTO mor VALUES (4, 'd')`);
    await kit.run(`UPDATE mor SET v = 'B' WHERE id = 2`);
    expect(await kit.version('mor')).toBe(3);
    expect(await tracked('mor')).toEqual([
      [1, 'a', 0n, 1n],
      [2, 'B', 1n, 3n],
      [3, 'c', 2n, 1n],
      [4, 'd', 3n, 2n],
    ]);
    const names = await checkProtocol('mor');
    // The new file holds the updated row with its id materialized and its version left to the file's default.
    const c = await kit.lastCommit('mor');
    // The commit says it kept the rows' ids, as delta-spark's UpdateCommand tags it.
    expect(c.commitInfo.tags).toEqual({ 'delta.rowTracking.preserved': 'true' });
    const written = c.adds.find((a) => a.deletionVector === undefined || a.deletionVector === null)!;
    expect([written.baseRowId, written.defaultRowCommitVersion]).toEqual([4, 3]);
    const file = join(new URL((await kit.store('mor')).rootUrl).pathname, written.path);
    expect(
      await kit.rows(
        `SELECT id, \`${names.rowId}\`, \`${names.rowCommitVersion}\` FROM parquet.\`${file}\` ORDER BY id`,
      ),
    ).toEqual([[2, 1n, null]]);
  });

  it('MERGE keeps matched rows ids, gives inserted rows fresh ones; OPTIMIZE and DELETE keep them all', async () => {
    const mark = await markOf('mor');
    expect(mark).toBe(4);
    await kit.run(
      `MERGE INTO mor USING (SELECT * FROM VALUES (3, 'C'), (5, 'e') AS s(id, v)) AS s ON mor.id = s.id` +
        ' WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED THEN INSERT *',
    );
    const five = await freshId('mor', 5, mark);
    const afterMerge = [
      [1, 'a', 0n, 1n],
      [2, 'B', 1n, 3n],
      [3, 'C', 2n, 4n],
      [4, 'd', 3n, 2n],
      [5, 'e', five, 4n],
    ];
    expect(await tracked('mor')).toEqual(afterMerge);
    await checkProtocol('mor');
    await kit.run('OPTIMIZE mor');
    expect(await kit.files('mor')).toHaveLength(1);
    expect(await tracked('mor')).toEqual(afterMerge);
    await kit.run('DELETE FROM mor WHERE id = 4');
    // REORG PURGE rewrites the file whose deletion vector dropped row 4: the others keep their identity.
    await kit.run('REORG TABLE mor APPLY (PURGE)');
    expect((await kit.files('mor')).some((f) => f.deletionVector)).toBe(false);
    await kit.run(`UPDATE mor SET v = 'A' WHERE id = 1`);
    expect(await tracked('mor')).toEqual([
      [1, 'A', 0n, 8n],
      [2, 'B', 1n, 3n],
      [3, 'C', 2n, 4n],
      [5, 'e', five, 4n],
    ]);
    await checkProtocol('mor');
  });
});

describe('row tracking with copy-on-write', () => {
  it('UPDATE, DELETE and MERGE rewrite files whose rows keep their ids', async () => {
    await kit.run(
      `CREATE TABLE cow (id INT, v STRING) USING DELTA TBLPROPERTIES ('delta.enableRowTracking' = true, 'delta.enableDeletionVectors' = false)`,
    );
    await kit.run(`INSERT INTO cow VALUES (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd')`);
    await kit.run(`UPDATE cow SET v = 'B' WHERE id = 2`);
    expect(await tracked('cow')).toEqual([
      [1, 'a', 0n, 1n],
      [2, 'B', 1n, 2n],
      [3, 'c', 2n, 1n],
      [4, 'd', 3n, 1n],
    ]);
    await kit.run('DELETE FROM cow WHERE id = 3');
    expect(await tracked('cow')).toEqual([
      [1, 'a', 0n, 1n],
      [2, 'B', 1n, 2n],
      [4, 'd', 3n, 1n],
    ]);
    const names = await checkProtocol('cow');
    // Every row of the rewritten file carries its id; the version only where it is not the file's default.
    const [add] = await kit.files('cow');
    expect(add!.defaultRowCommitVersion).toBe(3);
    const file = join(new URL((await kit.store('cow')).rootUrl).pathname, add!.path);
    expect(
      await kit.rows(
        `SELECT id, \`${names.rowId}\`, \`${names.rowCommitVersion}\` FROM parquet.\`${file}\` ORDER BY id`,
      ),
    ).toEqual([
      [1, 0n, 1n],
      [2, 1n, 2n],
      [4, 3n, 1n],
    ]);
    const mark = await markOf('cow');
    await kit.run(
      `MERGE INTO cow USING (SELECT * FROM VALUES (4, 'D'), (5, 'e') AS s(id, v)) AS s ON cow.id = s.id` +
        ' WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED THEN INSERT *',
    );
    const five = await freshId('cow', 5, mark);
    expect(await tracked('cow')).toEqual([
      [1, 'a', 0n, 1n],
      [2, 'B', 1n, 2n],
      [4, 'D', 3n, 4n],
      [5, 'e', five, 4n],
    ]);
    await checkProtocol('cow');
  });

  it('REPLACE WHERE keeps the ids of the rows it keeps', async () => {
    await kit.run(`INSERT INTO cow REPLACE WHERE id >= 4 VALUES (6, 'f')`);
    const rows = await tracked('cow');
    expect(rows.slice(0, 2)).toEqual([
      [1, 'a', 0n, 1n],
      [2, 'B', 1n, 2n],
    ]);
    expect(rows.slice(2).map((r) => r.slice(0, 2))).toEqual([[6, 'f']]);
    expect(rows[2]![3]).toBe(5n);
    await checkProtocol('cow');
  });

  it('SHALLOW CLONE gives every row a fresh id under materialized columns of its own', async () => {
    const source = await checkProtocol('cow');
    await kit.run('CREATE TABLE cow_clone SHALLOW CLONE cow');
    const rows = await tracked('cow_clone');
    expect(rows.map((r) => r.slice(0, 2))).toEqual([
      [1, 'a'],
      [2, 'B'],
      [6, 'f'],
    ]);
    // "CLONE does not preserve Row IDs and Commit Versions": ids 0..2 in file order, the clone's version.
    expect(rows.map((r) => r[2]).sort()).toEqual([0n, 1n, 2n]);
    expect(rows.map((r) => r[3])).toEqual([0n, 0n, 0n]);
    const clone = await checkProtocol('cow_clone');
    expect(clone.rowId).toMatch(/^_row-id-col-/);
    expect(clone.rowId).not.toBe(source.rowId);
    expect(clone.rowCommitVersion).not.toBe(source.rowCommitVersion);
    // The clone's own rewrites keep its ids.
    await kit.run(`UPDATE cow_clone SET v = 'x' WHERE id = 6`);
    const after = await tracked('cow_clone');
    expect(after.map((r) => r[2])).toEqual(rows.map((r) => r[2]));
    await checkProtocol('cow_clone');
  });
});

describe('row tracking with the change data feed', () => {
  it('UPDATE, DELETE and MERGE that write change files keep the ids too', async () => {
    await kit.run(
      `CREATE TABLE cdf (id INT, v STRING) USING DELTA TBLPROPERTIES ('delta.enableRowTracking' = true, 'delta.enableChangeDataFeed' = true)`,
    );
    await kit.run(`INSERT INTO cdf VALUES (1, 'a'), (2, 'b'), (3, 'c')`);
    await kit.run(`UPDATE cdf SET v = 'B' WHERE id = 2`);
    await kit.run('DELETE FROM cdf WHERE id = 3');
    const mark = await markOf('cdf');
    await kit.run(
      `MERGE INTO cdf USING (SELECT * FROM VALUES (1, 'A'), (4, 'd') AS s(id, v)) AS s ON cdf.id = s.id` +
        ' WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED THEN INSERT *',
    );
    const four = await freshId('cdf', 4, mark);
    expect(await tracked('cdf')).toEqual([
      [1, 'A', 0n, 4n],
      [2, 'B', 1n, 2n],
      [4, 'd', four, 4n],
    ]);
    await checkProtocol('cdf');
    expect(
      await kit.rows(`SELECT id, v, _change_type FROM table_changes('cdf', 4, 4) ORDER BY id, _change_type`),
    ).toEqual([
      [1, 'A', 'update_postimage'],
      [1, 'a', 'update_preimage'],
      [4, 'd', 'insert'],
    ]);
  });

  it('REPLACE WHERE and NOT MATCHED BY SOURCE keep the ids of the rows they copy or change', async () => {
    await kit.run(`INSERT INTO cdf REPLACE WHERE id >= 4 VALUES (5, 'e')`);
    const five = await freshId('cdf', 5, 0);
    expect(await tracked('cdf')).toEqual([
      [1, 'A', 0n, 4n],
      [2, 'B', 1n, 2n],
      [5, 'e', five, 5n],
    ]);
    expect(await kit.rows(`SELECT id, _change_type FROM table_changes('cdf', 5, 5) ORDER BY id`)).toEqual([
      [4, 'delete'],
      [5, 'insert'],
    ]);
    await kit.run(
      `MERGE INTO cdf USING (SELECT 1 AS id) AS s ON cdf.id = s.id` +
        ` WHEN NOT MATCHED BY SOURCE AND cdf.id = 2 THEN UPDATE SET v = 'gone'`,
    );
    expect(await tracked('cdf')).toEqual([
      [1, 'A', 0n, 4n],
      [2, 'gone', 1n, 6n],
      [5, 'e', five, 5n],
    ]);
    await checkProtocol('cdf');
  });
});

describe('row tracking with column mapping', () => {
  it('UPDATE and MERGE keep the ids in a table whose files name columns by id', async () => {
    await kit.run(
      `CREATE TABLE cm (id INT, v STRING) USING DELTA TBLPROPERTIES ('delta.enableRowTracking' = true, 'delta.columnMapping.mode' = 'id', 'delta.enableDeletionVectors' = false)`,
    );
    await kit.run(`INSERT INTO cm VALUES (1, 'a'), (2, 'b')`);
    await kit.run(`UPDATE cm SET v = 'B' WHERE id = 2`);
    await kit.run(
      `MERGE INTO cm USING (SELECT 1 AS id, 'A' AS v) AS s ON cm.id = s.id WHEN MATCHED THEN UPDATE SET v = s.v`,
    );
    expect(await tracked('cm')).toEqual([
      [1, 'A', 0n, 3n],
      [2, 'B', 1n, 2n],
    ]);
    await checkProtocol('cm');
    // Removing the mapping rewrites every file; the rows keep their ids and versions.
    await kit.run("ALTER TABLE cm SET TBLPROPERTIES ('delta.columnMapping.mode' = 'none')");
    const c = await kit.lastCommit('cm');
    expect(c.commitInfo.operation).toBe('REMOVE COLUMN MAPPING');
    expect(c.commitInfo.tags).toEqual({ 'delta.rowTracking.preserved': 'true' });
    expect(await tracked('cm')).toEqual([
      [1, 'A', 0n, 3n],
      [2, 'B', 1n, 2n],
    ]);
    await checkProtocol('cm');
  });
});
