/**
 * The Delta streaming source's startingTimestamp and maxBytesPerTrigger (Delta's DeltaOptions): a stream
 * starting at the first commit at or after an instant, and batches bounded by their files' bytes as a soft
 * maximum, together with maxFilesPerTrigger.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useLakeSession } from '../testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-delta-stream-options-');

/** Appends one row as one commit (one data file), then waits so commit times differ. */
async function append(table: string, id: number): Promise<void> {
  await fx.spark
    .createDataFrame([[id]], 'id int')
    .write.format('delta')
    .mode('append')
    .save(table);
  await new Promise((r) => setTimeout(r, 20));
}

async function tableOf(name: string, commits: number): Promise<string> {
  const table = path.join(fx.dir, name);
  for (let id = 1; id <= commits; id++) await append(table, id);
  return table;
}

/** Runs an availableNow stream of `table` into foreachBatch; each batch's ids. */
async function batchesOf(
  table: string,
  name: string,
  options: Record<string, string | number | boolean>,
): Promise<number[][]> {
  const batches: number[][] = [];
  const q = await fx.spark.readStream
    .format('delta')
    .options(options)
    .load(table)
    .writeStream.option('checkpointLocation', path.join(fx.dir, `${name}-cp`))
    .trigger({ availableNow: true })
    .foreachBatch(async (df) => {
      batches.push((await df.orderBy('id').collect()).map((r) => r.id as number));
    })
    .start();
  await q.awaitTermination();
  return batches;
}

const commitTime = async (table: string, version: number) =>
  Math.floor((await stat(path.join(table, `_delta_log/${String(version).padStart(20, '0')}.json`))).mtimeMs);

describe('Delta source: maxBytesPerTrigger', () => {
  it('admits files while bytes remain (the file crossing the limit too), bounded also by maxFilesPerTrigger', async () => {
    const table = await tableOf('bytes', 3);
    expect(await batchesOf(table, 'b1', { maxBytesPerTrigger: 1 })).toEqual([[1], [2], [3]]);
    expect(await batchesOf(table, 'b2', { maxBytesPerTrigger: '1g' })).toEqual([[1, 2, 3]]);
    expect(await batchesOf(table, 'b3', { maxBytesPerTrigger: '1g', maxFilesPerTrigger: 2 })).toEqual([
      [1, 2],
      [3],
    ]);
    expect(() =>
      fx.spark.readStream.format('delta').option('maxBytesPerTrigger', '2mg').load(table),
    ).not.toThrow();
    await expect(batchesOf(table, 'b4', { maxBytesPerTrigger: '2mg' })).rejects.toMatchObject({
      errorClass: 'DELTA_ILLEGAL_OPTION',
      message: expect.stringContaining("Invalid value '2mg' for option 'maxBytesPerTrigger'"),
    });
  });
});

describe('Delta source: startingTimestamp', () => {
  it('starts at the first commit at or after the instant, without the initial snapshot', async () => {
    const table = await tableOf('ts', 3);
    const v1 = await commitTime(table, 1);
    expect(await batchesOf(table, 't1', { startingTimestamp: new Date(v1 - 1).toISOString() })).toEqual([
      [2, 3],
    ]);
    expect(await batchesOf(table, 't2', { startingTimestamp: new Date(v1).toISOString() })).toEqual([[2, 3]]);
    // Before every commit: from the earliest commit.
    expect(await batchesOf(table, 't3', { startingTimestamp: '2000-01-01' })).toEqual([[1, 2, 3]]);
  });

  it('fails after the latest commit, on a text that is no timestamp, and with startingVersion too', async () => {
    const table = await tableOf('ts-bad', 1);
    await expect(batchesOf(table, 'x1', { startingTimestamp: '2999-01-01 00:00:00' })).rejects.toMatchObject({
      errorClass: 'DELTA_TIMESTAMP_GREATER_THAN_COMMIT',
    });
    await expect(batchesOf(table, 'x2', { startingTimestamp: 'yesterday' })).rejects.toMatchObject({
      errorClass: 'DELTA_TIMESTAMP_INVALID',
    });
    await expect(
      batchesOf(table, 'x3', { startingTimestamp: '2000-01-01', startingVersion: 0 }),
    ).rejects.toMatchObject({ errorClass: 'DELTA_STARTING_VERSION_AND_TIMESTAMP_BOTH_SET' });
  });
});
