/** Streaming dropDuplicates and dropDuplicatesWithinWatermark: keys kept as state across batches. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DataFrame } from '../../api/dataframe/dataframe.js';
import { useLakeSession } from '../../api/testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-stateful-dedup-');

async function eventStream(name: string, files: readonly string[]) {
  const src = path.join(fx.dir, name);
  await mkdir(src, { recursive: true });
  for (const [i, rows] of files.entries()) await writeFile(path.join(src, `${i}.csv`), `id,ts,v\n${rows}`);
  return fx.spark.readStream
    .schema('id int, ts timestamp, v string')
    .option('header', true)
    .option('maxFilesPerTrigger', 1)
    .csv(src);
}

/** Runs the stream to its end; returns each batch's rows (id and v) and the query. */
async function run(df: DataFrame, name: string) {
  const batches: unknown[][] = [];
  const q = await df.writeStream
    .option('checkpointLocation', path.join(fx.dir, `${name}-cp`))
    .trigger({ availableNow: true })
    .foreachBatch(async (b) => {
      batches.push(await b.select('id', 'v').orderBy('id').collect());
    })
    .start();
  await q.awaitTermination();
  return { batches, q };
}

describe('streaming dropDuplicates', () => {
  it('without a watermark, keeps every key seen and emits only the first row of each', async () => {
    const df = await eventStream('plain', [
      '1,2026-01-01 10:00:00,a\n1,2026-01-01 10:00:01,b\n2,2026-01-01 10:00:02,c\n',
      '2,2026-01-01 10:00:03,d\n3,2026-01-01 10:00:04,e\n',
    ]);
    const { batches, q } = await run(df.dropDuplicates(['id']), 'plain');
    expect(batches).toEqual([
      [
        { id: 1, v: 'a' },
        { id: 2, v: 'c' },
      ],
      [{ id: 3, v: 'e' }],
    ]);
    expect(q.lastProgress?.stateOperators).toMatchObject([
      { operatorName: 'dedupe', numRowsTotal: 3, numRowsUpdated: 1, numRowsRemoved: 0 },
    ]);
    expect(q.lastProgress?.eventTime).toBeUndefined();
  });

  it('with the watermarked column among the keys, drops late rows and evicts keys behind the watermark', async () => {
    const df = await eventStream('timed', [
      '1,2026-01-01 10:00:00,a\n2,2026-01-01 10:10:00,b\n',
      // Watermark 10:05: (1, 10:00) is late and dropped; (2, 10:10) is a duplicate.
      '1,2026-01-01 10:00:00,c\n2,2026-01-01 10:10:00,d\n3,2026-01-01 10:20:00,e\n',
    ]);
    const { batches, q } = await run(
      df.withWatermark('ts', '5 minutes').dropDuplicates(['id', 'ts']),
      'timed',
    );
    expect(batches.slice(0, 2)).toEqual([
      [
        { id: 1, v: 'a' },
        { id: 2, v: 'b' },
      ],
      [{ id: 3, v: 'e' }],
    ]);
    const second = q.recentProgress[1]!.stateOperators[0]!;
    // The key at 10:00 leaves the state at watermark 10:05.
    expect(second).toMatchObject({ numRowsDroppedByWatermark: 1, numRowsRemoved: 1, numRowsTotal: 2 });
  });

  it('dropDuplicatesWithinWatermark drops repeats until the first event time plus the delay passes', async () => {
    const df = await eventStream('within', [
      '1,2026-01-01 10:00:00,a\n',
      // Watermark 09:55; (1, 10:03) repeats key 1, kept in state until 10:05.
      '1,2026-01-01 10:03:00,b\n9,2026-01-01 10:30:00,z\n',
      // Watermark 10:25: key 1 expired (10:05) but, as in Spark, leaves the state only at the batch's end,
      // so (1, 10:40) is still a repeat.
      '1,2026-01-01 10:40:00,c\n',
      // Watermark 10:35: key 1 is new again.
      '1,2026-01-01 10:50:00,d\n',
    ]);
    const { batches } = await run(
      df.withWatermark('ts', '5 minutes').dropDuplicatesWithinWatermark(['id']),
      'within',
    );
    expect(batches.slice(0, 4)).toEqual([[{ id: 1, v: 'a' }], [{ id: 9, v: 'z' }], [], [{ id: 1, v: 'd' }]]);
  });

  it('dropDuplicatesWithinWatermark without a watermark fails at start', async () => {
    const df = await eventStream('within-no-wm', ['1,2026-01-01 10:00:00,a\n']);
    await expect(run(df.dropDuplicatesWithinWatermark(['id']), 'within-no-wm')).rejects.toMatchObject({
      errorClass: '_LEGACY_ERROR_TEMP_3102',
      messageParameters: {
        msg: 'dropDuplicatesWithinWatermark is not supported on streaming DataFrames/DataSets without watermark',
      },
    });
  });
});
