/** Streaming aggregations grouped by session_window: sessions merge across batches, state survives a restart. */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DataFrame } from '../../api/dataframe/dataframe.js';
import { col, count, session_window } from '../../api/functions.js';
import type { DataStreamWriter } from '../../api/streaming/data-stream-writer.js';
import { useLakeSession } from '../../api/testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-session-window-stream-');

/** Gap 5 minutes, watermark 10 minutes; one file per batch (see each comment). */
const FILES = [
  // Batch 0 (watermark 0): a [10:00, 10:08), b [10:01, 10:06). Next watermark 09:53.
  'a,2026-01-01 10:00:00\na,2026-01-01 10:03:00\nb,2026-01-01 10:01:00\n',
  // Batch 1 (watermark 09:53): a's session grows to [10:00, 10:12); a [10:30, 10:35) and a [10:40, 10:45).
  // Next watermark 10:30.
  'a,2026-01-01 10:07:00\na,2026-01-01 10:30:00\na,2026-01-01 10:40:00\n',
  // Batch 2 (watermark 10:30): 10:10 is late (its session ends 10:15); 10:35's session [10:35, 10:40)
  // touches both of a's sessions and merges them into [10:30, 10:45); b [10:33, 10:38). The sessions ending
  // by 10:30 close.
  'a,2026-01-01 10:10:00\na,2026-01-01 10:35:00\nb,2026-01-01 10:33:00\n',
  // Batch 3 (watermark 10:30): c [11:00, 11:05). Next watermark 10:50, so a no-data batch 4 closes a and b.
  'c,2026-01-01 11:00:00\n',
];

async function eventStream(name: string, files: readonly string[]) {
  const src = path.join(fx.dir, name);
  await mkdir(src, { recursive: true });
  for (const [i, rows] of files.entries()) await writeFile(path.join(src, `${i}.csv`), `k,ts\n${rows}`);
  return fx.spark.readStream
    .schema('k string, ts timestamp')
    .option('header', true)
    .option('maxFilesPerTrigger', 1)
    .csv(src);
}

function sessions(df: DataFrame) {
  return df
    .withWatermark('ts', '10 minutes')
    .groupBy(col('k'), session_window(col('ts'), '5 minutes'))
    .agg(count('*').alias('n'));
}

type Emitted = { batchId: number; k: string; start: string; end: string; n: bigint };

function collect(rows: Emitted[]) {
  return async (b: DataFrame, batchId: number) => {
    const got = await b
      .select(
        col('k'),
        col('session_window.start').cast('string').alias('start'),
        col('session_window.end').cast('string').alias('end'),
        col('n'),
      )
      .orderBy('k', 'start')
      .collect();
    for (const r of got) rows.push({ batchId, ...(r as unknown as Omit<Emitted, 'batchId'>) });
  };
}

async function run(w: DataStreamWriter) {
  const q = await w.trigger({ availableNow: true }).start();
  await q.awaitTermination();
  return q;
}

const at = (hm: string) => `2026-01-01 ${hm}:00`;

describe('session window aggregation', () => {
  it('append mode emits each session once the watermark passes its end', async () => {
    const rows: Emitted[] = [];
    const q = await run(
      sessions(await eventStream('append', FILES))
        .writeStream.outputMode('append')
        .option('checkpointLocation', path.join(fx.dir, 'append-cp'))
        .foreachBatch(collect(rows)),
    );
    expect(rows).toEqual([
      { batchId: 2, k: 'a', start: at('10:00'), end: at('10:12'), n: 3n },
      { batchId: 2, k: 'b', start: at('10:01'), end: at('10:06'), n: 1n },
      { batchId: 4, k: 'a', start: at('10:30'), end: at('10:45'), n: 3n },
      { batchId: 4, k: 'b', start: at('10:33'), end: at('10:38'), n: 1n },
    ]);
    const progress = q.recentProgress;
    expect(progress[2]!.stateOperators[0]).toMatchObject({
      numRowsDroppedByWatermark: 1,
      numRowsRemoved: 2,
      numRowsTotal: 2,
    });
    expect(progress[4]!.stateOperators[0]).toMatchObject({ numRowsTotal: 1, numRowsRemoved: 2 });
  });

  it('update mode is refused at start, as Spark refuses it; complete mode emits all sessions', async () => {
    await expect(
      run(
        sessions(await eventStream('update', FILES))
          .writeStream.outputMode('update')
          .option('checkpointLocation', path.join(fx.dir, 'update-cp'))
          .foreachBatch(collect([])),
      ),
    ).rejects.toMatchObject({
      errorClass: '_LEGACY_ERROR_TEMP_3102',
      messageParameters: {
        msg: 'Update output mode not supported for session window on streaming DataFrames/DataSets',
      },
    });
    const complete: Emitted[] = [];
    await run(
      sessions(await eventStream('complete', FILES))
        .writeStream.outputMode('complete')
        .option('checkpointLocation', path.join(fx.dir, 'complete-cp'))
        .foreachBatch(collect(complete)),
    );
    // Complete mode keeps every session, and drops no late row (10:10 joins a's first session).
    expect(complete.filter((r) => r.batchId === 3)).toEqual([
      { batchId: 3, k: 'a', start: at('10:00'), end: at('10:15'), n: 4n },
      { batchId: 3, k: 'a', start: at('10:30'), end: at('10:45'), n: 3n },
      { batchId: 3, k: 'b', start: at('10:01'), end: at('10:06'), n: 1n },
      { batchId: 3, k: 'b', start: at('10:33'), end: at('10:38'), n: 1n },
      { batchId: 3, k: 'c', start: at('11:00'), end: at('11:05'), n: 1n },
    ]);
  });

  it('a restart after a batch whose commit is missing emits what an uninterrupted run emits', async () => {
    const straight: Emitted[] = [];
    await run(
      sessions(await eventStream('restart-straight', FILES))
        .writeStream.outputMode('append')
        .option('checkpointLocation', path.join(fx.dir, 'restart-straight-cp'))
        .foreachBatch(collect(straight)),
    );
    const src = path.join(fx.dir, 'restart-crash');
    const cp = path.join(fx.dir, 'restart-crash-cp');
    const first: Emitted[] = [];
    const q1 = await run(
      sessions(await eventStream('restart-crash', FILES.slice(0, 3)))
        .writeStream.outputMode('append')
        .option('checkpointLocation', cp)
        .foreachBatch(collect(first)),
    );
    const last = q1.lastProgress!.batchId;
    await rm(path.join(cp, 'commits', String(last)));
    await writeFile(path.join(src, '3.csv'), `k,ts\n${FILES[3]}`);
    const second: Emitted[] = [];
    await run(
      sessions(await eventStream('restart-crash', []))
        .writeStream.outputMode('append')
        .option('checkpointLocation', cp)
        .foreachBatch(collect(second)),
    );
    const rerun = new Set(second.map((r) => r.batchId));
    const emitted = [...first.filter((r) => !rerun.has(r.batchId)), ...second];
    const key = (r: Emitted) => `${r.k} ${r.start} ${r.end} ${r.n}`;
    expect(emitted.map(key).sort()).toEqual(straight.map(key).sort());
  });
});
