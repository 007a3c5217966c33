/** DeltaTable.optimize(): delta-spark's DeltaOptimizeBuilder over the OPTIMIZE executor. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../lake-session.js';
import { DeltaTable } from './delta-table.js';

let dir: string;
let spark: LakeSession;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-optimize-builder-'));
  spark = await LakeSession.create({ warehouse: dir, output: () => {} });
});

afterAll(async () => {
  spark.close();
  await rm(dir, { recursive: true, force: true });
});

/** Three appends of one row each to partition p = 'a' and one to 'b'. */
async function appended(name: string): Promise<DeltaTable> {
  await spark.sql(`CREATE TABLE ${name} (id INT, p STRING) USING DELTA PARTITIONED BY (p)`);
  for (const [id, p] of [
    [1, 'a'],
    [2, 'a'],
    [3, 'a'],
    [4, 'b'],
    [5, 'b'],
  ] as const) {
    await spark.sql(`INSERT INTO ${name} VALUES (${id}, '${p}')`);
  }
  return DeltaTable.forName(spark, name);
}

const numFiles = async (t: DeltaTable) => Number((await (await t.detail()).collect())[0]!.numFiles);

describe('DeltaTable.optimize()', () => {
  it('where(...).executeCompaction() compacts the chosen partition and returns the metrics row', async () => {
    const t = await appended('ob1');
    const df = await t.optimize().where("p = 'a'").executeCompaction();
    expect(await df.columns()).toEqual(['path', 'metrics']);
    const [row] = await df.collect();
    const metrics = row!.metrics as Record<string, unknown>;
    expect([metrics.numFilesAdded, metrics.numFilesRemoved, metrics.partitionsOptimized]).toEqual([
      1n,
      3n,
      1n,
    ]);
    expect(await numFiles(t)).toBe(3);
    const [h] = await (await t.history(1)).collect();
    expect(h!.operation).toBe('OPTIMIZE');
    const params = h!.operationParameters as Map<string, string>;
    expect([params.get('predicate'), params.get('zOrderBy')]).toEqual(['["(p = \'a\')"]', '[]']);
    expect((await t.toDF().orderBy('id').collect()).map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('executeZOrderBy(...cols) records the columns; a data-column filter is refused', async () => {
    const t = await appended('ob2');
    await expect(t.optimize().where('id > 1').executeCompaction()).rejects.toMatchObject({
      errorClass: 'DELTA_NON_PARTITION_COLUMN_REFERENCE',
    });
    const [row] = await (await t.optimize().executeZOrderBy('id')).collect();
    const metrics = row!.metrics as Record<string, unknown>;
    expect([metrics.numFilesAdded, metrics.numFilesRemoved]).toEqual([2n, 5n]);
    expect((metrics.zOrderStats as Record<string, unknown>).strategyName).toBe('all');
    const [h] = await (await t.history(1)).collect();
    expect((h!.operationParameters as Map<string, string>).get('zOrderBy')).toBe('["id"]');
  });
});
