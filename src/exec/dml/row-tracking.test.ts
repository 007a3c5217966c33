import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
