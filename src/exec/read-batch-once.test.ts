/**
 * A batch is read once: the source's files are read into one scratch table that numInputRows counts and
 * every reader of the batch (a foreachBatch that reads the DataFrame twice, the Delta sink) reads after.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { col } from '../api/functions.js';
import { useLakeSession } from '../api/testing/lake-session-fixture.js';
import { LocalObjectStore } from '../storage/local-store.js';

const fx = useLakeSession('lakesql-read-batch-once-');

/** Counts LocalObjectStore reads of keys ending `.json` in folder `src` (the JSON reader gets each file). */
function countSourceReads(src: string): Map<string, number> {
  const reads = new Map<string, number>();
  const get = LocalObjectStore.prototype.get;
  vi.spyOn(LocalObjectStore.prototype, 'get').mockImplementation(async function (
    this: LocalObjectStore,
    key,
  ) {
    const file = this.localPath(key);
    if (file.startsWith(`${src}${path.sep}`))
      reads.set(path.basename(file), (reads.get(path.basename(file)) ?? 0) + 1);
    return get.call(this, key);
  });
  return reads;
}

async function jsonFiles(src: string, files: Record<string, readonly number[]>): Promise<void> {
  await mkdir(src, { recursive: true });
  for (const [name, ids] of Object.entries(files)) {
    await writeFile(path.join(src, name), ids.map((id) => `{"id":${id},"k":"k${id % 2}"}\n`).join(''));
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a micro-batch is read once', () => {
  it('a foreachBatch that reads its DataFrame twice reads each file once; numInputRows counts the source', async () => {
    const src = path.join(fx.dir, 'twice/src');
    await jsonFiles(src, { 'a.json': [1, 2, 3], 'b.json': [4, 5] });
    const reads = countSourceReads(src);
    const seen: [number, number, number][] = [];
    const q = await fx.spark.readStream
      .schema('id bigint, k string')
      .json(src)
      .filter(col('id').gt(1))
      .writeStream.option('checkpointLocation', path.join(fx.dir, 'twice/cp'))
      .trigger({ availableNow: true })
      .foreachBatch(async (df, batchId) => {
        seen.push([batchId, await df.count(), (await df.collect()).length]);
      })
      .start();
    await q.awaitTermination();
    expect(seen).toEqual([[0, 4, 4]]);
    expect(q.recentProgress.map((p) => [p.batchId, p.numInputRows])).toEqual([[0, 5]]);
    expect(Object.fromEntries(reads)).toEqual({ 'a.json': 1, 'b.json': 1 });
  });

  it('the Delta sink appends from the batch read once, one file read per batch', async () => {
    const src = path.join(fx.dir, 'delta/src');
    const target = path.join(fx.dir, 'delta/t');
    await jsonFiles(src, { 'a.json': [1, 2], 'b.json': [3] });
    const reads = countSourceReads(src);
    const q = await fx.spark.readStream
      .schema('id bigint, k string')
      .option('maxFilesPerTrigger', 1)
      .json(src)
      .writeStream.format('delta')
      .option('checkpointLocation', path.join(fx.dir, 'delta/cp'))
      .trigger({ availableNow: true })
      .start(target);
    await q.awaitTermination();
    expect(q.recentProgress.map((p) => [p.batchId, p.numInputRows])).toEqual([
      [0, 2],
      [1, 1],
    ]);
    expect(Object.fromEntries(reads)).toEqual({ 'a.json': 1, 'b.json': 1 });
    const rows = await (await fx.spark.read.format('delta').load(target)).orderBy('id').collect();
    expect(rows.map((r) => r.id)).toEqual([1n, 2n, 3n]);
  });
});
