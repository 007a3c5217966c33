/** spark.sql() over a temp view of a streaming DataFrame is a streaming DataFrame, aggregations included. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DataFrame } from '../../api/dataframe/dataframe.js';
import { col } from '../../api/functions.js';
import { useLakeSession } from '../../api/testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-streaming-sql-');

async function events(name: string, files: readonly string[]): Promise<DataFrame> {
  const src = path.join(fx.dir, name);
  await mkdir(src, { recursive: true });
  for (const [i, rows] of files.entries()) await writeFile(path.join(src, `${i}.csv`), `k,v\n${rows}`);
  return fx.spark.readStream
    .schema('k string, v int')
    .option('header', true)
    .option('maxFilesPerTrigger', 1)
    .csv(src);
}

async function batchesOf(df: DataFrame, name: string, mode: 'append' | 'update' | 'complete') {
  const batches: unknown[][] = [];
  const q = await df.writeStream
    .outputMode(mode)
    .option('checkpointLocation', path.join(fx.dir, `${name}-cp`))
    .trigger({ availableNow: true })
    .foreachBatch(async (b) => {
      batches.push(await b.orderBy('k').collect());
    })
    .start();
  await q.awaitTermination();
  return batches;
}

const FILES = ['a,1\nb,2\na,3\n', 'b,4\nc,5\n'];

describe('SQL over a streaming temp view', () => {
  it('an aggregation is a stateful streaming aggregation, in complete and update mode', async () => {
    await (await events('agg', FILES)).createOrReplaceTempView('events');
    const counted = await fx.spark.sql('SELECT k, count(*), sum(v) AS total FROM events GROUP BY k');
    expect(counted.isStreaming).toBe(true);
    expect(await batchesOf(counted, 'agg-complete', 'complete')).toEqual([
      [
        { k: 'a', 'count(1)': 2n, total: 4n },
        { k: 'b', 'count(1)': 1n, total: 2n },
      ],
      [
        { k: 'a', 'count(1)': 2n, total: 4n },
        { k: 'b', 'count(1)': 2n, total: 6n },
        { k: 'c', 'count(1)': 1n, total: 5n },
      ],
    ]);
    // Columns in the query's order, a key aliased, a filter, a key not selected.
    const reordered = await fx.spark.sql(
      'SELECT max(v) AS top, upper(k) AS key FROM events WHERE v > 1 GROUP BY upper(k), v % 2',
    );
    expect(await batchesOf(reordered.withColumnRenamed('key', 'k'), 'agg-update', 'update')).toEqual([
      [
        { top: 3, k: 'A' },
        { top: 2, k: 'B' },
      ],
      [
        { top: 4, k: 'B' },
        { top: 5, k: 'C' },
      ],
    ]);
  });

  it('a watermarked stream as a view: a session window in SQL closes sessions in append mode', async () => {
    const src = path.join(fx.dir, 'sessions');
    await mkdir(src, { recursive: true });
    const files = ['k,ts\na,2026-01-01 10:00:00\na,2026-01-01 10:03:00\n', 'k,ts\na,2026-01-01 10:30:00\n'];
    for (const [i, text] of files.entries()) await writeFile(path.join(src, `${i}.csv`), text);
    const stream = fx.spark.readStream
      .schema('k string, ts timestamp')
      .option('header', true)
      .option('maxFilesPerTrigger', 1)
      .csv(src);
    await stream.withWatermark('ts', '10 minutes').createOrReplaceTempView('clicks');
    const sessions = await fx.spark.sql(
      "SELECT k, session_window(ts, '5 minutes') AS s, count(*) AS n FROM clicks GROUP BY k, session_window(ts, '5 minutes')",
    );
    const rows: unknown[] = [];
    const q = await sessions.writeStream
      .outputMode('append')
      .option('checkpointLocation', path.join(fx.dir, 'sessions-cp'))
      .trigger({ availableNow: true })
      .foreachBatch(async (b, batchId) => {
        const got = b.select(col('k'), col('s.start').cast('string'), col('s.end').cast('string'), col('n'));
        for (const r of await got.collect()) rows.push([batchId, ...Object.values(r)]);
      })
      .start();
    await q.awaitTermination();
    // Batch 1 moves the watermark to 10:20; the no-data batch 2 closes a's session [10:00, 10:08).
    expect(rows).toEqual([[2, 'a', '2026-01-01 10:00:00', '2026-01-01 10:08:00', 2n]]);
  });

  it('a query without aggregation runs per batch; a static view stays static', async () => {
    await (await events('plain', FILES)).createOrReplaceTempView('plain_events');
    const doubled = await fx.spark.sql(
      'SELECT k, v * 2 AS w FROM plain_events WHERE k <> $$c$$'.replaceAll('$$', "'"),
    );
    expect(doubled.isStreaming).toBe(true);
    expect(await batchesOf(doubled, 'plain', 'append')).toEqual([
      [
        { k: 'a', w: 2 },
        { k: 'a', w: 6 },
        { k: 'b', w: 4 },
      ],
      [{ k: 'b', w: 8 }],
    ]);
    // Replaced by a static view, the name no longer reads a stream.
    await fx.spark.sql("CREATE OR REPLACE TEMP VIEW plain_events AS SELECT 'z' AS k");
    expect((await fx.spark.sql('SELECT * FROM plain_events')).isStreaming).toBe(false);
  });

  it('what the rewrite cannot carry is refused', async () => {
    await (await events('refused', FILES)).createOrReplaceTempView('refused_events');
    await expect(
      fx.spark.sql('SELECT k, count(*) AS n FROM refused_events GROUP BY k HAVING count(*) > 1'),
    ).rejects.toMatchObject({
      errorClass: 'UNSUPPORTED_FEATURE',
      message: expect.stringContaining('HAVING in a streaming aggregation written in SQL'),
    });
    const twice = await fx.spark.sql(
      'SELECT a.k FROM refused_events a JOIN (SELECT k FROM refused_events) b ON a.k = b.k',
    );
    const w = twice.writeStream
      .option('checkpointLocation', path.join(fx.dir, 'twice-cp'))
      .foreachBatch(async () => {});
    await expect(w.start()).rejects.toMatchObject({
      message: expect.stringContaining('joins between two streaming DataFrames/Datasets'),
    });
  });
});
