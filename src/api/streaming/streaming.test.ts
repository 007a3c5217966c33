/**
 * Structured Streaming's first slice: file sources read per micro-batch, the checkpoint in Spark's layout,
 * foreachBatch and Delta sinks, trigger once / availableNow, recovery of an uncommitted batch.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Row } from '../dataframe/dataframe.js';
import { col } from '../functions.js';
import { useLakeSession } from '../testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-streaming-');

async function csvFile(folder: string, name: string, body: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  const p = path.join(folder, name);
  await writeFile(p, body);
  return p;
}

/** Runs a foreachBatch query once over `src`, returning each batch's rows (sorted by id). */
async function collectBatches(
  src: string,
  checkpoint: string,
  trigger: { once: true } | { availableNow: true },
) {
  const batches: { batchId: number; rows: Row[] }[] = [];
  const q = await fx.spark.readStream
    .schema('id int, name string')
    .option('header', true)
    .option('maxFilesPerTrigger', 1)
    .csv(src)
    .writeStream.option('checkpointLocation', checkpoint)
    .trigger(trigger)
    .foreachBatch(async (df, batchId) => {
      batches.push({ batchId, rows: await df.orderBy('id').collect() });
    })
    .start();
  await q.awaitTermination();
  return { q, batches };
}

describe('readStream / writeStream', () => {
  it('writes the checkpoint in Spark layout: metadata, offsets, commits, sources/0', async () => {
    const src = path.join(fx.dir, 'layout/src');
    const cp = path.join(fx.dir, 'layout/cp');
    const a = await csvFile(src, 'a.csv', 'id,name\n1,x\n2,y\n');
    await csvFile(src, '_SUCCESS', '');
    await csvFile(src, '.hidden.csv', 'id,name\n9,z\n');
    const { q, batches } = await collectBatches(src, cp, { once: true });
    expect(batches).toEqual([
      {
        batchId: 0,
        rows: [
          { id: 1, name: 'x' },
          { id: 2, name: 'y' },
        ],
      },
    ]);
    expect((await readdir(cp)).sort()).toEqual(['commits', 'metadata', 'offsets', 'sources', 'status.json']);
    expect(JSON.parse(await readFile(path.join(cp, 'metadata'), 'utf8'))).toEqual({ id: q.id });
    const offsets = (await readFile(path.join(cp, 'offsets/0'), 'utf8')).split('\n');
    expect(offsets).toHaveLength(3);
    expect(offsets[0]).toBe('v1');
    expect(JSON.parse(offsets[1]!)).toMatchObject({ batchWatermarkMs: 0 });
    expect(JSON.parse(offsets[2]!)).toEqual({ logOffset: 0 });
    expect(await readFile(path.join(cp, 'commits/0'), 'utf8')).toBe('v1\n{"nextBatchWatermarkMs":0}');
    const log = (await readFile(path.join(cp, 'sources/0/0'), 'utf8')).split('\n');
    expect(log[0]).toBe('v1');
    expect(log.slice(1).map((l) => JSON.parse(l))).toEqual([
      { path: `file://${a}`, timestamp: expect.any(Number), batchId: 0 },
    ]);
    expect(q.lastProgress).toMatchObject({ id: q.id, runId: q.runId, batchId: 0, numInputRows: 2 });
  });

  it('availableNow honours maxFilesPerTrigger; trigger once takes every new file in one batch', async () => {
    const src = path.join(fx.dir, 'avail/src');
    await csvFile(src, 'a.csv', 'id,name\n1,a\n');
    await new Promise((r) => setTimeout(r, 20));
    await csvFile(src, 'b.csv', 'id,name\n2,b\n');
    const now = await collectBatches(src, path.join(fx.dir, 'avail/cp1'), { availableNow: true });
    expect(now.batches).toEqual([
      { batchId: 0, rows: [{ id: 1, name: 'a' }] },
      { batchId: 1, rows: [{ id: 2, name: 'b' }] },
    ]);
    const once = await collectBatches(src, path.join(fx.dir, 'avail/cp2'), { once: true });
    expect(once.batches).toEqual([
      {
        batchId: 0,
        rows: [
          { id: 1, name: 'a' },
          { id: 2, name: 'b' },
        ],
      },
    ]);
  });

  it('transformations apply per batch; a Delta sink via start(path) appends one commit per batch', async () => {
    const src = path.join(fx.dir, 'sink/src');
    const out = path.join(fx.dir, 'sink/out');
    const cp = path.join(fx.dir, 'sink/cp');
    await csvFile(src, 'a.csv', 'id,name\n1,a\n2,b\n3,c\n');
    const run = async () => {
      const stream = fx.spark.readStream
        .format('csv')
        .option('header', 'true')
        .schema('id int, name string')
        .load(src);
      const q = await stream
        .filter(col('id').gt(1))
        .withColumn('twice', col('id').multiply(2))
        .writeStream.format('delta')
        .outputMode('append')
        .option('checkpointLocation', cp)
        .trigger({ once: true })
        .start(out);
      await q.awaitTermination();
      return q;
    };
    await run();
    const rows = async () => (await fx.spark.sql(`SELECT * FROM delta.\`${out}\` ORDER BY id`)).collect();
    expect(await rows()).toEqual([
      { id: 2, name: 'b', twice: 4 },
      { id: 3, name: 'c', twice: 6 },
    ]);
    await csvFile(src, 'b.csv', 'id,name\n4,d\n0,z\n');
    const q2 = await run();
    expect(q2.lastProgress).toMatchObject({ batchId: 1, numInputRows: 2 });
    expect(await rows()).toEqual([
      { id: 2, name: 'b', twice: 4 },
      { id: 3, name: 'c', twice: 6 },
      { id: 4, name: 'd', twice: 8 },
    ]);
    const history = await (await fx.spark.sql(`DESCRIBE HISTORY delta.\`${out}\``)).collect();
    expect(history.map((h) => h.version)).toEqual([1n, 0n]);
  });

  it('the Delta sink appends a batch re-run after a crash before its checkpoint commit only once', async () => {
    const src = path.join(fx.dir, 'idempotent/src');
    const out = path.join(fx.dir, 'idempotent/out');
    const cp = path.join(fx.dir, 'idempotent/cp');
    await csvFile(src, 'a.csv', 'id,name\n1,a\n2,b\n');
    const run = async () => {
      const q = await fx.spark.readStream
        .schema('id int, name string')
        .option('header', 'true')
        .csv(src)
        .writeStream.option('checkpointLocation', cp)
        .trigger({ once: true })
        .start(out);
      await q.awaitTermination();
    };
    await run();
    // The table commit landed, then the process died before commits/0 was written.
    await rm(path.join(cp, 'commits/0'));
    await run();
    const rows = await (await fx.spark.sql(`SELECT id, name FROM delta.\`${out}\` ORDER BY id`)).collect();
    expect(rows).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
    const log = await readdir(path.join(out, '_delta_log'));
    expect(log.filter((f) => f.endsWith('.json'))).toEqual(['00000000000000000000.json']);
    const queryId = (JSON.parse(await readFile(path.join(cp, 'metadata'), 'utf8')) as { id: string }).id;
    const commit = await readFile(path.join(out, '_delta_log/00000000000000000000.json'), 'utf8');
    expect(commit).toContain(`{"txn":{"appId":"${queryId}","version":0,`);
  });

  it("a file source without a schema fails with Spark's error", async () => {
    expect(() => fx.spark.readStream.format('orc').load(path.join(fx.dir, 'none'))).toThrow(
      expect.objectContaining({ errorClass: '_LEGACY_ERROR_TEMP_2048' }),
    );
    expect(fx.spark.readStream.text(path.join(fx.dir, 'none')).isStreaming).toBe(true);
  });

  it('re-runs a batch whose offsets were written but whose commit is missing, with the same files and id', async () => {
    const src = path.join(fx.dir, 'recover/src');
    const cp = path.join(fx.dir, 'recover/cp');
    await csvFile(src, 'a.csv', 'id,name\n1,a\n');
    await collectBatches(src, cp, { once: true });
    // A crash after batch 1 was planned (file log and offsets written) but before its commit.
    const b = await csvFile(src, 'b.csv', 'id,name\n2,b\n');
    await writeFile(
      path.join(cp, 'sources/0/1'),
      `v1\n${JSON.stringify({ path: `file://${b}`, timestamp: Date.now(), batchId: 1 })}`,
    );
    await writeFile(
      path.join(cp, 'offsets/1'),
      'v1\n{"batchWatermarkMs":0,"batchTimestampMs":0,"conf":{}}\n{"logOffset":1}',
    );
    await new Promise((r) => setTimeout(r, 20));
    await csvFile(src, 'c.csv', 'id,name\n3,c\n');
    const { batches } = await collectBatches(src, cp, { once: true });
    expect(batches).toEqual([
      { batchId: 1, rows: [{ id: 2, name: 'b' }] },
      { batchId: 2, rows: [{ id: 3, name: 'c' }] },
    ]);
    expect((await readdir(path.join(cp, 'commits'))).sort()).toEqual(['0', '1', '2']);
    // Every file was processed once: a further run has nothing to do.
    expect((await collectBatches(src, cp, { once: true })).batches).toEqual([]);
  });

  it('a processingTime trigger runs a batch per interval as files arrive, until stopped', async () => {
    const src = path.join(fx.dir, 'continuous/src');
    const cp = path.join(fx.dir, 'continuous/cp');
    await csvFile(src, 'a.csv', 'id,name\n1,a\n');
    const batches: [number, Row[]][] = [];
    const q = await fx.spark.readStream
      .schema('id int, name string')
      .option('header', 'true')
      .csv(src)
      .writeStream.option('checkpointLocation', cp)
      .trigger({ processingTime: '50 milliseconds' })
      .foreachBatch(async (df, batchId) => {
        batches.push([batchId, await df.orderBy('id').collect()]);
      })
      .start();
    await q.processAllAvailable();
    expect(batches).toEqual([[0, [{ id: 1, name: 'a' }]]]);
    await csvFile(src, 'b.csv', 'id,name\n2,b\n3,c\n');
    await q.processAllAvailable();
    expect(batches).toEqual([
      [0, [{ id: 1, name: 'a' }]],
      [
        1,
        [
          { id: 2, name: 'b' },
          { id: 3, name: 'c' },
        ],
      ],
    ]);
    expect(q.isActive).toBe(true);
    expect(await q.awaitTermination(0.05)).toBe(false);
    await q.stop();
    expect(q.isActive).toBe(false);
    expect(await q.awaitTermination(0.05)).toBe(true);
    expect((await readdir(path.join(cp, 'commits'))).sort()).toEqual(['0', '1']);
  });

  it('refuses a bad trigger interval and writeStream on a batch DataFrame clearly', async () => {
    const src = path.join(fx.dir, 'refuse/src');
    await csvFile(src, 'a.csv', 'id,name\n1,a\n');
    const stream = fx.spark.readStream.schema('id int, name string').csv(src);
    await expect(
      stream.writeStream
        .option('checkpointLocation', path.join(fx.dir, 'refuse/cp'))
        .trigger({ processingTime: '10 parsecs' })
        .foreachBatch(() => {})
        .start(),
    ).rejects.toMatchObject({ errorClass: 'INVALID_INTERVAL_FORMAT.INVALID_UNIT' });
    const batch = await fx.spark.read.schema('id int, name string').csv(src);
    expect(batch.isStreaming).toBe(false);
    expect(() => batch.writeStream).toThrow(expect.objectContaining({ errorClass: 'UNSUPPORTED_FEATURE' }));
  });
});
