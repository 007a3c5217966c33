/** delta.DeltaTable: the builder for each clause kind, update / delete / history / detail / restore. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LakesqlError } from '../../errors/index.js';
import { delta } from '../../index.js';
import { col, lit } from '../functions.js';
import { LakeSession } from '../lake-session.js';

import { DeltaTable } from './delta-table.js';

let dir: string;
let spark: LakeSession;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-deltatable-'));
  spark = await LakeSession.create({ warehouse: dir, output: () => {} });
});

afterAll(async () => {
  spark.close();
  await rm(dir, { recursive: true, force: true });
});

/** A table `name` with (1,'a',10), (2,'b',20), (3,'c',30). */
async function target(name: string): Promise<DeltaTable> {
  await spark
    .createDataFrame(
      [
        [1, 'a', 10],
        [2, 'b', 20],
        [3, 'c', 30],
      ],
      'id int, name string, v int',
    )
    .write.saveAsTable(name);
  return DeltaTable.forName(spark, name);
}

const updates = () =>
  spark
    .createDataFrame(
      [
        [2, 'B', 200],
        [4, 'd', 40],
      ],
      'id int, name string, v int',
    )
    .alias('s');

async function rows(name: string) {
  return (await spark.sql(`SELECT * FROM ${name} ORDER BY id`)).collect();
}

async function lastCommit(t: DeltaTable) {
  return (await (await t.history(1)).collect())[0]!;
}

describe('forName / forPath / isDeltaTable / toDF', () => {
  it('is exported as delta.DeltaTable', () => {
    expect(delta.DeltaTable).toBe(DeltaTable);
  });

  it('finds tables by name and path and refuses what is not Delta', async () => {
    const byName = await target('dt_find');
    expect(await byName.toDF().count()).toBe(3);
    const location = String((await (await byName.detail()).collect())[0]!.location);
    const localPath = location.startsWith('file:') ? new URL(location).pathname : location;
    expect(await DeltaTable.isDeltaTable(spark, localPath)).toBe(true);
    expect(await DeltaTable.isDeltaTable(spark, path.join(dir, 'nothing'))).toBe(false);
    const byPath = await DeltaTable.forPath(spark, localPath);
    expect(await byPath.alias('t').toDF().select('t.id').orderBy('id').collect()).toEqual([
      { id: 1 },
      { id: 2 },
      { id: 3 },
    ]);
    const missing = await DeltaTable.forPath(spark, path.join(dir, 'nothing')).catch((e: unknown) => e);
    expect((missing as LakesqlError).errorClass).toBe('DELTA_MISSING_DELTA_TABLE');
    const noTable = await DeltaTable.forName(spark, 'no_such').catch((e: unknown) => e);
    expect((noTable as LakesqlError).errorClass).toBe('TABLE_OR_VIEW_NOT_FOUND');
  });
});

describe('merge builder', () => {
  it('whenMatchedUpdate + whenNotMatchedInsert with explicit maps (strings and Columns)', async () => {
    const t = await target('dt_m1');
    const metrics = await t
      .alias('t')
      .merge(updates(), 't.id = s.id')
      .whenMatchedUpdate({ set: { name: 's.name', v: col('s.v').plus(1) } })
      .whenNotMatchedInsert({ values: { id: 's.id', name: 'upper(s.name)', v: lit(0) } })
      .execute();
    expect(await metrics.collect()).toEqual([
      { num_affected_rows: 2n, num_updated_rows: 1n, num_deleted_rows: 0n, num_inserted_rows: 1n },
    ]);
    expect(await rows('dt_m1')).toEqual([
      { id: 1, name: 'a', v: 10 },
      { id: 2, name: 'B', v: 201 },
      { id: 3, name: 'c', v: 30 },
      { id: 4, name: 'D', v: 0 },
    ]);
    const h = await lastCommit(t);
    expect(h.operation).toBe('MERGE');
    expect((h.operationParameters as Map<string, string>).get('predicate')).toBe('["(t.id = s.id)"]');
  });

  it('whenMatchedUpdateAll + whenNotMatchedInsertAll', async () => {
    const t = await target('dt_m2');
    await t
      .alias('t')
      .merge(updates(), 't.id = s.id')
      .whenMatchedUpdateAll()
      .whenNotMatchedInsertAll()
      .execute();
    expect(await rows('dt_m2')).toEqual([
      { id: 1, name: 'a', v: 10 },
      { id: 2, name: 'B', v: 200 },
      { id: 3, name: 'c', v: 30 },
      { id: 4, name: 'd', v: 40 },
    ]);
  });

  it('conditional clauses apply in order: whenMatchedDelete(cond) before whenMatchedUpdate', async () => {
    const t = await target('dt_m3');
    await t
      .alias('t')
      .merge(updates(), 't.id = s.id')
      .whenMatchedDelete('s.v > 100')
      .whenMatchedUpdate({ set: { v: '-1' } })
      .whenNotMatchedInsert({ condition: 's.id > 10', values: { id: 's.id' } })
      .execute();
    expect(await rows('dt_m3')).toEqual([
      { id: 1, name: 'a', v: 10 },
      { id: 3, name: 'c', v: 30 },
    ]);
  });

  it('whenNotMatchedBySourceUpdate and whenNotMatchedBySourceDelete', async () => {
    const t = await target('dt_m4');
    await t
      .alias('t')
      .merge(updates(), 't.id = s.id')
      .whenNotMatchedBySourceUpdate({ condition: 't.id = 1', set: { name: "'gone?'" } })
      .whenNotMatchedBySourceDelete()
      .execute();
    expect(await rows('dt_m4')).toEqual([
      { id: 1, name: 'gone?', v: 10 },
      { id: 2, name: 'b', v: 20 },
    ]);
  });

  it('withSchemaEvolution adds the source column the target lacks', async () => {
    const t = await target('dt_m5');
    const wider = spark
      .createDataFrame([[5, 'e', 50, true]], 'id int, name string, v int, flag boolean')
      .alias('s');
    await t.alias('t').merge(wider, 't.id = s.id').whenNotMatchedInsertAll().withSchemaEvolution().execute();
    expect((await rows('dt_m5')).at(-1)).toEqual({ id: 5, name: 'e', v: 50, flag: true });
    expect((await rows('dt_m5'))[0]).toEqual({ id: 1, name: 'a', v: 10, flag: null });
  });

  it('fails like MERGE INTO when two source rows match one target row', async () => {
    const t = await target('dt_m6');
    const dup = spark.createDataFrame([[1], [1]], 'id int').alias('s');
    const err = await t
      .alias('t')
      .merge(dup, 't.id = s.id')
      .whenMatchedUpdate({ set: { v: '0' } })
      .execute()
      .catch((e: unknown) => e);
    expect((err as LakesqlError).errorClass).toBe('DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE');
    expect((await lastCommit(t)).version).toBe(0n);
  });
});

describe('update / delete / history / detail / restore', () => {
  it('update(set) and update(condition, set), delete(condition) and delete()', async () => {
    const t = await target('dt_ud');
    await t.update('id = 2', { v: col('v').multiply(10), name: lit(null) });
    await t.update({ name: "concat(name, '!')" });
    expect(await rows('dt_ud')).toEqual([
      { id: 1, name: 'a!', v: 10 },
      { id: 2, name: null, v: 200 },
      { id: 3, name: 'c!', v: 30 },
    ]);
    await t.delete(col('id').equalTo(3));
    expect(await rows('dt_ud')).toHaveLength(2);
    await t.delete();
    expect(await rows('dt_ud')).toEqual([]);
    const history = await (await t.history()).collect();
    expect(history.map((h) => h.operation)).toEqual([
      'DELETE',
      'DELETE',
      'UPDATE',
      'UPDATE',
      'CREATE TABLE AS SELECT',
    ]);
    expect((await (await t.history(2)).collect()).map((h) => h.version)).toEqual([4n, 3n]);
  });

  it('detail() gives DESCRIBE DETAIL', async () => {
    const t = await target('dt_detail');
    const [d] = await (await t.detail()).collect();
    expect(d!.format).toBe('delta');
    expect(d!.numFiles).toBe(1n);
    expect(d!.partitionColumns).toEqual([]);
  });

  it('restoreToVersion and restoreToTimestamp give the old rows back in a RESTORE commit', async () => {
    const t = await target('dt_restore');
    await t.delete('id = 1');
    await t.update({ v: '0' });
    const metrics = await (await t.restoreToVersion(0)).collect();
    expect(Object.keys(metrics[0]!)).toEqual([
      'table_size_after_restore',
      'num_of_files_after_restore',
      'num_removed_files',
      'num_restored_files',
      'removed_files_size',
      'restored_files_size',
    ]);
    expect(metrics[0]!.num_restored_files).toBe(1n);
    expect(await rows('dt_restore')).toEqual([
      { id: 1, name: 'a', v: 10 },
      { id: 2, name: 'b', v: 20 },
      { id: 3, name: 'c', v: 30 },
    ]);
    const h = await lastCommit(t);
    expect([h.version, h.operation, h.operationParameters]).toEqual([
      3n,
      'RESTORE',
      new Map([['version', '0']]),
    ]);
    const v1 = (await (await t.history()).collect()).find((r) => r.version === 1n)!;
    await t.restoreToTimestamp(v1.timestamp as Date);
    expect(await rows('dt_restore')).toEqual([
      { id: 2, name: 'b', v: 20 },
      { id: 3, name: 'c', v: 30 },
    ]);
    expect((await lastCommit(t)).operation).toBe('RESTORE');
  });
});
