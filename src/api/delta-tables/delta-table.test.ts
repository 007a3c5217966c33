/** DeltaTable (delta-spark's): the merge builder for each clause kind, update / delete / history / detail / restore. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LakesqlError } from '../../errors/index.js';
import * as lakesql from '../../index.js';
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
  it('is the package root DeltaTable', () => {
    expect(lakesql.DeltaTable).toBe(DeltaTable);
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
    const quoted = await DeltaTable.forName(spark, `delta.\`${localPath}\``);
    expect(await quoted.toDF().count()).toBe(3);
    const missing = await DeltaTable.forPath(spark, path.join(dir, 'nothing')).catch((e: unknown) => e);
    expect((missing as LakesqlError).errorClass).toBe('DELTA_MISSING_DELTA_TABLE');
    const noTable = await DeltaTable.forName(spark, 'no_such').catch((e: unknown) => e);
    expect((noTable as LakesqlError).errorClass).toBe('TABLE_OR_VIEW_NOT_FOUND');
  });
});

describe('merge builder', () => {
  it('whenMatchedUpdate(set) + whenNotMatchedInsert(values) with maps of strings and Columns', async () => {
    const t = await target('dt_m1');
    const metrics = await t
      .alias('t')
      .merge(updates(), 't.id = s.id')
      .whenMatchedUpdate({ name: 's.name', v: col('s.v').plus(1) })
      .whenNotMatchedInsert({ id: 's.id', name: 'upper(s.name)', v: lit(0) })
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
      .whenMatchedUpdate(null, { v: '-1' })
      .whenNotMatchedInsert('s.id > 10', { id: 's.id' })
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
      .whenNotMatchedBySourceUpdate('t.id = 1', { name: "'gone?'" })
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
      .whenMatchedUpdate({ v: '0' })
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

describe('positional conditions (strings and Columns) with exact metric rows', () => {
  it('whenMatchedUpdate(Column, set), whenMatchedUpdateAll(cond), whenNotMatchedInsertAll(cond)', async () => {
    const t = await target('dt_p1');
    const source = spark
      .createDataFrame(
        [
          [1, 'A', 11],
          [2, 'B', 200],
          [4, 'd', 40],
          [5, 'e', 50],
        ],
        'id int, name string, v int',
      )
      .alias('s');
    const metrics = await t
      .alias('t')
      .merge(source, col('t.id').equalTo(col('s.id')))
      .whenMatchedUpdate(col('s.v').gt(100), { v: 's.v', name: lit('big') })
      .whenMatchedUpdateAll('s.v < 100')
      .whenNotMatchedInsertAll(col('s.id').equalTo(5))
      .execute();
    expect(await metrics.collect()).toEqual([
      { num_affected_rows: 3n, num_updated_rows: 2n, num_deleted_rows: 0n, num_inserted_rows: 1n },
    ]);
    expect(await rows('dt_p1')).toEqual([
      { id: 1, name: 'A', v: 11 },
      { id: 2, name: 'big', v: 200 },
      { id: 3, name: 'c', v: 30 },
      { id: 5, name: 'e', v: 50 },
    ]);
    const h = await lastCommit(t);
    expect(Object.fromEntries(h.operationParameters as Map<string, string>)).toEqual({
      predicate: '["(t.id = s.id)"]',
      matchedPredicates:
        '[{"predicate":"(s.v > 100)","actionType":"update"},{"predicate":"(s.v < 100)","actionType":"update"}]',
      notMatchedPredicates: '[{"predicate":"(s.id = 5)","actionType":"insert"}]',
      notMatchedBySourcePredicates: '[]',
    });
  });

  it('whenMatchedDelete(Column), whenNotMatchedInsert(Column, values), whenNotMatchedBySourceDelete(cond)', async () => {
    const t = await target('dt_p2');
    const metrics = await t
      .alias('t')
      .merge(updates(), 't.id = s.id')
      .whenMatchedDelete(col('s.name').equalTo('B'))
      .whenNotMatchedInsert(col('s.v').gt(10), { id: 's.id', name: "concat(s.name, '+')", v: 's.v * 2' })
      .whenNotMatchedBySourceDelete('t.v > 20')
      .execute();
    expect(await metrics.collect()).toEqual([
      { num_affected_rows: 3n, num_updated_rows: 0n, num_deleted_rows: 2n, num_inserted_rows: 1n },
    ]);
    expect(await rows('dt_p2')).toEqual([
      { id: 1, name: 'a', v: 10 },
      { id: 4, name: 'd+', v: 80 },
    ]);
  });

  it('whenNotMatchedBySourceUpdate(set) without a condition, and update(Column, set)', async () => {
    const t = await target('dt_p3');
    const metrics = await t
      .alias('t')
      .merge(updates(), 't.id = s.id')
      .whenNotMatchedBySourceUpdate({ v: 't.v + 1' })
      .execute();
    expect(await metrics.collect()).toEqual([
      { num_affected_rows: 2n, num_updated_rows: 2n, num_deleted_rows: 0n, num_inserted_rows: 0n },
    ]);
    await t.update(col('id').gt(2), { name: "'z'" });
    expect(await rows('dt_p3')).toEqual([
      { id: 1, name: 'a', v: 11 },
      { id: 2, name: 'b', v: 20 },
      { id: 3, name: 'z', v: 31 },
    ]);
    const h = await lastCommit(t);
    expect([h.operation, Object.fromEntries(h.operationParameters as Map<string, string>)]).toEqual([
      'UPDATE',
      { predicate: '["(id > 2)"]' },
    ]);
    expect((h.operationMetrics as Map<string, string>).get('numUpdatedRows')).toBe('1');
  });
});

describe('refusals: arguments PySpark would not take', () => {
  const refusal = async (run: () => unknown) => {
    try {
      await run();
    } catch (e) {
      const err = e as LakesqlError;
      return { errorClass: err.errorClass, sqlState: err.sqlState, params: err.messageParameters };
    }
    throw new Error('expected a refusal');
  };

  it('an options object instead of positional arguments', async () => {
    const t = (await target('dt_r1')).alias('t');
    const m = t.merge(updates(), 't.id = s.id');
    const call = m as unknown as Record<string, (...a: unknown[]) => unknown>;
    expect(await refusal(() => call.whenMatchedUpdate!({ condition: 's.v > 1', set: { v: 's.v' } }))).toEqual(
      {
        errorClass: 'UNSUPPORTED_SIGNATURE',
        sqlState: '42K09',
        params: {
          signature:
            'an options object for `set` (condition, set): pass the arguments positionally, whenMatchedUpdate(condition, set)',
        },
      },
    );
    expect(await refusal(() => call.whenNotMatchedInsert!({ values: { id: 's.id' } }))).toEqual({
      errorClass: 'UNSUPPORTED_SIGNATURE',
      sqlState: '42K09',
      params: {
        signature:
          'an options object for `values` (values): pass the arguments positionally, whenNotMatchedInsert(condition, values)',
      },
    });
    expect(await refusal(() => call.whenMatchedDelete!({ condition: 's.v > 1' }))).toEqual({
      errorClass: 'NOT_COLUMN_OR_STR',
      sqlState: '42K09',
      params: { arg_name: 'condition', arg_type: 'object' },
    });
    const tcall = t as unknown as Record<string, (...a: unknown[]) => unknown>;
    expect(await refusal(() => tcall.update!({ condition: 'id = 1', set: { v: '0' } }))).toMatchObject({
      errorClass: 'UNSUPPORTED_SIGNATURE',
    });
    expect(await rows('dt_r1')).toHaveLength(3);
  });

  it('a condition that is neither a string nor a Column (plain JavaScript `col(a) > 1` is a boolean)', async () => {
    const t = (await target('dt_r2')).alias('t');
    const untyped = t as unknown as Record<string, (...a: unknown[]) => unknown>;
    expect(await refusal(() => untyped.delete!(false))).toEqual({
      errorClass: 'NOT_COLUMN_OR_STR',
      sqlState: '42K09',
      params: { arg_name: 'condition', arg_type: 'boolean' },
    });
    expect(await refusal(() => untyped.update!(1, { v: '0' }))).toEqual({
      errorClass: 'NOT_COLUMN_OR_STR',
      sqlState: '42K09',
      params: { arg_name: 'condition', arg_type: 'number' },
    });
    expect(await refusal(() => untyped.merge!(updates(), true))).toEqual({
      errorClass: 'NOT_COLUMN_OR_STR',
      sqlState: '42K09',
      params: { arg_name: 'condition', arg_type: 'boolean' },
    });
    const m = t.merge(updates(), 't.id = s.id') as unknown as Record<string, (...a: unknown[]) => unknown>;
    expect(await refusal(() => m.whenNotMatchedBySourceDelete!(0))).toMatchObject({
      errorClass: 'NOT_COLUMN_OR_STR',
      params: { arg_type: 'number' },
    });
    expect(await refusal(() => m.whenMatchedUpdateAll!([]))).toMatchObject({
      errorClass: 'NOT_COLUMN_OR_STR',
      params: { arg_type: 'array' },
    });
    expect(await rows('dt_r2')).toHaveLength(3);
  });

  it('set / values that are not maps of strings and Columns, and a source that is not a DataFrame', async () => {
    const t = (await target('dt_r3')).alias('t');
    const untyped = t as unknown as Record<string, (...a: unknown[]) => unknown>;
    expect(await refusal(() => untyped.update!('id = 1'))).toEqual({
      errorClass: 'NOT_DICT',
      sqlState: '42K09',
      params: { arg_name: 'set', arg_type: 'undefined' },
    });
    expect(await refusal(() => t.update({}))).toEqual({
      errorClass: 'UNSUPPORTED_SIGNATURE',
      sqlState: '42K09',
      params: { signature: 'an empty `set`: update(condition, set) needs at least one column' },
    });
    expect(await refusal(() => untyped.update!({ v: 0 }))).toEqual({
      errorClass: 'NOT_COLUMN_OR_STR',
      sqlState: '42K09',
      params: { arg_name: "set['v']", arg_type: 'number' },
    });
    expect(await refusal(() => untyped.update!('id = 1', { v: '0' }, 'extra'))).toEqual({
      errorClass: 'UNSUPPORTED_SIGNATURE',
      sqlState: '42K09',
      params: { signature: 'update with 3 arguments (it takes (set) or (condition, set))' },
    });
    expect(await refusal(() => untyped.merge!([{ id: 1 }], 't.id = s.id'))).toEqual({
      errorClass: 'NOT_DATAFRAME',
      sqlState: '42K09',
      params: { arg_name: 'source', arg_type: 'array' },
    });
    const m = t.merge(updates(), 't.id = s.id') as unknown as Record<string, (...a: unknown[]) => unknown>;
    expect(await refusal(() => m.whenNotMatchedInsert!('s.id > 1', ['s.id']))).toEqual({
      errorClass: 'NOT_DICT',
      sqlState: '42K09',
      params: { arg_name: 'values', arg_type: 'array' },
    });
    expect(await refusal(() => untyped.history!('2'))).toEqual({
      errorClass: 'NOT_INT',
      sqlState: '42K09',
      params: { arg_name: 'limit', arg_type: 'string' },
    });
    expect(await refusal(() => untyped.restoreToVersion!(1.5))).toMatchObject({ errorClass: 'NOT_INT' });
    expect(await refusal(() => untyped.restoreToTimestamp!(5))).toMatchObject({ errorClass: 'NOT_STR' });
    expect((await lastCommit(t)).version).toBe(0n);
  });
});
