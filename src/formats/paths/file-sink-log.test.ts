/** Spark's FileStreamSinkLog on a memory store: batch files, compaction, a derived interval, races. */
import { describe, expect, it } from 'vitest';
import { MemoryObjectStore } from '../../storage/memory-store.js';
import { addedFile, derivedInterval, FileSinkLog } from './file-sink-log.js';

const text = async (store: MemoryObjectStore, key: string) => new TextDecoder().decode(await store.get(key));

describe('FileSinkLog', () => {
  it('writes v1 and one line per file, compacts every interval, and lists from the latest compact file', async () => {
    const store = new MemoryObjectStore();
    const log = new FileSinkLog(store, 3);
    for (let b = 0; b < 5; b++) await log.add(b, [addedFile(`memory://m/f${b}`, 10 + b, 1000 + b)]);
    expect((await store.list('_spark_metadata/')).map((m) => m.path)).toEqual([
      '_spark_metadata/0',
      '_spark_metadata/1',
      '_spark_metadata/2.compact',
      '_spark_metadata/3',
      '_spark_metadata/4',
    ]);
    expect(await text(store, '_spark_metadata/0')).toBe(
      'v1\n{"path":"memory://m/f0","size":10,"isDir":false,"modificationTime":1000,"blockReplication":1,"blockSize":33554432,"action":"add"}',
    );
    expect((await text(store, '_spark_metadata/2.compact')).split('\n')).toHaveLength(4);
    await store.delete('_spark_metadata/0');
    expect((await log.allFiles()).map((f) => f.path)).toEqual([0, 1, 2, 3, 4].map((b) => `memory://m/f${b}`));
    expect(await log.latestBatchId()).toBe(4);
  });

  it('leaves out files whose latest action is delete', async () => {
    const store = new MemoryObjectStore();
    const log = new FileSinkLog(store);
    await log.add(0, [addedFile('memory://m/a', 1, 1), addedFile('memory://m/b', 1, 1)]);
    await log.add(1, [{ ...addedFile('memory://m/a', 1, 1), action: 'delete' }]);
    expect((await log.allFiles()).map((f) => f.path)).toEqual(['memory://m/b']);
  });

  it('keeps the interval existing compact files imply (deriveCompactInterval)', async () => {
    expect(derivedInterval(10, 4)).toBe(5);
    expect(derivedInterval(3, 9)).toBe(5);
    expect(derivedInterval(4, 6)).toBe(7);
    const store = new MemoryObjectStore();
    await new FileSinkLog(store, 2).add(0, []);
    await new FileSinkLog(store, 2).add(1, []);
    const later = new FileSinkLog(store, 10);
    await later.add(2, []);
    await later.add(3, []);
    expect((await store.list('_spark_metadata/')).map((m) => m.path).at(-1)).toBe(
      '_spark_metadata/3.compact',
    );
  });

  it('fails with CONCURRENT_STREAM_LOG_UPDATE when the batch is already logged, and on a bad version', async () => {
    const store = new MemoryObjectStore();
    const log = new FileSinkLog(store);
    await log.add(0, []);
    await expect(log.add(0, [])).rejects.toMatchObject({
      errorClass: 'CONCURRENT_STREAM_LOG_UPDATE',
      messageParameters: { batchId: '0' },
    });
    await store.put('_spark_metadata/1', 'v2\n');
    await expect(log.allFiles()).rejects.toMatchObject({
      errorClass: 'INVALID_LOG_VERSION.EXACT_MATCH_VERSION',
    });
    expect(() => new FileSinkLog(store, 0)).toThrow(/compact interval must be a positive value/);
  });
});
