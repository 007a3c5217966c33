import { describe, expect, it } from 'vitest';
import { MemoryObjectStore } from '../storage/memory-store.js';
import { parseActionLines } from './actions-json.js';
import { commitKey } from './log-files.js';
import { col } from './predicate.js';
import { loadSnapshot } from './snapshot.js';
import { FakeParquetHandler } from './testing/fake-parquet-handler.js';
import { a, add, metadata, PROTOCOL_1_2, writeCommit } from './testing/log-builder.js';
import { removeFileFor, startTransaction, Transaction } from './transaction.js';

const parquet = new FakeParquetHandler();

async function tableWith(files: string[]): Promise<MemoryObjectStore> {
  const store = new MemoryObjectStore();
  await writeCommit(store, 0, [a.protocol(), a.metaData(), ...files.map((f) => a.add(f))]);
  return store;
}

async function commitActions(store: MemoryObjectStore, version: number) {
  return parseActionLines(new TextDecoder().decode(await store.get(commitKey(version))), 'test');
}

describe('Transaction.commit', () => {
  it('creates a table at version 0 with commitInfo first, then protocol and metadata', async () => {
    const store = new MemoryObjectStore();
    const txn = await startTransaction(store, parquet, { now: () => 42 });
    expect(txn.readVersion).toBe(-1);
    txn
      .updateProtocol(PROTOCOL_1_2)
      .updateMetadata(metadata())
      .addFiles([add('f1')]);
    const result = await txn.commit({ name: 'CREATE TABLE', parameters: { partitionBy: [] } });
    expect(result.version).toBe(0);
    const actions = await commitActions(store, 0);
    expect(actions.map((x) => x.kind)).toEqual(['commitInfo', 'protocol', 'metaData', 'add']);
    expect(actions[0]).toMatchObject({
      commitInfo: {
        timestamp: 42,
        operation: 'CREATE TABLE',
        operationParameters: { partitionBy: '[]' },
        isolationLevel: 'WriteSerializable',
        isBlindAppend: true,
        engineInfo: 'lakesql/0.1.0',
      },
    });
  });

  it('rebases concurrent blind appends: both commit, one at the next version', async () => {
    const store = await tableWith(['f0']);
    const t1 = await startTransaction(store, parquet);
    const t2 = await startTransaction(store, parquet);
    t1.addFiles([add('a1')]);
    t2.addFiles([add('a2')]);
    expect((await t1.commit({ name: 'WRITE' })).version).toBe(1);
    const r2 = await t2.commit({ name: 'WRITE' });
    expect(r2).toMatchObject({ version: 2, attempts: 2 });
    const s = await loadSnapshot(store, parquet);
    expect(
      s
        .activeFiles()
        .map((f) => f.path)
        .sort(),
    ).toEqual(['a1', 'a2', 'f0']);
    expect((await commitActions(store, 2))[0]).toMatchObject({ commitInfo: { readVersion: 0 } });
  });

  it('fails with DELTA_CONCURRENT_DELETE_READ when a file it read was deleted concurrently, and writes nothing', async () => {
    const store = await tableWith(['f0', 'f1']);
    const deleter = await startTransaction(store, parquet);
    const reader = await startTransaction(store, parquet);
    const f0 = deleter.readSnapshot!.activeFiles().find((f) => f.path === 'f0')!;
    deleter.readFiles([f0]).removeFiles([removeFileFor(f0, 1)]);
    reader
      .readFiles([f0])
      .removeFiles([removeFileFor(f0, 1)])
      .addFiles([add('f0-rewritten')]);
    await deleter.commit({ name: 'DELETE' });
    await expect(reader.commit({ name: 'UPDATE' })).rejects.toMatchObject({
      errorClass: 'DELTA_CONCURRENT_DELETE_READ',
      sqlState: '2D521',
    });
    await expect(store.head(commitKey(2))).rejects.toThrow();
    expect((await loadSnapshot(store, parquet)).activeFiles().map((f) => f.path)).toEqual(['f1']);
  });

  it('fails with DELTA_CONCURRENT_DELETE_DELETE when both delete the same file without a recorded read', async () => {
    const store = await tableWith(['f0']);
    const t1 = await startTransaction(store, parquet);
    const t2 = await startTransaction(store, parquet);
    const f0 = t1.readSnapshot!.activeFiles()[0]!;
    t1.removeFiles([removeFileFor(f0, 1)]);
    t2.removeFiles([removeFileFor(f0, 1)]);
    await t1.commit({ name: 'DELETE' });
    await expect(t2.commit({ name: 'DELETE' })).rejects.toMatchObject({
      errorClass: 'DELTA_CONCURRENT_DELETE_DELETE',
    });
  });

  it('fails with DELTA_CONCURRENT_APPEND when a non-blind writer added files matching what it read', async () => {
    const store = await tableWith(['f0']);
    const t1 = await startTransaction(store, parquet);
    const t2 = await startTransaction(store, parquet);
    // t1 is not a blind append: it read the table (e.g. an INSERT … SELECT from itself)
    t1.readTable().addFiles([add('a1')]);
    t2.readTable({ kind: 'comparison', op: '>', column: col('id'), value: 5n }).addFiles([add('a2')]);
    await t1.commit({ name: 'WRITE' });
    await expect(t2.commit({ name: 'WRITE' })).rejects.toMatchObject({
      errorClass: 'DELTA_CONCURRENT_APPEND',
    });
  });

  it('does not conflict with a concurrent blind append under WriteSerializable, but does under Serializable', async () => {
    for (const [isolationLevel, expected] of [
      ['WriteSerializable', 'ok'],
      ['Serializable', 'DELTA_CONCURRENT_APPEND'],
    ] as const) {
      const store = await tableWith(['f0']);
      const appender = await startTransaction(store, parquet);
      const reader = await startTransaction(store, parquet, { isolationLevel });
      appender.addFiles([add('a1')]);
      reader.readTable().addFiles([add('r1')]);
      await appender.commit({ name: 'WRITE' });
      const outcome = await reader.commit({ name: 'MERGE' }).then(
        () => 'ok',
        (e: { errorClass: string }) => e.errorClass,
      );
      expect(outcome).toBe(expected);
    }
  });

  it('fails with DELTA_METADATA_CHANGED and DELTA_PROTOCOL_CHANGED', async () => {
    const store = await tableWith([]);
    const t1 = await startTransaction(store, parquet);
    const t2 = await startTransaction(store, parquet);
    t1.updateMetadata(metadata({ description: 'changed' }));
    t2.addFiles([add('x')]);
    await t1.commit({ name: 'SET TBLPROPERTIES' });
    await expect(t2.commit({ name: 'WRITE' })).rejects.toMatchObject({
      errorClass: 'DELTA_METADATA_CHANGED',
    });

    const t3 = await startTransaction(store, parquet);
    const t4 = await startTransaction(store, parquet);
    t3.updateProtocol({ minReaderVersion: 1, minWriterVersion: 3 });
    t4.addFiles([add('y')]);
    await t3.commit({ name: 'UPGRADE PROTOCOL' });
    await expect(t4.commit({ name: 'WRITE' })).rejects.toMatchObject({
      errorClass: 'DELTA_PROTOCOL_CHANGED',
    });
  });

  it('sees a txn version recorded by the winner: DELTA_CONCURRENT_TRANSACTION', async () => {
    const store = await tableWith([]);
    const t1 = await startTransaction(store, parquet);
    const t2 = await startTransaction(store, parquet);
    expect(t1.transactionVersion('stream-1')).toBeUndefined();
    expect(t2.transactionVersion('stream-1')).toBeUndefined();
    t1.setTransaction('stream-1', 0).addFiles([add('b0')]);
    t2.setTransaction('stream-1', 0).addFiles([add('b0-again')]);
    await t1.commit({ name: 'STREAMING UPDATE' });
    await expect(t2.commit({ name: 'STREAMING UPDATE' })).rejects.toMatchObject({
      errorClass: 'DELTA_CONCURRENT_TRANSACTION',
    });
    expect((await loadSnapshot(store, parquet)).transactionVersion('stream-1')).toBe(0);
  });

  it('refuses removes on an append-only table', async () => {
    const store = new MemoryObjectStore();
    await writeCommit(store, 0, [
      a.protocol(),
      a.metaData(metadata({ configuration: { 'delta.appendOnly': 'true' } })),
      a.add('f0'),
    ]);
    const t = await startTransaction(store, parquet);
    t.removeFiles([removeFileFor(t.readSnapshot!.activeFiles()[0]!, 1)]);
    await expect(t.commit({ name: 'DELETE' })).rejects.toMatchObject({
      errorClass: 'DELTA_CANNOT_MODIFY_APPEND_ONLY',
    });
  });

  it('writes a monotonic in-commit timestamp when the table has them', async () => {
    const store = new MemoryObjectStore();
    const m = metadata({ configuration: { 'delta.enableInCommitTimestamps': 'true' } });
    await writeCommit(store, 0, [a.commitInfo({ inCommitTimestamp: 10_000 }), a.protocol(), a.metaData(m)]);
    const t = new Transaction(store, parquet, await loadSnapshot(store, parquet), { now: () => 5 });
    await t.addFiles([add('f')]).commit({ name: 'WRITE' });
    expect((await commitActions(store, 1))[0]).toMatchObject({ commitInfo: { inCommitTimestamp: 10_001 } });
  });
});

describe('checkpoints after commits', () => {
  it('writes a checkpoint and _last_checkpoint every delta.checkpointInterval commits', async () => {
    const store = new MemoryObjectStore();
    await writeCommit(store, 0, [
      a.protocol(),
      a.metaData(metadata({ configuration: { 'delta.checkpointInterval': '3' } })),
    ]);
    for (let i = 1; i <= 4; i++) {
      const t = await startTransaction(store, parquet);
      const r = await t.addFiles([add(`f${i}`)]).commit({ name: 'WRITE' });
      expect(r.checkpointWritten).toBe(i === 3);
    }
    const last = JSON.parse(new TextDecoder().decode(await store.get('_delta_log/_last_checkpoint')));
    expect(last).toMatchObject({ version: 3, size: 5, numOfAddFiles: 3 });
    const s = await loadSnapshot(store, parquet);
    expect(s.segment.checkpointVersion).toBe(3);
    expect(
      s
        .activeFiles()
        .map((f) => f.path)
        .sort(),
    ).toEqual(['f1', 'f2', 'f3', 'f4']);
  });

  it('checkpoints the snapshot the commit produced: the log is neither listed nor read after the commit', async () => {
    const store = new MemoryObjectStore();
    await writeCommit(store, 0, [
      a.protocol(),
      a.metaData(metadata({ configuration: { 'delta.checkpointInterval': '2' } })),
      a.add('f0'),
    ]);
    await (await startTransaction(store, parquet)).addFiles([add('f1')]).commit({ name: 'WRITE' });
    const t = await startTransaction(store, parquet);
    t.addFiles([add('f2')]).removeFiles([add('f0')]);
    // What the store is asked for from here on: reads and listings of the log.
    const asked: string[] = [];
    for (const m of ['get', 'getRange', 'list', 'listFrom'] as const) {
      const original = store[m].bind(store) as (...args: unknown[]) => Promise<unknown>;
      (store as unknown as Record<string, unknown>)[m] = (...args: unknown[]) => {
        asked.push(`${m} ${String(args[0])}`);
        return original(...args);
      };
    }
    const r = await t.commit({ name: 'WRITE' });
    expect(r).toMatchObject({ version: 2, checkpointWritten: true });
    // Only the clean-ups that follow a checkpoint list (expired log files, as Delta's; abandoned temp files).
    expect(asked.filter((x) => !/^list (_delta_log\/|_lakesql_staging_)/.test(x))).toEqual([]);
    const s = await loadSnapshot(store, parquet);
    expect(s.segment.checkpointVersion).toBe(2);
    expect(
      s
        .activeFiles()
        .map((f) => f.path)
        .sort(),
    ).toEqual(['f1', 'f2']);
  });
});
