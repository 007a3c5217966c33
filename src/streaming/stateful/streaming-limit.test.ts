/** A limit on a streaming query: append mode emits at most n rows over the query's life; complete limits each result. */
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DataFrame } from '../../api/dataframe/dataframe.js';
import { col } from '../../api/functions.js';
import { csvIdStream } from '../../api/testing/csv-stream.js';
import { useLakeSession } from '../../api/testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-streaming-limit-');

const dfOf = (w: unknown) => (w as { df: DataFrame }).df;

describe('a limit on a streaming query', () => {
  it('append mode lets n rows through across batches and restarts, the count kept in state/', async () => {
    const files = { 'a.csv': 'id\n1\n2\n', 'b.csv': 'id\n3\n4\n', 'c.csv': 'id\n5\n' };
    const df = dfOf(await csvIdStream(fx, 'lim', files)).limit(3);
    const seen: number[][] = [];
    const start = () =>
      df.writeStream
        .option('checkpointLocation', path.join(fx.dir, 'lim-cp'))
        .trigger({ availableNow: true })
        .foreachBatch(async (batch) => {
          seen.push((await batch.collect()).map((r) => r.id as number));
        })
        .start();
    const q = await start();
    await q.awaitTermination();
    expect(seen).toEqual([[1, 2], [3], []]);
    // One count per batch, in the limit's own state folder (the plan has no other stateful operator).
    expect((await readdir(path.join(fx.dir, 'lim-cp/state/0/0'))).sort()).toEqual([
      '1.parquet',
      '2.parquet',
      '3.parquet',
    ]);
    // A restart with a new file: the limit was reached over the query's life, so nothing more comes out.
    await writeFile(path.join(fx.dir, 'lim/d.csv'), 'id\n6\n');
    const again = await start();
    await again.awaitTermination();
    expect(seen).toEqual([[1, 2], [3], [], []]);
  });

  it('complete mode limits each result of the aggregation', async () => {
    const files = { 'a.csv': 'id\n1\n1\n2\n', 'b.csv': 'id\n2\n2\n3\n' };
    const df = dfOf(await csvIdStream(fx, 'top', files))
      .groupBy('id')
      .count()
      .orderBy(col('count').desc())
      .limit(1);
    const seen: unknown[] = [];
    const q = await df.writeStream
      .option('checkpointLocation', path.join(fx.dir, 'top-cp'))
      .outputMode('complete')
      .trigger({ availableNow: true })
      .foreachBatch(async (batch) => {
        seen.push(await batch.collect());
      })
      .start();
    await q.awaitTermination();
    expect(seen).toEqual([[{ id: 1, count: 2n }], [{ id: 2, count: 3n }]]);
  });

  it('refuses a limit below other operations in append mode', async () => {
    const df = dfOf(await csvIdStream(fx, 'nested', { 'a.csv': 'id\n1\n' }))
      .limit(2)
      .select(col('id').plus(1).alias('id'));
    await expect(
      df.writeStream
        .foreachBatch(() => {})
        .option('checkpointLocation', `${fx.dir}/n-cp`)
        .start(),
    ).rejects.toMatchObject({
      errorClass: 'UNSUPPORTED_FEATURE',
      message: expect.stringContaining('other than the last operation'),
    });
  });
});
