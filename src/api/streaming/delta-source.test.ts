/**
 * A Delta table as a streaming source: spark.readStream.format('delta').load(path) and
 * spark.readStream.table(name), into foreachBatch and Delta sinks, with Delta's offsets in the checkpoint.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DELTA_CONFORMANCE_DIR } from '../../conformance/data-dirs.js';
import type { Row } from '../dataframe/dataframe.js';
import { col } from '../functions.js';
import { useLakeSession } from '../testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-delta-stream-');

const CONFORMANCE = DELTA_CONFORMANCE_DIR;

const pause = () => new Promise((r) => setTimeout(r, 15));

/** Appends rows as one commit (one data file). */
async function append(table: string, rows: [number, string][]): Promise<void> {
  await fx.spark
    .createDataFrame(rows, 'id int, name string')
    .write.format('delta')
    .mode('append')
    .save(table);
  await pause();
}

type Trigger = { once: true } | { availableNow: true };

/** Streams `src` into foreachBatch once; each batch's rows sorted by id. */
async function batchesOf(
  src: string,
  cp: string,
  trigger: Trigger,
  options: Record<string, string | number | boolean> = {},
) {
  const batches: { batchId: number; rows: Row[] }[] = [];
  const q = await fx.spark.readStream
    .format('delta')
    .options(options)
    .load(src)
    .writeStream.option('checkpointLocation', cp)
    .trigger(trigger)
    .foreachBatch(async (df, batchId) => {
      batches.push({ batchId, rows: await df.orderBy('id').collect() });
    })
    .start();
  await q.awaitTermination();
  return batches;
}

async function offsetOf(cp: string, batchId: number): Promise<unknown> {
  const lines = (await readFile(path.join(cp, `offsets/${batchId}`), 'utf8')).split('\n');
  expect(lines).toHaveLength(3);
  return JSON.parse(lines[2]!);
}

async function tableId(table: string): Promise<string> {
  const first = await readFile(path.join(table, '_delta_log/00000000000000000000.json'), 'utf8');
  const meta = first
    .split('\n')
    .filter((l) => l.includes('"metaData"'))
    .map((l) => JSON.parse(l) as { metaData: { id: string } })[0]!;
  return meta.metaData.id;
}

const r = (id: number, name: string) => ({ id, name });

describe('readStream of a Delta table', () => {
  it('reads the snapshot first, then only new commits; offsets are DeltaSourceOffsets', async () => {
    const src = path.join(fx.dir, 'basic/src');
    const cp = path.join(fx.dir, 'basic/cp');
    await append(src, [
      [1, 'a'],
      [2, 'b'],
    ]);
    expect(await batchesOf(src, cp, { once: true })).toEqual([{ batchId: 0, rows: [r(1, 'a'), r(2, 'b')] }]);
    const reservoirId = await tableId(src);
    // The last file of the snapshot at version 0 was taken: the offset moves to the start of version 1.
    expect(await offsetOf(cp, 0)).toEqual({
      sourceVersion: 1,
      reservoirId,
      reservoirVersion: 1,
      index: -1,
      isStartingVersion: false,
    });
    await append(src, [[3, 'c']]);
    await append(src, [[4, 'd']]);
    expect(await batchesOf(src, cp, { once: true })).toEqual([{ batchId: 1, rows: [r(3, 'c'), r(4, 'd')] }]);
    expect(await offsetOf(cp, 1)).toMatchObject({ reservoirVersion: 3, index: -1, isStartingVersion: false });
    expect(await batchesOf(src, cp, { once: true })).toEqual([]);
    expect((await readdir(path.join(cp, 'commits'))).sort()).toEqual(['0', '1']);
  });

  it('feeds a Delta sink, transformations applied per batch, new rows only on the next run', async () => {
    const src = path.join(fx.dir, 'sink/src');
    const out = path.join(fx.dir, 'sink/out');
    const cp = path.join(fx.dir, 'sink/cp');
    await append(src, [
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
    const run = async () => {
      const q = await fx.spark.readStream
        .format('delta')
        .load(src)
        .filter(col('id').gt(1))
        .withColumn('twice', col('id').multiply(2))
        .writeStream.format('delta')
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
    await append(src, [
      [4, 'd'],
      [0, 'z'],
    ]);
    const q2 = await run();
    expect(q2.lastProgress).toMatchObject({ batchId: 1, numInputRows: 2 });
    expect(await rows()).toEqual([
      { id: 2, name: 'b', twice: 4 },
      { id: 3, name: 'c', twice: 6 },
      { id: 4, name: 'd', twice: 8 },
    ]);
  });

  it('availableNow splits the initial snapshot by maxFilesPerTrigger; trigger once reads it whole', async () => {
    const src = path.join(fx.dir, 'avail/src');
    await append(src, [[1, 'a']]);
    await append(src, [[2, 'b']]);
    await append(src, [[3, 'c']]);
    const cp = path.join(fx.dir, 'avail/cp1');
    expect(await batchesOf(src, cp, { availableNow: true }, { maxFilesPerTrigger: 2 })).toEqual([
      { batchId: 0, rows: [r(1, 'a'), r(2, 'b')] },
      { batchId: 1, rows: [r(3, 'c')] },
    ]);
    // Two of the three files of the snapshot at version 2, then the last one.
    expect(await offsetOf(cp, 0)).toMatchObject({ reservoirVersion: 2, index: 1, isStartingVersion: true });
    expect(await offsetOf(cp, 1)).toMatchObject({ reservoirVersion: 3, index: -1, isStartingVersion: false });
    await append(src, [[4, 'd']]);
    await append(src, [[5, 'e']]);
    await append(src, [[6, 'f']]);
    expect(await batchesOf(src, cp, { availableNow: true }, { maxFilesPerTrigger: 2 })).toEqual([
      { batchId: 2, rows: [r(4, 'd'), r(5, 'e')] },
      { batchId: 3, rows: [r(6, 'f')] },
    ]);
    expect(
      await batchesOf(src, path.join(fx.dir, 'avail/cp2'), { once: true }, { maxFilesPerTrigger: 1 }),
    ).toEqual([{ batchId: 0, rows: [1, 2, 3, 4, 5, 6].map((i) => r(i, 'abcdef'[i - 1]!)) }]);
  });

  it('startingVersion reads the changes from that version on, without a snapshot', async () => {
    const src = path.join(fx.dir, 'starting/src');
    await append(src, [[1, 'a']]);
    await append(src, [[2, 'b']]);
    await append(src, [[3, 'c']]);
    const cp = path.join(fx.dir, 'starting/cp');
    expect(await batchesOf(src, cp, { once: true }, { startingVersion: 1 })).toEqual([
      { batchId: 0, rows: [r(2, 'b'), r(3, 'c')] },
    ]);
    expect(await offsetOf(cp, 0)).toMatchObject({ reservoirVersion: 3, index: -1, isStartingVersion: false });
    // 'latest': only commits made after the query started.
    const batches: Row[][] = [];
    const q = await fx.spark.readStream
      .format('delta')
      .option('startingVersion', 'latest')
      .load(src)
      .writeStream.option('checkpointLocation', path.join(fx.dir, 'starting/cp2'))
      .trigger({ processingTime: 0 })
      .foreachBatch(async (df) => {
        batches.push(await df.orderBy('id').collect());
      })
      .start();
    await q.processAllAvailable();
    expect(batches).toEqual([]);
    await append(src, [[4, 'd']]);
    await q.processAllAvailable();
    await q.stop();
    expect(batches).toEqual([[r(4, 'd')]]);
  });

  it('re-runs an uncommitted batch with the same files; a Delta sink gets it once', async () => {
    const src = path.join(fx.dir, 'crash/src');
    await append(src, [[1, 'a']]);
    await append(src, [[2, 'b']]);
    const cp = path.join(fx.dir, 'crash/cp');
    expect(await batchesOf(src, cp, { availableNow: true }, { maxFilesPerTrigger: 1 })).toEqual([
      { batchId: 0, rows: [r(1, 'a')] },
      { batchId: 1, rows: [r(2, 'b')] },
    ]);
    await rm(path.join(cp, 'commits/1'));
    await append(src, [[3, 'c']]);
    expect(await batchesOf(src, cp, { once: true })).toEqual([
      { batchId: 1, rows: [r(2, 'b')] },
      { batchId: 2, rows: [r(3, 'c')] },
    ]);

    const out = path.join(fx.dir, 'crash/out');
    const sinkCp = path.join(fx.dir, 'crash/sink-cp');
    const run = async () => {
      const q = await fx.spark.readStream
        .format('delta')
        .load(src)
        .writeStream.option('checkpointLocation', sinkCp)
        .trigger({ once: true })
        .start(out);
      await q.awaitTermination();
    };
    await run();
    // The sink's commit landed, then the process died before commits/0 was written.
    await rm(path.join(sinkCp, 'commits/0'));
    await run();
    const rows = async () =>
      (await fx.spark.sql(`SELECT id, name FROM delta.\`${out}\` ORDER BY id`)).collect();
    expect(await rows()).toEqual([r(1, 'a'), r(2, 'b'), r(3, 'c')]);
    const log = await readdir(path.join(out, '_delta_log'));
    expect(log.filter((f) => f.endsWith('.json'))).toEqual(['00000000000000000000.json']);
    await append(src, [[4, 'd']]);
    await run();
    expect(await rows()).toEqual([r(1, 'a'), r(2, 'b'), r(3, 'c'), r(4, 'd')]);
  });

  it("fails on an update or delete of the source with Delta's errors unless told to skip them", async () => {
    const src = path.join(fx.dir, 'changes/src');
    const cp = path.join(fx.dir, 'changes/cp');
    await append(src, [
      [1, 'a'],
      [2, 'b'],
    ]);
    await append(src, [[3, 'c']]);
    expect(await batchesOf(src, cp, { once: true })).toHaveLength(1);
    // Rewrites the file holding rows 1 and 2: a remove and an add.
    await fx.spark.sql(`DELETE FROM delta.\`${src}\` WHERE id = 1`);
    await expect(batchesOf(src, cp, { once: true })).rejects.toMatchObject({
      errorClass: 'DELTA_SOURCE_TABLE_IGNORE_CHANGES',
      sqlState: '0A000',
      message: expect.stringContaining('in the source table at version 2'),
    });
    await append(src, [[4, 'd']]);
    expect(await batchesOf(src, cp, { once: true }, { skipChangeCommits: true })).toEqual([
      { batchId: 1, rows: [r(4, 'd')] },
    ]);
    // Removes the whole file holding row 3, adding none.
    await fx.spark.sql(`DELETE FROM delta.\`${src}\` WHERE id = 3`);
    await append(src, [[5, 'e']]);
    await expect(batchesOf(src, cp, { once: true })).rejects.toMatchObject({
      errorClass: 'DELTA_SOURCE_IGNORE_DELETE',
    });
    expect(await batchesOf(src, cp, { once: true }, { ignoreDeletes: 'true' })).toEqual([
      { batchId: 2, rows: [r(5, 'e')] },
    ]);
  });

  it('a running query fails on a schema change of the source; a restart reads with the new schema', async () => {
    const src = path.join(fx.dir, 'schema/src');
    const cp = path.join(fx.dir, 'schema/cp');
    await append(src, [[1, 'a']]);
    const batches: Row[][] = [];
    const start = () =>
      fx.spark.readStream
        .format('delta')
        .load(src)
        .writeStream.option('checkpointLocation', cp)
        .trigger({ processingTime: 0 })
        .foreachBatch(async (df) => {
          batches.push(await df.orderBy('id').collect());
        })
        .start();
    const q = await start();
    await q.processAllAvailable();
    expect(batches).toEqual([[r(1, 'a')]]);
    await fx.spark.sql(`ALTER TABLE delta.\`${src}\` ADD COLUMNS (extra int)`);
    await expect(q.awaitTermination()).rejects.toMatchObject({
      errorClass: 'DELTA_SCHEMA_CHANGED_WITH_VERSION',
      sqlState: 'KD007',
      message: expect.stringContaining('Detected schema change in version 1'),
    });
    await fx.spark.sql(`INSERT INTO delta.\`${src}\` VALUES (2, 'b', 7)`);
    const again = await start();
    await again.processAllAvailable();
    await again.stop();
    expect(batches).toEqual([[r(1, 'a')], [{ id: 2, name: 'b', extra: 7 }]]);
  });

  it('readStream.table() streams a partitioned catalog table with its partition values', async () => {
    await fx.spark.sql('CREATE TABLE events (id INT, p STRING) USING delta PARTITIONED BY (p)');
    await fx.spark.sql("INSERT INTO events VALUES (1, 'x'), (2, 'y')");
    const cp = path.join(fx.dir, 'table/cp');
    const out = path.join(fx.dir, 'table/out');
    const run = async () => {
      const q = await fx.spark.readStream
        .table('events')
        .writeStream.option('checkpointLocation', cp)
        .trigger({ availableNow: true })
        .toTable('events_copy');
      await q.awaitTermination();
    };
    await run();
    const copy = async () => (await fx.spark.sql('SELECT id, p FROM events_copy ORDER BY id')).collect();
    expect(await copy()).toEqual([
      { id: 1, p: 'x' },
      { id: 2, p: 'y' },
    ]);
    await fx.spark.sql("INSERT INTO events VALUES (3, 'x')");
    await run();
    expect(await copy()).toEqual([
      { id: 1, p: 'x' },
      { id: 2, p: 'y' },
      { id: 3, p: 'x' },
    ]);
    expect(out).toBeTruthy();
  });

  it("refuses a user schema and bad option values with Delta's errors", async () => {
    expect(() =>
      fx.spark.readStream.schema('id int').format('delta').load(path.join(fx.dir, 'none')),
    ).toThrow(expect.objectContaining({ errorClass: 'DELTA_UNSUPPORTED_SCHEMA_DURING_READ' }));
    const src = path.join(fx.dir, 'options/src');
    await append(src, [[1, 'a']]);
    await expect(
      batchesOf(src, path.join(fx.dir, 'options/cp'), { once: true }, { maxFilesPerTrigger: 0 }),
    ).rejects.toMatchObject({ errorClass: 'DELTA_ILLEGAL_OPTION' });
    await expect(
      batchesOf(src, path.join(fx.dir, 'options/cp'), { once: true }, { startingVersion: 'first' }),
    ).rejects.toMatchObject({ errorClass: 'DELTA_ILLEGAL_OPTION' });
  });

  it('resolves dbfs:/ paths against the DBFS root', async () => {
    await append(path.join(fx.dir, 'dbfs/tables/events'), [[1, 'a']]);
    expect(await batchesOf('dbfs:/tables/events', path.join(fx.dir, 'dbfs-cp'), { once: true })).toEqual([
      { batchId: 0, rows: [r(1, 'a')] },
    ]);
  });

  it('reads deletion vectors, column mapping and partition values through the snapshot scan', async () => {
    const collectStream = async (
      table: string,
      cp: string,
      options: Record<string, string | number | boolean>,
    ) => {
      const batches: Row[][] = [];
      const q = await fx.spark.readStream
        .format('delta')
        .options(options)
        .load(table)
        .writeStream.option('checkpointLocation', path.join(fx.dir, cp))
        .trigger({ once: true })
        .foreachBatch(async (df) => {
          batches.push(await df.collect());
        })
        .start();
      await q.awaitTermination();
      return batches;
    };
    const sorted = (rows: readonly object[]) =>
      rows.map((x) => JSON.stringify(x, (_k, v) => (typeof v === 'bigint' ? `${v}` : v))).sort();
    // Written by Spark: 10 rows in one file (version 0), then a DELETE marking 2 of them in a deletion vector.
    const dv = path.join(CONFORMANCE, 'kernel-rs/table-with-dv-small/delta');
    const snapshot = await collectStream(dv, 'dv/cp1', {});
    expect(snapshot).toHaveLength(1);
    expect(sorted(snapshot[0]!)).toEqual(sorted([1, 2, 3, 4, 5, 6, 7, 8].map((value) => ({ value }))));
    // ignoreChanges streams the DELETE's re-add of the same file under its deletion vector: from version 0 the
    // batch holds that file twice, read by two scans.
    const changes = await collectStream(dv, 'dv/cp2', { startingVersion: 0, ignoreChanges: true });
    expect(sorted(changes[0]!)).toEqual(
      sorted([...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], ...[1, 2, 3, 4, 5, 6, 7, 8]].map((value) => ({ value }))),
    );
    // Column mapping, a partition column and deletion vectors: the initial snapshot equals a batch read.
    const cm = path.join(CONFORMANCE, 'golden/dv-with-columnmapping/delta');
    const streamed = await collectStream(cm, 'cm/cp', {});
    const read = await (await fx.spark.sql(`SELECT * FROM delta.\`${cm}\``)).collect();
    expect(read.length).toBeGreaterThan(0);
    expect(sorted(streamed.flat())).toEqual(sorted(read));
  });
});
