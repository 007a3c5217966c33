import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakesqlError } from '../../errors/index.js';
import type { StructValue } from '../../types/value.js';
import { type DmlTestKit, dmlTestKit } from './testing/dml-test-kit.js';

let kit: DmlTestKit;
beforeAll(async () => {
  kit = await dmlTestKit();
});
afterAll(async () => kit.close());

/** A DV table (deletion vectors are on by default) of three files: file k holds ids 10k+1 … 10k+10. */
async function threeFiles(name: string, partitioned = false): Promise<void> {
  await kit.run(
    `CREATE TABLE ${name} (id INT, p STRING) USING DELTA${partitioned ? ' PARTITIONED BY (p)' : ''}`,
  );
  for (let k = 0; k < 3; k++) {
    const rows = Array.from({ length: 10 }, (_, i) => `(${10 * k + i + 1}, '${k === 0 ? 'a' : 'b'}')`);
    await kit.run(`INSERT INTO ${name} VALUES ${rows.join(', ')}`);
  }
}

const ids = async (table: string) =>
  (await kit.rows(`SELECT id FROM ${table} ORDER BY id`)).map((r) => r[0] as number);
const field = (v: unknown, name: string) => (v as StructValue).fields[name];

describe('REORG TABLE … APPLY (PURGE)', () => {
  it('rewrites the files with deletion vectors into new files without DVs, dataChange false', async () => {
    await threeFiles('rg1');
    await kit.run('DELETE FROM rg1 WHERE id IN (2, 3, 25)');
    const before = await kit.files('rg1');
    const withDv = before.filter((f) => f.deletionVector);
    expect(withDv).toHaveLength(2);
    const [row] = await kit.rows('REORG TABLE rg1 APPLY (PURGE)');
    const commit = await kit.lastCommit('rg1');
    expect(commit.commitInfo.operation).toBe('REORG');
    expect(commit.commitInfo.operationParameters).toEqual({ predicate: '[]', applyPurge: 'true' });
    expect(commit.removes.map((r) => r.path).sort()).toEqual(withDv.map((f) => f.path).sort());
    expect(commit.removes.every((r) => r.dataChange === false && r.deletionVector)).toBe(true);
    expect(commit.adds).toHaveLength(1);
    expect(commit.adds[0]!.dataChange).toBe(false);
    expect(commit.adds[0]!.deletionVector).toBeUndefined();
    expect(JSON.parse(commit.adds[0]!.stats!).numRecords).toBe(17);
    const after = await kit.files('rg1');
    expect(after).toHaveLength(2);
    expect(after.every((f) => !f.deletionVector)).toBe(true);
    expect(await ids('rg1')).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1).filter((i) => ![2, 3, 25].includes(i)),
    );
    const m = commit.commitInfo.operationMetrics as Record<string, string>;
    expect([
      m.numAddedFiles,
      m.numRemovedFiles,
      m.numDeletionVectorsRemoved,
      m.numDeletionVectorRowsRemoved,
    ]).toEqual(['1', '2', '2', '3']);
    expect(m.numRemovedBytes).toBe(String(withDv.reduce((n, f) => n + f.size, 0)));
    // The result row: the table path and Delta's OptimizeMetrics.
    const metrics = row![1];
    expect(String(row![0])).toMatch(/^file:\/.*rg1$/);
    expect([
      field(metrics, 'numFilesAdded'),
      field(metrics, 'numFilesRemoved'),
      field(metrics, 'totalConsideredFiles'),
      field(metrics, 'totalFilesSkipped'),
      field(metrics, 'numBins'),
      field(metrics, 'zOrderStats'),
    ]).toEqual([1n, 2n, 3n, 1n, 1n, null]);
    expect(field(metrics, 'deletionVectorStats')).toEqual({
      kind: 'struct',
      fields: { numDeletionVectorsRemoved: 2n, numDeletionVectorRowsRemoved: 3n },
    });
    expect(field(field(metrics, 'filesRemoved'), 'totalFiles')).toBe(2n);
  });

  it('WHERE on partition columns purges only those partitions', async () => {
    await threeFiles('rg2', true);
    await kit.run('DELETE FROM rg2 WHERE id IN (1, 11, 21)');
    await kit.run("REORG TABLE rg2 WHERE p = 'b' APPLY (PURGE)");
    const commit = await kit.lastCommit('rg2');
    expect(commit.removes).toHaveLength(2);
    expect(commit.removes.every((r) => r.partitionValues?.p === 'b')).toBe(true);
    expect(commit.adds.map((a) => a.partitionValues)).toEqual([{ p: 'b' }]);
    expect(commit.commitInfo.operationParameters).toEqual({
      predicate: '["(p = \'b\')"]',
      applyPurge: 'true',
    });
    const files = await kit.files('rg2');
    expect(files.filter((f) => f.deletionVector).map((f) => f.partitionValues)).toEqual([{ p: 'a' }]);
    expect((await ids('rg2')).length).toBe(27);
  });

  it('a table without deletion vectors: nothing to purge, no commit', async () => {
    await threeFiles('rg3');
    const [row] = await kit.rows('REORG TABLE rg3 APPLY (PURGE)');
    expect(await kit.version('rg3')).toBe(3);
    expect([field(row![1], 'numFilesAdded'), field(row![1], 'numFilesRemoved')]).toEqual([0n, 0n]);
    expect(field(row![1], 'deletionVectorStats')).toBeNull();
  });

  it('refuses a predicate on a data column with Delta error class', async () => {
    await threeFiles('rg4', true);
    const e = await kit.run('REORG TABLE rg4 WHERE id > 3 APPLY (PURGE)').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LakesqlError);
    expect([
      (e as LakesqlError).errorClass,
      (e as LakesqlError).sqlState,
      (e as LakesqlError).messageParameters,
    ]).toEqual(['DELTA_NON_PARTITION_COLUMN_REFERENCE', '42P10', { columnName: 'id', columnList: 'p' }]);
  });
});
