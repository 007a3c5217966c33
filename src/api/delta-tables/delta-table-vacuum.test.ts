/** DeltaTable.vacuum (delta-spark's): VACUUM through the API, its empty result, and its retention check. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LakesqlError } from '../../errors/index.js';
import { col } from '../functions.js';
import { LakeSession } from '../lake-session.js';
import { DeltaTable } from './delta-table.js';

let dir: string;
let spark: LakeSession;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-deltatable-vacuum-'));
  spark = await LakeSession.create({ warehouse: dir, output: () => {} });
});

afterAll(async () => {
  spark.close();
  await rm(dir, { recursive: true, force: true });
});

const parquetFiles = async (folder: string) =>
  (await readdir(folder)).filter((n) => n.endsWith('.parquet')).sort();

describe('DeltaTable.vacuum', () => {
  it('deletes the files removed past the retention and resolves an empty DataFrame', async () => {
    const folder = path.join(dir, 'vac_api');
    await spark
      .createDataFrame([[1], [2]], 'id int')
      .write.format('delta')
      .save(folder);
    await spark
      .createDataFrame([[3]], 'id int')
      .write.format('delta')
      .mode('overwrite')
      .save(folder);
    const t = await DeltaTable.forPath(spark, folder);
    expect(await parquetFiles(folder)).toHaveLength(2);

    const kept = await t.vacuum();
    expect(await kept.columns()).toEqual([]);
    expect(await kept.collect()).toEqual([]);
    expect(await parquetFiles(folder)).toHaveLength(2); // removed just now: within the week kept

    const refused = await t.vacuum(0).catch((e: unknown) => e as LakesqlError);
    expect((refused as LakesqlError).errorClass).toBe('DELTA_VACUUM_RETENTION_PERIOD_TOO_SHORT');

    spark.conf.set('spark.databricks.delta.retentionDurationCheck.enabled', 'false');
    try {
      await t.vacuum(0);
    } finally {
      spark.conf.unset('spark.databricks.delta.retentionDurationCheck.enabled');
    }
    expect(await parquetFiles(folder)).toHaveLength(1); // the overwrite's file; the first write's is gone
    expect(await t.toDF().collect()).toEqual([{ id: 3 }]);
    const ops = (await (await t.history()).select(col('operation')).collect()).map((r) => r.operation);
    expect(ops).toEqual(['VACUUM END', 'VACUUM START', 'VACUUM END', 'VACUUM START', 'WRITE', 'WRITE']);
  });

  it('refuses a retention that is not a number', async () => {
    const folder = path.join(dir, 'vac_arg');
    await spark
      .createDataFrame([[1]], 'id int')
      .write.format('delta')
      .save(folder);
    const t = await DeltaTable.forPath(spark, folder);
    const err = await t.vacuum('1' as unknown as number).catch((e: unknown) => e as LakesqlError);
    expect((err as LakesqlError).errorClass).toBe('NOT_FLOAT');
  });
});
