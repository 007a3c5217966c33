import { describe, expect, it } from 'vitest';
import type { DeletionVectorDescriptor, Protocol } from '../../delta/actions.js';
import { parseActionLines } from '../../delta/actions-json.js';
import { commitKey } from '../../delta/log-files.js';
import { loadSnapshot } from '../../delta/snapshot.js';
import { FakeParquetHandler } from '../../delta/testing/fake-parquet-handler.js';
import { a, add, metadata, writeCommit } from '../../delta/testing/log-builder.js';
import { LakesqlError } from '../../errors/index.js';
import { MemoryObjectStore } from '../../storage/memory-store.js';
import { CommitBuilder } from './commit-builder.js';

const parquet = new FakeParquetHandler();
const DV_PROTOCOL: Protocol = {
  minReaderVersion: 3,
  minWriterVersion: 7,
  readerFeatures: ['deletionVectors'],
  writerFeatures: ['deletionVectors'],
};
const dv = (cardinality: number, path: string): DeletionVectorDescriptor => ({
  storageType: 'u',
  pathOrInlineDv: path,
  offset: 1,
  sizeInBytes: 40,
  cardinality,
});

async function dvTable(): Promise<MemoryObjectStore> {
  const store = new MemoryObjectStore();
  await writeCommit(store, 0, [
    a.protocol(DV_PROTOCOL),
    a.metaData(metadata({ configuration: { 'delta.enableDeletionVectors': 'true' } })),
    a.add('f1', { stats: '{"numRecords":10}', deletionVector: dv(2, 'ab^-aqEH.-t@S}K{vb[*k^') }),
    a.add('f2', { stats: '{"numRecords":5}' }),
  ]);
  return store;
}

async function commitLines(store: MemoryObjectStore, version: number) {
  return parseActionLines(new TextDecoder().decode(await store.get(commitKey(version))), 'test');
}

describe('CommitBuilder', () => {
  it('removes a file with the deletion vector it carries, and adds the same path back with a new one', async () => {
    const store = await dvTable();
    const snapshot = await loadSnapshot(store, parquet);
    const [f1, f2] = snapshot.activeFiles().sort((x, y) => x.path.localeCompare(y.path));
    const next = dv(3, 'cd^-aqEH.-t@S}K{vb[*k^');
    const txn = CommitBuilder.onSnapshot(snapshot, parquet);
    txn.readTable().readFiles([f1!, f2!]);
    txn.updateDeletionVector(f1!, next, { now: 7, stats: '{"numRecords":10,"tightBounds":false}' });
    txn.removeFiles([f2!], 7);
    const result = await txn.commit({ name: 'DELETE', metrics: { numDeletionVectorsAdded: 1 } });
    expect(result.version).toBe(1);

    const lines = await commitLines(store, 1);
    expect(lines.map((l) => l.kind)).toEqual(['commitInfo', 'remove', 'remove', 'add']);
    const removes = lines.flatMap((l) => (l.kind === 'remove' ? [l.remove] : []));
    expect(removes).toEqual([
      {
        path: 'f1',
        deletionTimestamp: 7,
        dataChange: true,
        extendedFileMetadata: true,
        partitionValues: {},
        size: 100,
        stats: '{"numRecords":10}',
        deletionVector: dv(2, 'ab^-aqEH.-t@S}K{vb[*k^'),
      },
      {
        path: 'f2',
        deletionTimestamp: 7,
        dataChange: true,
        extendedFileMetadata: true,
        partitionValues: {},
        size: 100,
        stats: '{"numRecords":5}',
      },
    ]);
    const adds = lines.flatMap((l) => (l.kind === 'add' ? [l.add] : []));
    expect(adds).toEqual([
      {
        path: 'f1',
        partitionValues: {},
        size: 100,
        modificationTime: 0,
        dataChange: true,
        stats: '{"numRecords":10,"tightBounds":false}',
        deletionVector: next,
      },
    ]);
    const after = await loadSnapshot(store, parquet);
    expect(after.activeFiles().map((f) => [f.path, f.deletionVector?.cardinality])).toEqual([['f1', 3]]);
  });

  it('commits change data files after the adds, and a commit with them is no blind append', async () => {
    const store = await dvTable();
    const txn = CommitBuilder.onSnapshot(await loadSnapshot(store, parquet), parquet);
    txn.addFiles([add('f3')]);
    expect(txn.isBlindAppend).toBe(true);
    txn.addChangeFiles([
      { path: '_change_data/c1.parquet', partitionValues: {}, size: 12, dataChange: false },
    ]);
    expect(txn.isBlindAppend).toBe(false);
    await txn.commit({ name: 'UPDATE' });
    const lines = await commitLines(store, 1);
    expect(lines.map((l) => l.kind)).toEqual(['commitInfo', 'add', 'cdc']);
    expect(lines[0]).toMatchObject({ commitInfo: { isBlindAppend: false } });
    expect(lines[2]).toEqual({
      kind: 'cdc',
      cdc: { path: '_change_data/c1.parquet', partitionValues: {}, size: 12, dataChange: false },
    });
  });

  it("records an idempotent write's txn action, and conflicts with the same application's concurrent write", async () => {
    const store = await dvTable();
    const snapshot = await loadSnapshot(store, parquet);
    const first = CommitBuilder.onSnapshot(snapshot, parquet, { now: () => 5 });
    const second = CommitBuilder.onSnapshot(snapshot, parquet);
    first.addFiles([add('a1')]).idempotentWrite({ appId: 'app', version: 3 });
    second.addFiles([add('a2')]).idempotentWrite({ appId: 'app', version: 4 });
    await first.commit({ name: 'WRITE' });
    expect((await commitLines(store, 1)).find((l) => l.kind === 'txn')).toEqual({
      kind: 'txn',
      txn: { appId: 'app', version: 3, lastUpdated: 5 },
    });
    const failure = await second.commit({ name: 'WRITE' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LakesqlError);
    expect((failure as LakesqlError).errorClass).toBe('DELTA_CONCURRENT_TRANSACTION');
    expect((failure as LakesqlError).messageParameters).toEqual({ version: 1, appId: 'app' });
  });

  it('without an idempotent write records no txn action', async () => {
    const store = await dvTable();
    const txn = CommitBuilder.onSnapshot(await loadSnapshot(store, parquet), parquet);
    await txn
      .addFiles([add('a1')])
      .idempotentWrite(undefined)
      .commit({ name: 'WRITE' });
    expect((await commitLines(store, 1)).map((l) => l.kind)).toEqual(['commitInfo', 'add']);
  });

  it('opens on no snapshot where no table exists yet, and on the latest one where it does', async () => {
    const empty = new MemoryObjectStore();
    const created = await CommitBuilder.onLatest(empty, parquet);
    expect(created.readSnapshot).toBeUndefined();
    const store = await dvTable();
    await writeCommit(store, 1, [a.add('f9')]);
    const latest = await CommitBuilder.onLatest(store, parquet);
    expect(latest.readSnapshot?.version).toBe(1);
  });
});
