import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakesqlError } from '../../errors/index.js';
import { type DmlTestKit, dmlTestKit } from '../dml/testing/dml-test-kit.js';

let kit: DmlTestKit;
beforeAll(async () => {
  kit = await dmlTestKit();
});
afterAll(async () => kit.close());

async function threeFiles(
  name: string,
  properties = "'delta.enableDeletionVectors' = 'false'",
): Promise<void> {
  await kit.run(`CREATE TABLE ${name} (id INT) USING DELTA TBLPROPERTIES (${properties})`);
  await kit.run(`INSERT INTO ${name} VALUES (1), (2)`);
  await kit.run(`INSERT INTO ${name} VALUES (3)`);
  await kit.run(`INSERT INTO ${name} VALUES (4)`);
}

describe('FSCK REPAIR TABLE', () => {
  it('DRY RUN reports the live files storage lacks and commits nothing; the repair removes them', async () => {
    await threeFiles('f_rep');
    const files = (await kit.files('f_rep')).sort((a, b) => (a.path < b.path ? -1 : 1));
    const gone = files[0]!;
    const store = await kit.store('f_rep');
    await store.delete(decodeURIComponent(gone.path));
    const scan = await kit.rows('SELECT count(*) FROM f_rep').catch((e: unknown) => e);
    expect((scan as LakesqlError).errorClass).toBe('DELTA_FILE_NOT_FOUND_DETAILED');

    const dry = await kit.session.execute('FSCK REPAIR TABLE f_rep DRY RUN');
    const r = dry[0]!;
    expect(r.kind === 'rows' && r.columns.map((c) => [c.name, c.nullable])).toEqual([
      ['dataFilePath', false],
      ['dataFileMissing', false],
      ['deletionVectorPath', true],
      ['deletionVectorFileMissing', false],
    ]);
    expect(r.kind === 'rows' && r.rows).toEqual([[gone.path, true, null, false]]);
    expect(await kit.version('f_rep')).toBe(3);

    expect(await kit.rows('FSCK REPAIR TABLE f_rep')).toEqual([[gone.path, true, null, false]]);
    expect(await kit.version('f_rep')).toBe(4);
    const commit = await kit.lastCommit('f_rep');
    expect(commit.commitInfo.operation).toBe('FSCK');
    expect(commit.commitInfo.operationMetrics).toEqual({
      numMissingFiles: '1',
      numRemovedFiles: '1',
      numRemovedBytes: String(gone.size),
    });
    expect(commit.removes.map((x) => x.path)).toEqual([gone.path]);
    expect(commit.adds).toEqual([]);
    const left = (await kit.rows('SELECT id FROM f_rep ORDER BY id')).map((row) => row[0]);
    expect(left.length).toBe(
      4 - (gone.stats ? (JSON.parse(gone.stats) as { numRecords: number }).numRecords : 0),
    );
    expect((await kit.rows('DESCRIBE HISTORY f_rep LIMIT 1'))[0]![4]).toBe('FSCK');

    // Nothing missing: an empty report and no commit.
    expect(await kit.rows('FSCK REPAIR TABLE f_rep')).toEqual([]);
    expect(await kit.version('f_rep')).toBe(4);
  });

  it('reports a missing deletion-vector file beside a present data file', async () => {
    await threeFiles('f_dv', "'delta.enableDeletionVectors' = 'true'");
    await kit.run('DELETE FROM f_dv WHERE id = 1');
    const withDv = (await kit.files('f_dv')).find((f) => f.deletionVector)!;
    const store = await kit.store('f_dv');
    const dvFile = (await store.list('')).find((m) => m.path.startsWith('deletion_vector_'))!;
    await store.delete(dvFile.path);
    const scan = await kit.rows('SELECT * FROM f_dv').catch((e: unknown) => e);
    expect((scan as LakesqlError).errorClass).toBe('DELTA_FILE_NOT_FOUND_DETAILED');
    expect((scan as LakesqlError).message).toContain(dvFile.path);
    expect(await kit.rows('FSCK REPAIR TABLE f_dv DRY RUN')).toEqual([
      [withDv.path, false, dvFile.path, true],
    ]);
    await kit.run('FSCK REPAIR TABLE f_dv');
    expect(await kit.rows('SELECT id FROM f_dv ORDER BY id')).toEqual([[3], [4]]);
  });

  it('refuses the fsck modes it does not implement, and a table that is not Delta', async () => {
    await threeFiles('f_mode');
    const err = await kit.rows('FSCK REPAIR TABLE f_mode VERIFY ALL FILES').catch((e: unknown) => e);
    expect((err as LakesqlError).errorClass).toBe('UNSUPPORTED_FEATURE');
    await kit.run('CREATE TABLE f_csv (id INT) USING csv');
    const notDelta = await kit.rows('FSCK REPAIR TABLE f_csv').catch((e: unknown) => e);
    expect(notDelta).toBeInstanceOf(LakesqlError);
    expect((notDelta as LakesqlError).errorClass).toBe('DELTA_MISSING_DELTA_TABLE');
  });
});
