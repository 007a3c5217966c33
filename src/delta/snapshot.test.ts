import { describe, expect, it } from 'vitest';
import { MemoryObjectStore } from '../storage/memory-store.js';
import { writeCheckpoint } from './checkpoint-writer.js';
import { commitKey } from './log-files.js';
import { loadSnapshot } from './snapshot.js';
import { FakeParquetHandler } from './testing/fake-parquet-handler.js';
import { a, metadata, writeCommit } from './testing/log-builder.js';

const parquet = new FakeParquetHandler();
const paths = (s: { activeFiles(): { path: string }[] }) =>
  s
    .activeFiles()
    .map((f) => f.path)
    .sort();

describe('loadSnapshot: action reconciliation', () => {
  it('a remove then a re-add of the same path leaves the file live', async () => {
    const store = new MemoryObjectStore();
    await writeCommit(store, 0, [a.protocol(), a.metaData(), a.add('f1'), a.add('f2')]);
    await writeCommit(store, 1, [a.remove('f1')]);
    await writeCommit(store, 2, [a.add('f1', { size: 7 })]);
    const s = await loadSnapshot(store, parquet);
    expect(paths(s)).toEqual(['f1', 'f2']);
    expect(s.activeFiles().find((f) => f.path === 'f1')?.size).toBe(7);
    expect(s.tombstones()).toEqual([]);
    const atOne = await loadSnapshot(store, parquet, { version: 1 });
    expect(paths(atOne)).toEqual(['f2']);
    expect(atOne.tombstones().map((t) => t.path)).toEqual(['f1']);
  });

  it('a file is keyed by path and deletion vector: a new DV with a remove of the old one replaces it', async () => {
    const store = new MemoryObjectStore();
    const dv1 = {
      storageType: 'u' as const,
      pathOrInlineDv: 'ab',
      offset: 1,
      sizeInBytes: 10,
      cardinality: 1,
    };
    const dv2 = { ...dv1, pathOrInlineDv: 'cd' };
    await writeCommit(store, 0, [a.protocol(), a.metaData(), a.add('f1')]);
    await writeCommit(store, 1, [a.remove('f1'), a.add('f1', { deletionVector: dv1 })]);
    await writeCommit(store, 2, [
      a.remove('f1', { deletionVector: dv1 }),
      a.add('f1', { deletionVector: dv2 }),
    ]);
    const s = await loadSnapshot(store, parquet);
    expect(s.activeFiles()).toHaveLength(1);
    expect(s.activeFiles()[0]?.deletionVector?.pathOrInlineDv).toBe('cd');
  });

  it('duplicate adds in a checkpoint and a later JSON commit count once', async () => {
    const store = new MemoryObjectStore();
    await writeCommit(store, 0, [a.protocol(), a.metaData(), a.add('f1')]);
    await writeCommit(store, 1, [a.add('f2')]);
    await store.put(
      '_delta_log/00000000000000000001.checkpoint.parquet',
      JSON.stringify([
        { protocol: { minReaderVersion: 1, minWriterVersion: 2 } },
        { metaData: metadata() },
        { add: { path: 'f1', partitionValues: {}, size: 100, modificationTime: 0, dataChange: false } },
        { add: { path: 'f2', partitionValues: {}, size: 100, modificationTime: 0, dataChange: false } },
      ]),
    );
    await writeCommit(store, 2, [a.add('f2')]);
    const s = await loadSnapshot(store, parquet);
    expect(s.segment.checkpointVersion).toBe(1);
    expect(paths(s)).toEqual(['f1', 'f2']);
  });

  it('a remove spelled with file: cancels an add of the bare absolute path', async () => {
    const store = new MemoryObjectStore();
    await writeCommit(store, 0, [a.protocol(), a.metaData(), a.add('/some/with%20space/p@%23h')]);
    await writeCommit(store, 1, [a.remove('file:///some/with%20space/p@%23h')]);
    expect((await loadSnapshot(store, parquet)).activeFiles()).toEqual([]);
  });

  it('keeps the latest txn version per appId and the latest metadata and protocol', async () => {
    const store = new MemoryObjectStore();
    await writeCommit(store, 0, [a.protocol(), a.metaData(), a.txn('app', 1), a.txn('other', 5)]);
    await writeCommit(store, 1, [a.txn('app', 2), a.metaData(metadata({ description: 'second' }))]);
    await writeCommit(store, 2, [a.protocol({ minReaderVersion: 1, minWriterVersion: 3 })]);
    const s = await loadSnapshot(store, parquet);
    expect(s.transactionVersion('app')).toBe(2);
    expect(s.transactionVersion('other')).toBe(5);
    expect(s.transactionVersion('nobody')).toBeUndefined();
    expect(s.metadata.description).toBe('second');
    expect(s.protocol.minWriterVersion).toBe(3);
    expect(s.metadataChangedAt).toBe(1);
    expect(s.protocolChangedAt).toBe(2);
  });

  it('fails when the protocol or the metadata is missing, naming which', async () => {
    const store = new MemoryObjectStore();
    await writeCommit(store, 0, [a.metaData()]);
    await expect(loadSnapshot(store, parquet)).rejects.toMatchObject({
      errorClass: 'DELTA_STATE_RECOVER_ERROR',
      messageParameters: { component: 'protocol' },
    });
    const store2 = new MemoryObjectStore();
    await writeCommit(store2, 0, [a.protocol()]);
    await expect(loadSnapshot(store2, parquet)).rejects.toMatchObject({
      messageParameters: { component: 'metadata' },
    });
  });

  it('refuses a table that needs an unknown reader feature or version', async () => {
    const store = new MemoryObjectStore();
    await writeCommit(store, 0, [
      a.protocol({
        minReaderVersion: 3,
        minWriterVersion: 7,
        readerFeatures: ['fancyNewFeature'],
        writerFeatures: [],
      }),
      a.metaData(),
    ]);
    await expect(loadSnapshot(store, parquet)).rejects.toMatchObject({
      errorClass: 'DELTA_UNSUPPORTED_FEATURES_FOR_READ',
      messageParameters: { unsupported: 'fancyNewFeature' },
    });
    const store2 = new MemoryObjectStore();
    await writeCommit(store2, 0, [a.protocol({ minReaderVersion: 99, minWriterVersion: 7 }), a.metaData()]);
    await expect(loadSnapshot(store2, parquet)).rejects.toMatchObject({
      errorClass: 'DELTA_INVALID_PROTOCOL_VERSION',
    });
  });

  it('reconstructs the log of a table whose rows need an unsupported data feature, but refuses to scan it', async () => {
    const store = new MemoryObjectStore();
    await writeCommit(store, 0, [
      a.protocol({
        minReaderVersion: 3,
        minWriterVersion: 7,
        readerFeatures: ['variantShredding-preview'],
        writerFeatures: ['variantShredding-preview'],
      }),
      a.metaData(),
      a.add('f1'),
    ]);
    const s = await loadSnapshot(store, parquet);
    expect(s.activeFiles().map((f) => f.path)).toEqual(['f1']);
    expect(() => s.scanPlan()).toThrow(
      expect.objectContaining({
        errorClass: 'DELTA_UNSUPPORTED_FEATURES_FOR_READ',
        messageParameters: { unsupported: 'variantShredding-preview' },
      }),
    );
  });
});

describe('loadSnapshot: from a checkpoint', () => {
  it('starts from the checkpoint state replaying its commits gives, in the same order, and layers later commits', async () => {
    const store = new MemoryObjectStore();
    await writeCommit(store, 0, [a.protocol(), a.metaData(), a.add('f1'), a.add('f2'), a.add('f3')]);
    await writeCommit(store, 1, [a.remove('f2'), a.add('f4'), a.txn('app', 3)]);
    await writeCommit(store, 2, [a.add('f2', { size: 9 }), a.remove('f1')]);
    const replayed = await loadSnapshot(store, parquet);
    await writeCheckpoint(replayed, parquet, 0); // at time 0 no tombstone has expired
    await writeCommit(store, 3, [a.remove('f3'), a.add('f5')]);
    // The checkpoint replaces commits 0 to 2: deleting them proves they are not read.
    for (const v of [0, 1, 2]) await store.delete(commitKey(v));
    const s = await loadSnapshot(store, parquet);
    expect(s.segment.checkpointVersion).toBe(2);
    expect(s.activeFiles().map((f) => [f.path, f.size])).toEqual([
      ['f4', 100],
      ['f2', 9],
      ['f5', 100],
    ]);
    expect(s.tombstones().map((t) => t.path)).toEqual(['f1', 'f3']);
    expect(s.transactionVersion('app')).toBe(3);
  });

  it('a remove naming a file by its absolute URL cancels a checkpoint add of the relative path', async () => {
    const store = new MemoryObjectStore();
    await writeCommit(store, 0, [a.protocol(), a.metaData(), a.add('p=1/f1'), a.add('f2')]);
    await writeCheckpoint(await loadSnapshot(store, parquet), parquet, Date.now());
    await writeCommit(store, 1, [a.remove(`${store.rootUrl}p=1/f1`)]);
    const s = await loadSnapshot(store, parquet);
    expect(s.segment.checkpointVersion).toBe(0);
    expect(paths(s)).toEqual(['f2']);
  });
});

describe('loadSnapshot: time travel by timestamp', () => {
  it('picks the latest version committed at or before the instant, using file times', async () => {
    let clock = 1_000;
    const store = new MemoryObjectStore({ now: () => clock });
    await writeCommit(store, 0, [a.protocol(), a.metaData(), a.add('f0')]);
    clock = 2_000;
    await writeCommit(store, 1, [a.add('f1')]);
    clock = 3_000;
    await writeCommit(store, 2, [a.add('f2')]);
    expect((await loadSnapshot(store, parquet, { timestamp: 2_500 })).version).toBe(1);
    expect((await loadSnapshot(store, parquet, { timestamp: 2_000 })).version).toBe(1);
    expect((await loadSnapshot(store, parquet, { timestamp: 3_000 })).version).toBe(2);
    await expect(loadSnapshot(store, parquet, { timestamp: 999 })).rejects.toMatchObject({
      errorClass: 'DELTA_TIMESTAMP_EARLIER_THAN_COMMIT_RETENTION',
    });
    await expect(loadSnapshot(store, parquet, { timestamp: 3_001 })).rejects.toMatchObject({
      errorClass: 'DELTA_TIMESTAMP_GREATER_THAN_COMMIT',
    });
  });

  it('uses in-commit timestamps when the table has them', async () => {
    const store = new MemoryObjectStore({ now: () => 5 });
    const m = metadata({ configuration: { 'delta.enableInCommitTimestamps': 'true' } });
    await writeCommit(store, 0, [a.commitInfo({ inCommitTimestamp: 100 }), a.protocol(), a.metaData(m)]);
    await writeCommit(store, 1, [a.commitInfo({ inCommitTimestamp: 200 }), a.add('f1')]);
    const s = await loadSnapshot(store, parquet, { timestamp: '1970-01-01T00:00:00.150Z' });
    expect(s.version).toBe(0);
    expect((await loadSnapshot(store, parquet)).timestamp).toBe(200);
    expect(store.rootUrl).toMatch(/^memory:/);
    expect(commitKey(1)).toBe('_delta_log/00000000000000000001.json');
  });
});
