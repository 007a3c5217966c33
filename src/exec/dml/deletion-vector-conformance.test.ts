/**
 * DELETE, UPDATE and REORG with deletion vectors on copies of Spark-written DV tables (test/data/delta):
 * lakesql's new DVs are united with the DVs Spark wrote, its descriptors read back through lakesql's own
 * DV reader, and the rows after each change are exactly the rows before minus (or with) the change.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELTA_CONFORMANCE_DIR } from '../../conformance/data-dirs.js';
import { loadDeletedRowIndexes } from '../../delta/deletion-vectors/index.js';
import { loadSnapshot } from '../../delta/snapshot.js';
import { LocalObjectStore } from '../../storage/local-store.js';
import { type DmlTestKit, dmlTestKit } from './testing/dml-test-kit.js';

let kit: DmlTestKit;
let scratch: string;
beforeAll(async () => {
  kit = await dmlTestKit();
  scratch = await mkdtemp(path.join(tmpdir(), 'lakesql-dv-conformance-'));
});
afterAll(async () => {
  await kit.close();
  await rm(scratch, { recursive: true, force: true });
});

async function copyOf(table: string): Promise<string> {
  const dir = path.join(scratch, table.replaceAll('/', '_'));
  await cp(path.join(DELTA_CONFORMANCE_DIR, table, 'delta'), dir, { recursive: true });
  return dir;
}

const rowsOf = async (dir: string, columns: string) =>
  (await kit.rows(`SELECT ${columns} FROM delta.\`${dir}\` ORDER BY ${columns}`)).map((r) =>
    JSON.stringify(r),
  );

/** Every live file's DV, loaded and checked (size, checksum, cardinality) by lakesql's reader. */
async function checkDeletionVectors(dir: string): Promise<number> {
  const store = new LocalObjectStore(dir);
  const snapshot = await loadSnapshot(store, kit.session.parquet);
  let deleted = 0;
  for (const f of snapshot.activeFiles()) {
    if (!f.deletionVector) continue;
    const rows = await loadDeletedRowIndexes(store, f.deletionVector);
    expect(rows.length).toBe(f.deletionVector.cardinality);
    deleted += rows.length;
  }
  return deleted;
}

describe('DML with deletion vectors on Spark-written DV tables', () => {
  it.each([
    ['kernel-rs/table-with-dv-small', 'value', 'value % 3 = 0'],
    ['golden/dv-partitioned-with-checkpoint', 'part, col1, col2', 'col1 % 3 = 0'],
    ['golden/dv-with-columnmapping', 'part, col1, col2', 'col1 % 3 = 0'],
  ])('%s: DELETE unites with the existing DVs, reads back exactly', async (table, columns, condition) => {
    const dir = await copyOf(table);
    const before = await rowsOf(dir, columns);
    const deletedBefore = await checkDeletionVectors(dir);
    const expected = (
      await kit.rows(`SELECT ${columns} FROM delta.\`${dir}\` WHERE NOT (${condition}) ORDER BY ${columns}`)
    ).map((r) => JSON.stringify(r));
    const [[n]] = (await kit.rows(`DELETE FROM delta.\`${dir}\` WHERE ${condition}`)) as [[bigint]];
    expect(Number(n)).toBe(before.length - expected.length);
    expect(Number(n)).toBeGreaterThan(0);
    expect(await rowsOf(dir, columns)).toEqual(expected);
    // The DVs now delete what Spark's did plus lakesql's rows (files emptied entirely are removed).
    const snapshot = await loadSnapshot(new LocalObjectStore(dir), kit.session.parquet);
    const physical = snapshot
      .activeFiles()
      .reduce((s, f) => s + (JSON.parse(f.stats!) as { numRecords: number }).numRecords, 0);
    expect(physical - (await checkDeletionVectors(dir))).toBe(expected.length);
    expect(deletedBefore).toBeGreaterThan(0);
  });

  it('UPDATE and then REORG on a copy of table-with-dv-small', async () => {
    const dir = await copyOf('kernel-rs/table-with-dv-small');
    const before = (await kit.rows(`SELECT value FROM delta.\`${dir}\` ORDER BY value`)).map((r) => r[0]);
    await kit.run(`UPDATE delta.\`${dir}\` SET value = value + 100 WHERE value < 4`);
    const updated = before
      .map((v) => ((v as number) < 4 ? (v as number) + 100 : v))
      .sort((a, b) => (a as number) - (b as number));
    expect((await kit.rows(`SELECT value FROM delta.\`${dir}\` ORDER BY value`)).map((r) => r[0])).toEqual(
      updated,
    );
    await kit.run(`REORG TABLE delta.\`${dir}\` APPLY (PURGE)`);
    const snapshot = await loadSnapshot(new LocalObjectStore(dir), kit.session.parquet);
    expect(snapshot.activeFiles().every((f) => !f.deletionVector)).toBe(true);
    expect((await kit.rows(`SELECT value FROM delta.\`${dir}\` ORDER BY value`)).map((r) => r[0])).toEqual(
      updated,
    );
  });
});
