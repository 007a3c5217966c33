/** spark.streams: active queries, one query per checkpoint, termination and listeners. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useLakeSession } from '../testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-query-manager-');

async function writer(name: string, checkpoint = `${name}-cp`) {
  const src = path.join(fx.dir, name);
  await mkdir(src, { recursive: true });
  await writeFile(path.join(src, 'a.csv'), 'id\n1\n');
  return fx.spark.readStream
    .schema('id int')
    .option('header', true)
    .csv(src)
    .writeStream.option('checkpointLocation', path.join(fx.dir, checkpoint));
}

describe('spark.streams', () => {
  it('lists a running query, refuses a second one on its checkpoint, and forgets it once stopped', async () => {
    const q = await (await writer('live')).foreachBatch(() => {}).start();
    expect(fx.spark.streams.active.map((a) => a.id)).toEqual([q.id]);
    expect(fx.spark.streams.get(q.id)).toBe(q);
    const second = (await writer('live2', 'live-cp')).foreachBatch(() => {});
    await expect(second.start()).rejects.toMatchObject({
      errorClass: 'STREAMING_QUERY_ALREADY_ACTIVE',
      sqlState: '55000',
    });
    await q.stop();
    expect(fx.spark.streams.active).toEqual([]);
    expect(fx.spark.streams.get(q.id)).toBeNull();
    const again = await (await writer('live3', 'live-cp'))
      .foreachBatch(() => {})
      .trigger({ availableNow: true })
      .start();
    await again.awaitTermination();
    expect(again.id).toBe(q.id);
  });

  it('refuses a second active query with the same name', async () => {
    const q = await (await writer('named'))
      .queryName('same')
      .foreachBatch(() => {})
      .start();
    await expect(
      (await writer('named2'))
        .queryName('same')
        .foreachBatch(() => {})
        .start(),
    ).rejects.toMatchObject({
      errorClass: 'STREAMING_QUERY_ALREADY_ACTIVE',
    });
    await q.stop();
  });

  it('tells listeners of start, progress and termination, and awaitAnyTermination returns when one ends', async () => {
    fx.spark.streams.resetTerminated();
    const events: string[] = [];
    const listener = {
      onQueryStarted: (e: { name: string | null }) => events.push(`started ${e.name}`),
      onQueryProgress: (e: { progress: { batchId: number; numInputRows: number } }) =>
        events.push(`progress ${e.progress.batchId} ${e.progress.numInputRows}`),
      onQueryTerminated: (e: { exception: string | null }) => events.push(`terminated ${e.exception}`),
    };
    fx.spark.streams.addListener(listener);
    expect(await fx.spark.streams.awaitAnyTermination(0.05)).toBe(false);
    const q = await (await writer('heard'))
      .queryName('heard')
      .foreachBatch(() => {})
      .trigger({ availableNow: true })
      .start();
    await fx.spark.streams.awaitAnyTermination();
    expect(q.isActive).toBe(false);
    expect(events).toEqual(['started heard', 'progress 0 1', 'terminated null']);
    fx.spark.streams.removeListener(listener);
  });

  it('rethrows the error of a failed query from awaitAnyTermination and reports it to listeners', async () => {
    fx.spark.streams.resetTerminated();
    const ended: (string | null)[][] = [];
    const listener = {
      onQueryTerminated: (e: { exception: string | null; errorClassOnException: string | null }) =>
        ended.push([e.exception, e.errorClassOnException]),
    };
    fx.spark.streams.addListener(listener);
    await (await writer('broken'))
      .foreachBatch(() => {
        throw new Error('batch broke');
      })
      .trigger({ availableNow: true })
      .start();
    await expect(fx.spark.streams.awaitAnyTermination()).rejects.toThrow('batch broke');
    fx.spark.streams.resetTerminated();
    await (await writer('classed'))
      .foreachBatch(async (batch) => {
        await batch.sparkSession.sql('SELECT * FROM no_such_table');
      })
      .trigger({ availableNow: true })
      .start();
    await expect(fx.spark.streams.awaitAnyTermination()).rejects.toThrow('no_such_table');
    expect(ended).toEqual([
      ['batch broke', null],
      [expect.stringContaining('no_such_table'), 'TABLE_OR_VIEW_NOT_FOUND'],
    ]);
    fx.spark.streams.removeListener(listener);
  });
});
