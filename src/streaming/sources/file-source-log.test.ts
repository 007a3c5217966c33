/** The file source's checkpoint log: compaction every ten batches, and reads from the latest compact file. */
import { describe, expect, it } from 'vitest';
import { MemoryObjectStore } from '../../storage/memory-store.js';
import { CheckpointLog } from '../checkpoint/checkpoint-log.js';
import { runMicroBatches } from '../execution/micro-batch-loop.js';

async function runAvailableNow(source: MemoryObjectStore, cp: MemoryObjectStore) {
  const batches: [number, string[]][] = [];
  await runMicroBatches({
    checkpoint: new CheckpointLog(cp),
    sourceStore: source,
    trigger: { kind: 'availableNow' },
    maxFilesPerTrigger: 1,
    conf: {},
    runBatch: async (files, id) => {
      batches.push([id, files.map((f) => f.url.split('/').pop()!)]);
      return files.length;
    },
    onProgress: () => {},
    stopped: () => false,
  });
  return batches;
}

const names = (n: number) => Array.from({ length: n }, (_, i) => `f${String(i).padStart(2, '0')}`);

describe('the file source log in sources/0/', () => {
  it('writes batch 9 as 9.compact with every file so far, as Spark does, and starts from it', async () => {
    const source = new MemoryObjectStore();
    const cp = new MemoryObjectStore();
    for (const k of names(11)) await source.put(k, 'x');
    expect((await runAvailableNow(source, cp)).map(([id]) => id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const keys = (await cp.list('sources/0/')).map((m) => m.path.slice('sources/0/'.length));
    expect(keys.sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10))).toEqual([
      ...names(9).map((_, i) => String(i)),
      '9.compact',
      '10',
    ]);
    const compact = new TextDecoder().decode(await cp.get('sources/0/9.compact')).split('\n');
    expect(compact[0]).toBe('v1');
    expect(compact.slice(1).map((l) => (JSON.parse(l) as { batchId: number }).batchId)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    // Spark deletes the batch files a compaction covers; the log still knows every file and batch.
    for (let i = 0; i < 9; i++) await cp.delete(`sources/0/${i}`);
    const log = new CheckpointLog(cp);
    expect((await log.fileLog()).map((e) => e.path.split('/').pop())).toEqual(names(11));
    expect((await log.fileLogOf(3)).map((e) => e.path.split('/').pop())).toEqual(['f03']);
    await source.put('f11', 'x');
    expect(await runAvailableNow(source, cp)).toEqual([[11, ['f11']]]);
  });

  it('offsets written without the batch log (a crash between the two writes): the files go to the next batch', async () => {
    const source = new MemoryObjectStore();
    const cp = new MemoryObjectStore();
    await source.put('a', 'x');
    await runAvailableNow(source, cp);
    await cp.delete('commits/0');
    await cp.delete('sources/0/0');
    expect(await runAvailableNow(source, cp)).toEqual([
      [0, []],
      [1, ['a']],
    ]);
  });
});
