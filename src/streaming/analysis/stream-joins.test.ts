/** Stream-static joins run per batch against the static side as it is then; other joins fail at start(). */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DataFrame } from '../../api/dataframe/dataframe.js';
import { col, count } from '../../api/functions.js';
import { useLakeSession } from '../../api/testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-stream-joins-');

/** Orders (k, v), one CSV file per batch. */
async function orders(name: string, files: readonly string[]): Promise<DataFrame> {
  const src = path.join(fx.dir, name);
  await mkdir(src, { recursive: true });
  for (const [i, rows] of files.entries()) await writeFile(path.join(src, `${i}.csv`), `k,v\n${rows}`);
  return fx.spark.readStream
    .schema('k string, v int')
    .option('header', true)
    .option('maxFilesPerTrigger', 1)
    .csv(src);
}

async function runBatches(df: DataFrame, name: string, onBatch?: (batchId: number) => Promise<void>) {
  const batches: unknown[][] = [];
  const q = await df.writeStream
    .option('checkpointLocation', path.join(fx.dir, `${name}-cp`))
    .trigger({ availableNow: true })
    .foreachBatch(async (b, batchId) => {
      batches.push(await b.orderBy('v').collect());
      await onBatch?.(batchId);
    })
    .start();
  await q.awaitTermination();
  return batches;
}

describe('stream-static joins', () => {
  it('inner and left outer joins see the Delta table as it is at each batch', async () => {
    await fx.spark.sql('CREATE TABLE dim (k STRING, name STRING) USING delta');
    await fx.spark.sql("INSERT INTO dim VALUES ('a', 'apple')");
    const files = ['a,1\nb,2\n', 'a,3\nb,4\n'];
    const addBanana = async (batchId: number) => {
      if (batchId === 0) await fx.spark.sql("INSERT INTO dim VALUES ('b', 'banana')");
    };
    const inner = (await orders('inner', files)).join(await fx.spark.table('dim'), 'k');
    expect(inner.isStreaming).toBe(true);
    expect(await runBatches(inner, 'inner', addBanana)).toEqual([
      [{ k: 'a', v: 1, name: 'apple' }],
      [
        { k: 'a', v: 3, name: 'apple' },
        { k: 'b', v: 4, name: 'banana' },
      ],
    ]);
    await fx.spark.sql("DELETE FROM dim WHERE k = 'b'");
    const left = (await orders('left', files)).join(await fx.spark.table('dim'), 'k', 'left');
    expect(await runBatches(left, 'left', addBanana)).toEqual([
      [
        { k: 'a', v: 1, name: 'apple' },
        { k: 'b', v: 2, name: null },
      ],
      [
        { k: 'a', v: 3, name: 'apple' },
        { k: 'b', v: 4, name: 'banana' },
      ],
    ]);
  });

  it('a static DataFrame on the left of an inner join, and an aggregation over the join', async () => {
    const dim = fx.spark.createDataFrame([{ k: 'a', name: 'apple' }], 'k string, name string');
    const joined = dim.join(await orders('static-left', ['a,1\nc,2\n', 'a,5\n']), 'k');
    expect(await runBatches(joined, 'static-left')).toEqual([
      [{ k: 'a', name: 'apple', v: 1 }],
      [{ k: 'a', name: 'apple', v: 5 }],
    ]);
    const counted = (await orders('join-agg', ['a,1\nc,2\n', 'a,5\n']))
      .join(dim, 'k')
      .groupBy(col('name'))
      .agg(count('*').alias('n'));
    const batches: unknown[][] = [];
    const q = await counted.writeStream
      .outputMode('complete')
      .option('checkpointLocation', path.join(fx.dir, 'join-agg-cp'))
      .trigger({ availableNow: true })
      .foreachBatch(async (b) => {
        batches.push(await b.collect());
      })
      .start();
    await q.awaitTermination();
    expect(batches).toEqual([[{ name: 'apple', n: 1n }], [{ name: 'apple', n: 2n }]]);
  });

  it('a left anti join keeps the stream rows without a match; SQL over a streaming view joins too', async () => {
    const dim = fx.spark.createDataFrame([{ k: 'a', name: 'apple' }], 'k string, name string');
    await dim.createOrReplaceTempView('fruit');
    const anti = (await orders('anti', ['a,1\nb,2\n'])).join(dim, 'k', 'left_anti');
    expect(await runBatches(anti, 'anti')).toEqual([[{ k: 'b', v: 2 }]]);
    await (await orders('sql-join', ['a,1\nb,2\n'])).createOrReplaceTempView('orders_view');
    const joined = await fx.spark.sql(
      'SELECT o.k, o.v, f.name FROM orders_view o LEFT JOIN fruit f ON o.k = f.k',
    );
    expect(joined.isStreaming).toBe(true);
    expect(await runBatches(joined, 'sql-join')).toEqual([
      [
        { k: 'a', v: 1, name: 'apple' },
        { k: 'b', v: 2, name: null },
      ],
    ]);
    const refused = await fx.spark.sql('SELECT f.name FROM fruit f LEFT JOIN orders_view o ON o.k = f.k');
    const w = refused.writeStream
      .option('checkpointLocation', path.join(fx.dir, 'sql-join-refused-cp'))
      .foreachBatch(async () => {});
    await expect(w.start()).rejects.toMatchObject({
      message: expect.stringContaining('LeftOuter join with a streaming DataFrame/Dataset on the right'),
    });
  });

  it('joins that would need state fail at start with Spark messages', async () => {
    const dim = fx.spark.createDataFrame([{ k: 'a', name: 'apple' }], 'k string, name string');
    const stream = await orders('refused', ['a,1\n']);
    const cases: [DataFrame, string, string][] = [
      [
        dim.join(stream, 'k', 'left'),
        '_LEGACY_ERROR_TEMP_3102',
        'LeftOuter join with a streaming DataFrame/Dataset on the right and a static DataFrame/Dataset on the left is not supported',
      ],
      [
        dim.join(stream, 'k', 'left_anti'),
        '_LEGACY_ERROR_TEMP_3102',
        'LeftAnti joins with a streaming DataFrame/Dataset on the right are not supported',
      ],
      [
        stream.join(dim, 'k', 'right'),
        '_LEGACY_ERROR_TEMP_3102',
        'RightOuter join with a streaming DataFrame/Dataset on the left and a static DataFrame/DataSet on the right not supported',
      ],
      [
        stream.join(dim, 'k', 'full'),
        '_LEGACY_ERROR_TEMP_3102',
        'FullOuter joins with streaming DataFrames/Datasets on the left and a static DataFrame/Dataset on the right is not supported',
      ],
      [
        stream.join(await orders('refused-2', ['a,1\n']), 'k'),
        'UNSUPPORTED_FEATURE',
        'joins between two streaming DataFrames/Datasets',
      ],
      [
        stream.join(await orders('refused-3', ['a,1\n']), 'k', 'left_anti'),
        '_LEGACY_ERROR_TEMP_3102',
        'LeftAnti joins with a streaming DataFrame/Dataset on the right are not supported',
      ],
    ];
    for (const [i, [df, errorClass, message]] of cases.entries()) {
      const w = df.writeStream
        .option('checkpointLocation', path.join(fx.dir, `refused-${i}-cp`))
        .foreachBatch(async () => {});
      await expect(w.start()).rejects.toMatchObject({
        errorClass,
        message: expect.stringContaining(message),
      });
    }
    // Spark refuses a join of two streams in any mode but append before anything else.
    const twoStreams = stream
      .join(await orders('refused-4', ['a,1\n']), 'k')
      .groupBy('k')
      .count();
    const update = twoStreams.writeStream
      .outputMode('update')
      .option('checkpointLocation', path.join(fx.dir, 'refused-update-cp'))
      .foreachBatch(async () => {});
    await expect(update.start()).rejects.toMatchObject({
      errorClass: '_LEGACY_ERROR_TEMP_3102',
      messageParameters: {
        msg: 'Join between two streaming DataFrames/Datasets is not supported in Update output mode, only in Append output mode',
      },
    });
  });
});
