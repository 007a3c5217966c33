/** The micro-batch loop over a memory store: file discovery, batching, the logs it writes, recovery. */
import { describe, expect, it } from 'vitest';
import { MemoryObjectStore } from '../../storage/memory-store.js';
import { CheckpointLog } from '../checkpoint/checkpoint-log.js';
import { runMicroBatches } from './micro-batch-loop.js';

async function run(
  source: MemoryObjectStore,
  cp: MemoryObjectStore,
  trigger: 'once' | 'availableNow',
  max?: number,
) {
  const batches: [number, string[]][] = [];
  await runMicroBatches({
    checkpoint: new CheckpointLog(cp),
    sourceStore: source,
    trigger: { kind: trigger },
    maxFilesPerTrigger: max,
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

describe('runMicroBatches', () => {
  it('takes each file once, skips _ and . names and subfolders, batches availableNow by maxFilesPerTrigger', async () => {
    const source = new MemoryObjectStore();
    const cp = new MemoryObjectStore();
    for (const k of ['a', 'b', 'c', '_SUCCESS', '.x', 'sub/d']) await source.put(k, 'x');
    expect(await run(source, cp, 'availableNow', 2)).toEqual([
      [0, ['a', 'b']],
      [1, ['c']],
    ]);
    expect(await run(source, cp, 'once')).toEqual([]);
    await source.put('e', 'x');
    expect(await run(source, cp, 'once', 1)).toEqual([[2, ['e']]]);
    const log = new CheckpointLog(cp);
    expect(await log.committedBatchIds()).toEqual([0, 1, 2]);
    expect((await log.fileLog()).map((e) => e.batchId)).toEqual([0, 0, 1, 2]);
  });

  it('re-runs the last batch when its commit is missing', async () => {
    const source = new MemoryObjectStore();
    const cp = new MemoryObjectStore();
    await source.put('a', 'x');
    await run(source, cp, 'once');
    await cp.delete('commits/0');
    expect(await run(source, cp, 'once')).toEqual([[0, ['a']]]);
    expect(await new CheckpointLog(cp).committedBatchIds()).toEqual([0]);
  });

  it('with processingTime, runs at most one batch per trigger until stopped, and reports idle listings', async () => {
    const source = new MemoryObjectStore();
    const cp = new MemoryObjectStore();
    for (const k of ['a', 'b', 'c']) await source.put(k, 'x');
    const batches: [number, string[]][] = [];
    const pauses: number[] = [];
    let idle = 0;
    await runMicroBatches({
      checkpoint: new CheckpointLog(cp),
      sourceStore: source,
      trigger: { kind: 'processingTime', intervalMs: 0 },
      maxFilesPerTrigger: 2,
      conf: {},
      runBatch: async (files, id) => {
        batches.push([id, files.map((f) => f.url.split('/').pop()!)]);
        return files.length;
      },
      onProgress: () => {},
      stopped: () => pauses.length >= 3,
      pause: async (ms) => {
        pauses.push(ms);
      },
      onIdle: () => {
        idle += 1;
      },
    });
    expect(batches).toEqual([
      [0, ['a', 'b']],
      [1, ['c']],
    ]);
    // Two triggers with data go again at once; the idle one waits the polling delay.
    expect(pauses).toEqual([0, 0, 10]);
    expect(idle).toBe(1);
  });
});
