/** Streaming aggregations in complete, update and append mode, with state kept across batches. */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { avg, col, count, max, min, sum, window } from '../../api/functions.js';
import { useLakeSession } from '../../api/testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-stateful-agg-');

/** One CSV file per batch (k, ts, v), read with maxFilesPerTrigger 1. */
async function eventStream(name: string, files: readonly string[]) {
  const src = path.join(fx.dir, name);
  await mkdir(src, { recursive: true });
  for (const [i, rows] of files.entries()) await writeFile(path.join(src, `${i}.csv`), `k,ts,v\n${rows}`);
  return fx.spark.readStream
    .schema('k string, ts timestamp, v int')
    .option('header', true)
    .option('maxFilesPerTrigger', 1)
    .csv(src);
}

async function runToEnd(w: import('../../api/streaming/data-stream-writer.js').DataStreamWriter) {
  const q = await w.trigger({ availableNow: true }).start();
  await q.awaitTermination();
  return q;
}

describe('streaming aggregation', () => {
  it('complete mode emits the whole merged result each batch', async () => {
    const df = await eventStream('complete', [
      'a,2026-01-01 10:00:00,1\nb,2026-01-01 10:01:00,2\n',
      'a,2026-01-01 10:02:00,3\n',
    ]);
    const agg = df
      .groupBy('k')
      .agg(count('*').alias('n'), sum('v').alias('s'), avg('v').alias('m'), min('v'), max('v'));
    const batches: unknown[][] = [];
    const q = await runToEnd(
      agg.writeStream
        .outputMode('complete')
        .option('checkpointLocation', path.join(fx.dir, 'complete-cp'))
        .foreachBatch(async (b) => {
          batches.push(await b.orderBy('k').collect());
        }),
    );
    expect(batches).toEqual([
      [
        { k: 'a', n: 1n, s: 1n, m: 1, 'min(v)': 1, 'max(v)': 1 },
        { k: 'b', n: 1n, s: 2n, m: 2, 'min(v)': 2, 'max(v)': 2 },
      ],
      [
        { k: 'a', n: 2n, s: 4n, m: 2, 'min(v)': 1, 'max(v)': 3 },
        { k: 'b', n: 1n, s: 2n, m: 2, 'min(v)': 2, 'max(v)': 2 },
      ],
    ]);
    expect(q.lastProgress?.stateOperators).toMatchObject([
      { operatorName: 'stateStoreSave', numRowsTotal: 2, numRowsUpdated: 1, numRowsDroppedByWatermark: 0 },
    ]);
  });

  it('update mode emits only the keys a batch changed', async () => {
    const df = await eventStream('update', [
      'a,2026-01-01 10:00:00,1\nb,2026-01-01 10:01:00,2\n',
      'a,2026-01-01 10:02:00,3\n',
    ]);
    const batches: unknown[][] = [];
    await runToEnd(
      df
        .groupBy('k')
        .agg(sum('v').alias('s'))
        .writeStream.outputMode('update')
        .option('checkpointLocation', path.join(fx.dir, 'update-cp'))
        .foreachBatch(async (b) => {
          batches.push(await b.orderBy('k').collect());
        }),
    );
    expect(batches).toEqual([
      [
        { k: 'a', s: 1n },
        { k: 'b', s: 2n },
      ],
      [{ k: 'a', s: 4n }],
    ]);
  });

  it('a global aggregation keeps one row', async () => {
    const df = await eventStream('global', ['a,2026-01-01 10:00:00,1\n', 'b,2026-01-01 10:01:00,5\n']);
    const q = await runToEnd(
      df
        .agg(count('*').alias('n'), avg('v').alias('m'))
        .writeStream.format('memory')
        .queryName('global_out')
        .outputMode('complete')
        .option('checkpointLocation', path.join(fx.dir, 'global-cp')),
    );
    expect(q.lastProgress?.batchId).toBe(1);
    expect(await (await fx.spark.table('global_out')).collect()).toEqual([{ n: 2n, m: 3 }]);
  });
});

/** Windows of 10 minutes, watermark 10 minutes; the files make batches 0 to 3 (see each comment). */
const WINDOW_FILES = [
  // Batch 0 runs with watermark 0; max event time 10:12, so the next watermark is 10:02.
  'a,2026-01-01 10:00:00,1\na,2026-01-01 10:05:00,1\nb,2026-01-01 10:12:00,1\n',
  // Batch 1 (watermark 10:02): max 10:25, next watermark 10:15.
  'a,2026-01-01 10:25:00,1\n',
  // Batch 2 (watermark 10:15): the row at 10:03 is late (its window ends 10:10); a[10:00] closes.
  'a,2026-01-01 10:03:00,1\na,2026-01-01 10:40:00,1\n',
];

function windowed(df: Awaited<ReturnType<typeof eventStream>>) {
  return df
    .withWatermark('ts', '10 minutes')
    .groupBy(window(col('ts'), '10 minutes'), col('k'))
    .agg(count('*').alias('n'));
}

type Emitted = { batchId: number; start: string; k: string; n: bigint };

function collectWindows(rows: Emitted[]) {
  return (b: import('../../api/dataframe/dataframe.js').DataFrame, batchId: number) =>
    b
      .select(col('window.start').cast('string').alias('start'), col('k'), col('n'))
      .orderBy('start')
      .collect()
      .then((got) => {
        for (const r of got) rows.push({ batchId, ...(r as unknown as Omit<Emitted, 'batchId'>) });
      });
}

describe('windowed aggregation with a watermark', () => {
  it('append mode emits each window once the watermark passes its end, in a no-data batch too', async () => {
    const df = await eventStream('append', WINDOW_FILES);
    const rows: Emitted[] = [];
    const q = await runToEnd(
      windowed(df)
        .writeStream.outputMode('append')
        .option('checkpointLocation', path.join(fx.dir, 'append-cp'))
        .foreachBatch(collectWindows(rows)),
    );
    expect(rows).toEqual([
      { batchId: 2, start: '2026-01-01 10:00:00', k: 'a', n: 1n + 1n },
      // Batch 3 has no new data: it runs because the watermark moved to 10:30.
      { batchId: 3, start: '2026-01-01 10:10:00', k: 'b', n: 1n },
      { batchId: 3, start: '2026-01-01 10:20:00', k: 'a', n: 1n },
    ]);
    const progress = q.recentProgress;
    expect(progress.map((p) => p.eventTime?.watermark)).toEqual([
      '1970-01-01T00:00:00.000Z',
      '2026-01-01T10:02:00.000Z',
      '2026-01-01T10:15:00.000Z',
      '2026-01-01T10:30:00.000Z',
    ]);
    expect(progress[0]!.eventTime).toEqual({
      avg: '2026-01-01T10:05:40.000Z',
      max: '2026-01-01T10:12:00.000Z',
      min: '2026-01-01T10:00:00.000Z',
      watermark: '1970-01-01T00:00:00.000Z',
    });
    expect(progress[2]!.stateOperators[0]).toMatchObject({
      operatorName: 'stateStoreSave',
      numRowsDroppedByWatermark: 1,
      numRowsRemoved: 1,
      numRowsTotal: 3,
    });
    expect(progress[3]!.numInputRows).toBe(0);
    expect(progress[3]!.stateOperators[0]).toMatchObject({ numRowsTotal: 1, numRowsRemoved: 2 });
  });

  it('a restart after a batch whose commit is missing emits what an uninterrupted run emits', async () => {
    const straight: Emitted[] = [];
    const df = await eventStream('restart-straight', WINDOW_FILES);
    await runToEnd(
      windowed(df)
        .writeStream.outputMode('append')
        .option('checkpointLocation', path.join(fx.dir, 'restart-straight-cp'))
        .foreachBatch(collectWindows(straight)),
    );
    // The same files, the last one arriving after a crash that lost the last commit file.
    const src = path.join(fx.dir, 'restart-crash');
    const crashed = await eventStream('restart-crash', WINDOW_FILES.slice(0, 2));
    const cp = path.join(fx.dir, 'restart-crash-cp');
    const first: Emitted[] = [];
    const q1 = await runToEnd(
      windowed(crashed)
        .writeStream.outputMode('append')
        .option('checkpointLocation', cp)
        .foreachBatch(collectWindows(first)),
    );
    const last = q1.lastProgress!.batchId;
    await rm(path.join(cp, 'commits', String(last)));
    await writeFile(path.join(src, '2.csv'), `k,ts,v\n${WINDOW_FILES[2]}`);
    const second: Emitted[] = [];
    await runToEnd(
      windowed(crashed)
        .writeStream.outputMode('append')
        .option('checkpointLocation', cp)
        .foreachBatch(collectWindows(second)),
    );
    // The re-run batch replaces what its first run emitted (as an idempotent sink keeps it).
    const rerun = new Set(second.map((r) => r.batchId));
    const emitted = [...first.filter((r) => !rerun.has(r.batchId)), ...second];
    const key = (r: Emitted) => `${r.start} ${r.k} ${r.n}`;
    expect(emitted.map(key).sort()).toEqual(straight.map(key).sort());
    expect(second[0]?.batchId).toBe(last);
  });
});
