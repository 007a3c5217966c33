/**
 * File sinks: each batch's files committed in `<out>/_spark_metadata/<batchId>` (Spark's FileStreamSinkLog),
 * compacted every spark.sql.streaming.fileSink.log.compactInterval batches, skipped on a re-run, and batch
 * reads of the folder that see only the files the log lists.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useLakeSession } from '../../api/testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-file-sink-');

async function csvFile(folder: string, name: string, body: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, name), body);
  // Distinct modification times keep the source's file order (and so the batches) fixed.
  await new Promise((r) => setTimeout(r, 15));
}

/** An availableNow query, one file a batch, from the csv folder `src` to a `format` sink at `out`. */
async function runSink(src: string, out: string, cp: string, format: string, partitionBy: string[] = []) {
  const q = await fx.spark.readStream
    .schema('id int, k string')
    .option('header', true)
    .option('maxFilesPerTrigger', 1)
    .csv(src)
    .writeStream.format(format)
    .partitionBy(...partitionBy)
    .option('path', out)
    .option('checkpointLocation', cp)
    .trigger({ availableNow: true })
    .start();
  await q.awaitTermination();
  return q;
}

const logLines = async (out: string, name: string) =>
  (await readFile(path.join(out, '_spark_metadata', name), 'utf8')).split('\n');

const sortedIds = (rows: readonly Record<string, unknown>[]) => rows.map((r) => r.id).sort();

describe('file sinks', () => {
  it('commits each batch in _spark_metadata in Spark format; readers list only committed files', async () => {
    const src = path.join(fx.dir, 'parquet/src');
    const out = path.join(fx.dir, 'parquet/out');
    await csvFile(src, 'a.csv', 'id,k\n1,x\n2,y\n');
    await csvFile(src, 'b.csv', 'id,k\n3,x\n');
    const q = await runSink(src, out, path.join(fx.dir, 'parquet/cp'), 'parquet');
    expect(q.recentProgress.map((p) => [p.batchId, p.numInputRows])).toEqual([
      [0, 2],
      [1, 1],
    ]);
    // FileStreamSink.toString, with the path as given to start().
    expect(q.lastProgress?.sink.description).toBe(`FileSink[${out}]`);
    expect((await readdir(path.join(out, '_spark_metadata'))).sort()).toEqual(['0', '1']);
    const dataFiles = (await readdir(out)).filter((n) => n.endsWith('.parquet')).sort();
    expect(dataFiles).toHaveLength(2);
    expect(await readdir(out)).not.toContain('_SUCCESS');
    const [version, entry, ...rest] = await logLines(out, '0');
    expect(version).toBe('v1');
    expect(rest).toEqual([]);
    const status = JSON.parse(entry!);
    expect(Object.keys(status)).toEqual([
      'path',
      'size',
      'isDir',
      'modificationTime',
      'blockReplication',
      'blockSize',
      'action',
    ]);
    expect(status).toMatchObject({ isDir: false, blockReplication: 1, blockSize: 33554432, action: 'add' });
    expect(status.path).toMatch(new RegExp(`^file:${out}/part-00000-.*\\.snappy\\.parquet$`));
    // A file a crashed batch left behind is in the folder but not in the log: readers do not see it.
    await writeFile(
      path.join(out, 'part-99999-crashed.parquet'),
      await readFile(path.join(out, dataFiles[0]!)),
    );
    expect(sortedIds(await (await fx.spark.read.parquet(out)).collect())).toEqual([1, 2, 3]);
    const viaSql = await (await fx.spark.sql(`SELECT id, k FROM parquet.\`${out}\` ORDER BY id`)).collect();
    expect(viaSql).toEqual([
      { id: 1, k: 'x' },
      { id: 2, k: 'y' },
      { id: 3, k: 'x' },
    ]);
    // A glob is not the sink's folder: Spark lists it, crashed file included.
    const copied = await (await fx.spark.read.parquet(path.join(out, dataFiles[0]!))).count();
    expect(await (await fx.spark.read.parquet(`${out}/*.parquet`)).count()).toBe(3 + copied);
  });

  it('skips a batch the log already holds when it re-runs after a crash before the checkpoint commit', async () => {
    const src = path.join(fx.dir, 'rerun/src');
    const out = path.join(fx.dir, 'rerun/out');
    const cp = path.join(fx.dir, 'rerun/cp');
    await csvFile(src, 'a.csv', 'id,k\n1,x\n');
    await csvFile(src, 'b.csv', 'id,k\n2,y\n');
    await runSink(src, out, cp, 'json');
    const before = (await readdir(out)).sort();
    await rm(path.join(cp, 'commits/1'));
    const q = await runSink(src, out, cp, 'json');
    expect(q.recentProgress.map((p) => [p.batchId, p.numInputRows])).toEqual([[1, 0]]);
    expect((await readdir(out)).sort()).toEqual(before);
    await csvFile(src, 'c.csv', 'id,k\n3,z\n');
    await runSink(src, out, cp, 'json');
    expect((await readdir(path.join(out, '_spark_metadata'))).sort()).toEqual(['0', '1', '2']);
    expect(sortedIds(await (await fx.spark.read.json(out)).collect())).toEqual([1n, 2n, 3n]);
  });

  it('compacts the log every compactInterval batches; readers start from the latest compact file', async () => {
    const src = path.join(fx.dir, 'compact/src');
    const out = path.join(fx.dir, 'compact/out');
    for (const id of [1, 2, 3]) await csvFile(src, `${id}.csv`, `id,k\n${id},x\n`);
    await fx.spark.sql('SET spark.sql.streaming.fileSink.log.compactInterval = 2');
    try {
      await runSink(src, out, path.join(fx.dir, 'compact/cp'), 'csv');
    } finally {
      await fx.spark.sql('RESET spark.sql.streaming.fileSink.log.compactInterval');
    }
    expect((await readdir(path.join(out, '_spark_metadata'))).sort()).toEqual(['0', '1.compact', '2']);
    expect(await logLines(out, '1.compact')).toHaveLength(3);
    // Spark deletes the batch files a compaction covers after a delay; readers never need them.
    await rm(path.join(out, '_spark_metadata/0'));
    const rows = await (await fx.spark.read.schema('id int, k string').csv(out)).collect();
    expect(sortedIds(rows)).toEqual([1, 2, 3]);
  });

  it('partitionBy writes partition folders that the log lists and readers discover', async () => {
    const src = path.join(fx.dir, 'parts/src');
    const out = path.join(fx.dir, 'parts/out');
    await csvFile(src, 'a.csv', 'id,k\n1,x\n2,y\n3,x\n');
    await runSink(src, out, path.join(fx.dir, 'parts/cp'), 'orc', ['k']);
    expect((await readdir(out)).sort()).toEqual(['_spark_metadata', 'k=x', 'k=y']);
    const [, ...entries] = await logLines(out, '0');
    expect(entries.map((e) => JSON.parse(e).path.replace(/part-.*$/, ''))).toEqual([
      `file:${out}/k=x/`,
      `file:${out}/k=y/`,
    ]);
    const rows = await (await fx.spark.read.orc(out)).orderBy('id').collect();
    expect(rows).toEqual([
      { id: 1, k: 'x' },
      { id: 2, k: 'y' },
      { id: 3, k: 'x' },
    ]);
  });

  it('refuses partitionBy on sinks without a folder layout, and a file sink without a path', async () => {
    const stream = fx.spark.readStream.schema('id int').csv(path.join(fx.dir, 'none'));
    const cp = path.join(fx.dir, 'refuse/cp');
    await expect(
      stream.writeStream
        .partitionBy('id')
        .option('checkpointLocation', cp)
        .foreachBatch(() => {})
        .start(),
    ).rejects.toMatchObject({
      errorClass: '_LEGACY_ERROR_TEMP_1197',
      messageParameters: { operation: 'foreachBatch' },
    });
    await expect(
      stream.writeStream.format('parquet').option('checkpointLocation', cp).start(),
    ).rejects.toMatchObject({ errorClass: 'UNSUPPORTED_FEATURE' });
  });
});
