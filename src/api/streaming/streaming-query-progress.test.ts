/** StreamingQuery's progress, status and exception, with Spark's field names. */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { csvIdStream } from '../testing/csv-stream.js';
import { useLakeSession } from '../testing/lake-session-fixture.js';

const fx = useLakeSession('lakesql-query-progress-');

async function stream(name: string, files: Record<string, string>) {
  return (await csvIdStream(fx, name, files)).queryName(`q_${name}`).trigger({ availableNow: true });
}

describe('StreamingQuery progress', () => {
  it('keeps every batch in recentProgress with Spark field names and consistent figures', async () => {
    const q = await (await stream('ok', { 'a.csv': 'id\n1\n2\n', 'b.csv': 'id\n3\n' }))
      .foreachBatch(() => {})
      .start();
    await q.awaitTermination();
    const progress = q.recentProgress;
    expect(progress.map((p) => [p.batchId, p.numInputRows, p.name, p.id, p.runId])).toEqual([
      [0, 2, 'q_ok', q.id, q.runId],
      [1, 1, 'q_ok', q.id, q.runId],
    ]);
    expect(q.lastProgress).toEqual(progress[1]);
    for (const p of progress) {
      expect(Object.keys(p.durationMs).sort()).toEqual([
        'addBatch',
        'commitOffsets',
        'getBatch',
        'latestOffset',
        'triggerExecution',
        'walCommit',
      ]);
      const d = p.durationMs;
      // The trigger's phases, measured back to back, add up to it (each rounded to the ms it was read at).
      expect(d.triggerExecution).toBeGreaterThanOrEqual(
        d.latestOffset + d.walCommit + d.addBatch + d.commitOffsets,
      );
      expect(p.batchDuration).toBe(p.durationMs.triggerExecution);
      expect(p.sink).toEqual({ description: 'ForeachBatchSink', numOutputRows: -1, metrics: {} });
      expect(p.stateOperators).toEqual([]);
      expect(Number.isNaN(Date.parse(p.timestamp))).toBe(false);
    }
    expect(progress[0]!.inputRowsPerSecond).toBe(0);
    // Spark's SourceProgress: the file source's offsets are its log's batch ids (FileStreamSourceOffset).
    const folder = pathToFileURL(path.join(fx.dir, 'ok')).href;
    expect(progress.map((p) => p.sources)).toEqual([
      [expect.objectContaining({ startOffset: null, endOffset: { logOffset: 0 }, numInputRows: 2 })],
      [
        expect.objectContaining({
          startOffset: { logOffset: 0 },
          endOffset: { logOffset: 1 },
          numInputRows: 1,
        }),
      ],
    ]);
    expect(progress[1]!.sources[0]).toMatchObject({
      description: `FileStreamSource[${folder}/]`,
      latestOffset: null,
      inputRowsPerSecond: progress[1]!.inputRowsPerSecond,
      metrics: {},
    });
    expect(q.exception()).toBeNull();
    expect(q.status).toEqual({ message: 'Stopped', isDataAvailable: false, isTriggerActive: false });
  });

  it('reports the error that ended the query through exception()', async () => {
    const q = await (await stream('fail', { 'a.csv': 'id\n1\n' }))
      .foreachBatch(() => {
        throw new Error('the batch failed');
      })
      .start();
    await expect(q.awaitTermination()).rejects.toThrow('the batch failed');
    expect((q.exception() as Error).message).toBe('the batch failed');
    expect(q.recentProgress).toEqual([]);
    expect(q.isActive).toBe(false);
  });

  it("explain() prints Spark's waiting text before the first batch, then the plan each batch runs", async () => {
    const q = await (await stream('explain', { 'a.csv': 'id\n1\n' }))
      .trigger({ processingTime: '50 milliseconds' })
      .foreachBatch(() => {})
      .start();
    const before = await q.explain();
    await q.processAllAvailable();
    const after = await q.explain();
    await q.stop();
    expect(before).toBe('No physical plan. Waiting for data.');
    expect(after).toContain('== Physical Plan ==');
  });

  it('says a batch is running while it runs', async () => {
    let seen: unknown;
    const holder: { q?: { status: unknown } } = {};
    const q = await (await stream('status', { 'a.csv': 'id\n1\n' }))
      .foreachBatch(() => {
        seen = holder.q?.status;
      })
      .start();
    holder.q = q;
    await q.awaitTermination();
    expect(seen).toEqual({ message: 'Processing new data', isDataAvailable: true, isTriggerActive: true });
  });
});
