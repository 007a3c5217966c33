/** The micro-batch loop driving the Delta source over a hand-made log: offsets, admission, recovery, change commits. */
import { describe, expect, it } from 'vitest';
import { FakeParquetHandler } from '../../delta/testing/fake-parquet-handler.js';
import { a, metadata, writeCommit } from '../../delta/testing/log-builder.js';
import { MemoryObjectStore } from '../../storage/memory-store.js';
import { CheckpointLog } from '../checkpoint/checkpoint-log.js';
import { runStreamingLoop } from '../execution/micro-batch-loop.js';
import { DeltaStreamingSource, type DeltaStreamOptions } from './delta-source.js';

async function run(
  table: MemoryObjectStore,
  cp: MemoryObjectStore,
  trigger: 'once' | 'availableNow',
  options: DeltaStreamOptions = {},
) {
  const batches: [number, string[]][] = [];
  const source = await DeltaStreamingSource.open(table, new FakeParquetHandler(), options);
  await runStreamingLoop({
    checkpoint: new CheckpointLog(cp),
    source,
    trigger: { kind: trigger },
    conf: {},
    runBatch: async (batch, id) => {
      batches.push([id, batch.files.map((f) => f.add.path)]);
      return batch.files.length;
    },
    onProgress: () => {},
    stopped: () => false,
  });
  return batches;
}

const offset = async (cp: MemoryObjectStore, id: number) => new CheckpointLog(cp).sourceOffset(id);
const at = (reservoirVersion: number, index: number, isStartingVersion: boolean) => ({
  sourceVersion: 1,
  reservoirId: 'test-table',
  reservoirVersion,
  index,
  isStartingVersion,
});

describe('runStreamingLoop with a Delta source', () => {
  it('takes the snapshot in modificationTime order by maxFilesPerTrigger, then data-changing adds per commit', async () => {
    const table = new MemoryObjectStore();
    const cp = new MemoryObjectStore();
    await writeCommit(table, 0, [
      a.protocol(),
      a.metaData(),
      a.add('c', { modificationTime: 1 }),
      a.add('b', { modificationTime: 2 }),
      a.add('a', { modificationTime: 2 }),
    ]);
    expect(await run(table, cp, 'availableNow', { maxFilesPerTrigger: 2 })).toEqual([
      [0, ['c', 'a']],
      [1, ['b']],
    ]);
    expect(await offset(cp, 0)).toEqual(at(0, 1, true));
    expect(await offset(cp, 1)).toEqual(at(1, -1, false));

    await writeCommit(table, 1, [a.add('d'), a.add('e'), a.add('f')]);
    // A rearrangement (OPTIMIZE) changes no data; then a commit of one new file.
    await writeCommit(table, 2, [a.remove('d', { dataChange: false }), a.add('d2', { dataChange: false })]);
    await writeCommit(table, 3, [a.add('g')]);
    expect(await run(table, cp, 'availableNow', { maxFilesPerTrigger: 2 })).toEqual([
      [2, ['d', 'e']],
      [3, ['f', 'g']],
    ]);
    expect(await offset(cp, 2)).toEqual(at(1, 1, false));
    expect(await offset(cp, 3)).toEqual(at(4, -1, false));
    expect(await run(table, cp, 'once')).toEqual([]);

    // A crash before commits/3: the same files again, under the same batch id.
    await cp.delete('commits/3');
    expect(await run(table, cp, 'once')).toEqual([[3, ['f', 'g']]]);
    expect(await new CheckpointLog(cp).committedBatchIds()).toEqual([0, 1, 2, 3]);
  });

  it('startingVersion reads commits from that version; trigger once takes everything', async () => {
    const table = new MemoryObjectStore();
    await writeCommit(table, 0, [a.protocol(), a.metaData(), a.add('a')]);
    await writeCommit(table, 1, [a.add('b'), a.add('c')]);
    await writeCommit(table, 2, [a.add('d')]);
    const cp = new MemoryObjectStore();
    expect(await run(table, cp, 'once', { startingVersion: 1, maxFilesPerTrigger: 1 })).toEqual([
      [0, ['b', 'c', 'd']],
    ]);
    expect(await offset(cp, 0)).toEqual(at(3, -1, false));
    await expect(run(table, new MemoryObjectStore(), 'once', { startingVersion: 4 })).rejects.toMatchObject({
      errorClass: 'DELTA_CANNOT_TIME_TRAVEL_VERSION',
      message: expect.stringContaining('Available versions: [0, 2]'),
    });
  });

  it('fails on change commits unless skipChangeCommits or ignoreDeletes allow them', async () => {
    const table = new MemoryObjectStore();
    const cp = new MemoryObjectStore();
    await writeCommit(table, 0, [a.protocol(), a.metaData(), a.add('a'), a.add('b')]);
    expect(await run(table, cp, 'once')).toEqual([[0, ['a', 'b']]]);
    await writeCommit(table, 1, [a.remove('a'), a.add('a2')]);
    await writeCommit(table, 2, [a.add('c')]);
    await expect(run(table, cp, 'once')).rejects.toMatchObject({
      errorClass: 'DELTA_SOURCE_TABLE_IGNORE_CHANGES',
    });
    await expect(run(table, cp, 'once', { ignoreDeletes: true })).rejects.toMatchObject({
      errorClass: 'DELTA_SOURCE_TABLE_IGNORE_CHANGES',
    });
    expect(await run(table, cp, 'once', { skipChangeCommits: true })).toEqual([[1, ['c']]]);
    await writeCommit(table, 3, [a.remove('b')]);
    await writeCommit(table, 4, [a.add('d')]);
    await expect(run(table, cp, 'once')).rejects.toMatchObject({ errorClass: 'DELTA_SOURCE_IGNORE_DELETE' });
    expect(await run(table, cp, 'once', { ignoreDeletes: true })).toEqual([[2, ['d']]]);
  });

  it('refuses an offset of another table', async () => {
    const table = new MemoryObjectStore();
    const cp = new MemoryObjectStore();
    await writeCommit(table, 0, [a.protocol(), a.metaData(), a.add('a')]);
    await run(table, cp, 'once');
    const other = new MemoryObjectStore();
    await writeCommit(other, 0, [a.protocol(), a.metaData(metadata({ id: 'other' }))]);
    await expect(run(other, cp, 'once')).rejects.toMatchObject({
      errorClass: 'DIFFERENT_DELTA_TABLE_READ_BY_STREAMING_SOURCE',
    });
  });
});
