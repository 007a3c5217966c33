/**
 * `<checkpoint>/status.json`: the query's ids, state, progress and error, replaced as the query runs, so that
 * another process can watch it.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LakesqlError } from '../../errors/index.js';
import { useLakeSession } from '../testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-status-file-');

async function source(name: string, files: number): Promise<string> {
  const src = path.join(fx.dir, name, 'src');
  await mkdir(src, { recursive: true });
  for (let i = 0; i < files; i++) {
    await writeFile(path.join(src, `${i}.csv`), `id\n${i}\n${i + 10}\n`);
    await new Promise((r) => setTimeout(r, 15));
  }
  return src;
}

const stream = (src: string) =>
  fx.spark.readStream.schema('id int').option('header', true).option('maxFilesPerTrigger', 1).csv(src);

const statusOf = async (cp: string) => JSON.parse(await readFile(path.join(cp, 'status.json'), 'utf8'));

describe('the query status file', () => {
  it('is active while the query runs and terminated with its progress when it stops', async () => {
    const src = await source('run', 2);
    const cp = path.join(fx.dir, 'run/cp');
    const q = await stream(src)
      .writeStream.queryName('watched')
      .option('checkpointLocation', cp)
      .foreachBatch(() => {})
      .start();
    await q.processAllAvailable();
    const running = await statusOf(cp);
    expect(running).toMatchObject({
      id: q.id,
      runId: q.runId,
      name: 'watched',
      state: 'active',
      pid: process.pid,
    });
    await q.stop();
    const stopped = await statusOf(cp);
    expect(stopped).toMatchObject({ state: 'terminated', error: null });
    expect(stopped.recentProgress.map((p: { batchId: number }) => p.batchId)).toEqual([0, 1]);
    expect(stopped.lastProgress).toMatchObject({ id: q.id, batchId: 1, numInputRows: 2 });
    expect(Date.parse(stopped.updatedAt)).toBeGreaterThanOrEqual(Date.parse(stopped.startedAt));
  });

  it('is failed with the error class and message of the error that ended the query', async () => {
    const src = await source('fail', 1);
    const cp = path.join(fx.dir, 'fail/cp');
    const q = await stream(src)
      .writeStream.option('checkpointLocation', cp)
      .trigger({ availableNow: true })
      .foreachBatch(() => {
        throw new LakesqlError('DIVIDE_BY_ZERO', { config: '"spark.sql.ansi.enabled"' });
      })
      .start();
    await expect(q.awaitTermination()).rejects.toMatchObject({ errorClass: 'DIVIDE_BY_ZERO' });
    const failed = await statusOf(cp);
    expect(failed).toMatchObject({
      id: q.id,
      state: 'failed',
      lastProgress: null,
      recentProgress: [],
      error: { errorClass: 'DIVIDE_BY_ZERO', sqlState: '22012' },
    });
    expect(failed.error.message).toContain('[DIVIDE_BY_ZERO]');
  });
});

describe('the warehouse stream registry', () => {
  it('lists each query once, by its checkpoint, however often it starts', async () => {
    const { registeredStreams } = await import('../../streaming/index.js');
    const { storeForUrl } = await import('../../storage/store-for-url.js');
    const src = await source('listed', 1);
    const cp = path.join(fx.dir, 'listed/cp');
    for (let run = 0; run < 2; run++) {
      const q = await stream(src)
        .writeStream.queryName('listed')
        .option('checkpointLocation', cp)
        .trigger({ availableNow: true })
        .foreachBatch(() => {})
        .start();
      await q.awaitTermination();
    }
    const listed = (await registeredStreams(storeForUrl(fx.spark.sqlSession.warehouse))).filter(
      (s) => s.name === 'listed',
    );
    expect(listed).toEqual([
      { id: expect.any(String), name: 'listed', checkpoint: cp, registeredAt: expect.any(String) },
    ]);
  });
});
