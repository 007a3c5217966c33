/** Which files make each commit's changes, on hand-made logs (the rows themselves: table-changes.test.ts). */
import { describe, expect, it } from 'vitest';
import { LakesqlError } from '../errors/index.js';
import { MemoryObjectStore } from '../storage/memory-store.js';
import type { Action } from './actions.js';
import { type ChangeDataPlan, changeDataPlan } from './change-data-feed.js';
import { FakeParquetHandler } from './testing/fake-parquet-handler.js';
import { a, metadata, writeCommit } from './testing/log-builder.js';

const parquet = new FakeParquetHandler();
const CDF = metadata({ configuration: { 'delta.enableChangeDataFeed': 'true' } });
const cdc = (path: string): Action => ({
  kind: 'cdc',
  cdc: { path, partitionValues: {}, size: 10, dataChange: false },
});
const summary = (p: ChangeDataPlan) =>
  p.files.map((f) => [f.commitVersion, f.source, f.changeType ?? null, f.file.add.path]);

async function errorOf(p: Promise<unknown>): Promise<LakesqlError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(LakesqlError);
  return e as LakesqlError;
}

describe('changeDataPlan', () => {
  it('uses cdc files where a commit has them, else its dataChange adds and removes', async () => {
    const store = new MemoryObjectStore();
    await writeCommit(store, 0, [a.protocol(), a.metaData(CDF), a.add('f1'), a.add('f2')]);
    await writeCommit(store, 1, [a.remove('f1'), a.add('f3'), cdc('_change_data/c1')]);
    await writeCommit(store, 2, [a.remove('f2', { dataChange: false }), a.add('f4', { dataChange: false })]);
    await writeCommit(store, 3, [a.remove('f3')]);
    const plan = await changeDataPlan(store, parquet, { version: 0 });
    expect([plan.startVersion, plan.endVersion]).toEqual([0, 3]);
    expect(summary(plan)).toEqual([
      [0, 'add', 'insert', 'f1'],
      [0, 'add', 'insert', 'f2'],
      [1, 'cdc', null, '_change_data/c1'],
      [3, 'remove', 'delete', 'f3'],
    ]);
    expect(summary(await changeDataPlan(store, parquet, { version: 1 }, { version: 2 }))).toEqual([
      [1, 'cdc', null, '_change_data/c1'],
    ]);
  });

  it('pairs a remove and an add of one file as a deletion-vector update', async () => {
    const store = new MemoryObjectStore();
    const dv = {
      storageType: 'u' as const,
      pathOrInlineDv: 'ab',
      offset: 1,
      sizeInBytes: 10,
      cardinality: 1,
    };
    await writeCommit(store, 0, [a.protocol(), a.metaData(CDF), a.add('f1')]);
    await writeCommit(store, 1, [a.remove('f1'), a.add('f1', { deletionVector: dv })]);
    const plan = await changeDataPlan(store, parquet, { version: 1 });
    expect(summary(plan)).toEqual([[1, 'deletionVectorUpdate', 'delete', 'f1']]);
    expect(plan.files[0]!.file.add.deletionVector).toBeUndefined();
    expect(plan.files[0]!.after?.add.deletionVector).toEqual(dv);
  });

  it('checks the change data feed was on at every commit of the range', async () => {
    const store = new MemoryObjectStore();
    await writeCommit(store, 0, [a.protocol(), a.metaData(), a.add('f1')]);
    await writeCommit(store, 1, [a.metaData(CDF)]);
    await writeCommit(store, 2, [a.add('f2')]);
    expect(summary(await changeDataPlan(store, parquet, { version: 1 }))).toEqual([
      [2, 'add', 'insert', 'f2'],
    ]);
    const e = await errorOf(changeDataPlan(store, parquet, { version: 0 }));
    expect(e.errorClass).toBe('DELTA_MISSING_CHANGE_DATA');
    expect(e.message).toContain('[0 , 2]');
    expect(e.message).toContain('version [0]');
  });

  it('rejects a start after the latest version and an end before the start; caps the end', async () => {
    const store = new MemoryObjectStore();
    await writeCommit(store, 0, [a.protocol(), a.metaData(CDF), a.add('f1')]);
    await writeCommit(store, 1, [a.add('f2')]);
    expect((await errorOf(changeDataPlan(store, parquet, { version: 2 }))).errorClass).toBe(
      'DELTA_CDC_START_VERSION_AFTER_LATEST',
    );
    expect((await errorOf(changeDataPlan(store, parquet, { version: 1 }, { version: 0 }))).errorClass).toBe(
      'DELTA_INVALID_CDC_RANGE',
    );
    expect((await changeDataPlan(store, parquet, { version: 1 }, { version: 50 })).endVersion).toBe(1);
  });
});
