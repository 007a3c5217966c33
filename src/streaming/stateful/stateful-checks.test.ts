/** Stateful plans Spark refuses fail at start(), with Spark's messages; sinks take the modes they can. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { col, count, window } from '../../api/functions.js';
import { useLakeSession } from '../../api/testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-stateful-checks-');

async function events(name: string, rows = 'a,2026-01-01 10:00:00,1\n') {
  const src = path.join(fx.dir, name);
  await mkdir(src, { recursive: true });
  await writeFile(path.join(src, '0.csv'), `k,ts,v\n${rows}`);
  return fx.spark.readStream.schema('k string, ts timestamp, v int').option('header', true).csv(src);
}

const cp = (name: string) => path.join(fx.dir, `${name}-cp`);

describe('stateful streaming checks at start()', () => {
  it('complete mode without an aggregation', async () => {
    const df = (await events('c1')).dropDuplicates(['k']);
    const w = df.writeStream
      .outputMode('complete')
      .option('checkpointLocation', cp('c1'))
      .foreachBatch(() => {});
    await expect(w.start()).rejects.toMatchObject({
      errorClass: '_LEGACY_ERROR_TEMP_3102',
      messageParameters: {
        msg: 'Complete output mode not supported when there are no streaming aggregations on streaming DataFrames/Datasets',
      },
    });
  });

  it('append mode needs a watermark on a grouping key', async () => {
    const df = (await events('c2')).withWatermark('ts', '1 minute').groupBy('k').agg(count('*'));
    const w = df.writeStream.option('checkpointLocation', cp('c2')).foreachBatch(() => {});
    await expect(w.start()).rejects.toMatchObject({
      errorClass: '_LEGACY_ERROR_TEMP_3102',
      messageParameters: {
        msg: 'Append output mode not supported when there are streaming aggregations on streaming DataFrames/DataSets without watermark',
      },
    });
  });

  it('a sort of an aggregation runs in complete mode only', async () => {
    const sorted = (await events('c3')).groupBy('k').agg(count('*').alias('n')).orderBy('k');
    const update = sorted.writeStream.outputMode('update').option('checkpointLocation', cp('c3u'));
    await expect(update.foreachBatch(() => {}).start()).rejects.toMatchObject({
      message: expect.stringContaining('Sorting is not supported on streaming DataFrames/Datasets'),
    });
    const q = await sorted.writeStream
      .outputMode('complete')
      .format('memory')
      .queryName('sorted_counts')
      .option('checkpointLocation', cp('c3c'))
      .trigger({ availableNow: true })
      .start();
    await q.awaitTermination();
    expect(await (await fx.spark.table('sorted_counts')).collect()).toEqual([{ k: 'a', n: 1n }]);
  });

  it('two aggregations', async () => {
    const df = (await events('c4')).groupBy('k').agg(count('*').alias('n')).groupBy('n').agg(count('*'));
    const w = df.writeStream
      .outputMode('complete')
      .option('checkpointLocation', cp('c4'))
      .foreachBatch(() => {});
    await expect(w.start()).rejects.toMatchObject({
      message: expect.stringContaining('Multiple streaming aggregations are not supported'),
    });
  });

  it('an aggregate that cannot be merged', async () => {
    const df = (await events('c5')).groupBy('k').agg(count(col('v')).alias('n'), { v: 'collect_list' });
    const w = df.writeStream
      .outputMode('update')
      .option('checkpointLocation', cp('c5'))
      .foreachBatch(() => {});
    await expect(w.start()).rejects.toMatchObject({
      errorClass: 'UNSUPPORTED_FEATURE',
      message: expect.stringContaining('the aggregate `collect_list`(`v`) in a streaming aggregation'),
    });
  });

  it('withWatermark on a column that is not a timestamp, or with a negative delay', async () => {
    const df = (await events('c6')).withWatermark('v', '1 minute').dropDuplicates(['k']);
    const w = df.writeStream.option('checkpointLocation', cp('c6')).foreachBatch(() => {});
    await expect(w.start()).rejects.toMatchObject({
      errorClass: 'EVENT_TIME_IS_NOT_ON_TIMESTAMP_TYPE',
      messageParameters: { eventName: '`v`', eventType: '"INT"' },
    });
    expect(() =>
      fx.spark.readStream.schema('ts timestamp').csv(fx.dir).withWatermark('ts', '-1 minute'),
    ).toThrow(expect.objectContaining({ errorClass: 'STREAMING_WATERMARK_DELAY_NEGATIVE' }));
  });

  it('the Delta sink refuses update mode and overwrites in complete mode', async () => {
    const agg = (await events('c7', 'a,2026-01-01 10:00:00,1\nb,2026-01-01 10:00:00,1\n'))
      .groupBy('k')
      .agg(count('*').alias('n'));
    const target = path.join(fx.dir, 'c7-table');
    await expect(
      agg.writeStream.outputMode('update').option('checkpointLocation', cp('c7u')).start(target),
    ).rejects.toMatchObject({
      errorClass: 'DELTA_UNSUPPORTED_OUTPUT_MODE',
    });
    for (const run of ['1', '2']) {
      const q = await agg.writeStream
        .outputMode('complete')
        .option('checkpointLocation', cp(`c7c${run}`))
        .trigger({ availableNow: true })
        .start(target);
      await q.awaitTermination();
    }
    const table = await fx.spark.read.format('delta').load(target);
    expect(await table.orderBy('k').collect()).toEqual([
      { k: 'a', n: 1n },
      { k: 'b', n: 1n },
    ]);
  });

  it('a windowed count in update mode emits its windows', async () => {
    const df = (await events('c8'))
      .withWatermark('ts', '1 minute')
      .groupBy(window(col('ts'), '5 minutes'))
      .agg(count('*').alias('n'));
    const rows: unknown[] = [];
    const q = await df.writeStream
      .outputMode('update')
      .option('checkpointLocation', cp('c8'))
      .trigger({ availableNow: true })
      .foreachBatch(async (b) => {
        rows.push(...(await b.select(col('window.end').cast('string').alias('end'), 'n').collect()));
      })
      .start();
    await q.awaitTermination();
    expect(rows).toEqual([{ end: '2026-01-01 10:05:00', n: 1n }]);
  });
});
