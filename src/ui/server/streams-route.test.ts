/**
 * GET /api/streams: the warehouse's streaming queries, found through its registry: a `lakesql ingest` run
 * on the warehouse with its batches, a query whose process died while it was active, and a failed one.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingestCommand } from '../../cli/ingest/ingest-command.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { QUERY_STATUS_FILE, registerStream } from '../../streaming/index.js';
import type { StreamSummary } from './streams-route.js';
import { useUiServer } from './testing/ui-server-fixture.js';

const fx = useUiServer('lakesql-ui-streams-');

/** A pid no process has: above Linux's pid_max ceiling (2^22). */
const GONE_PID = 2 ** 22 + 7;

async function fakeQuery(id: string, status: Record<string, unknown>): Promise<string> {
  const checkpoint = path.join(fx.sql.dir, 'fake', id);
  await mkdir(checkpoint, { recursive: true });
  const progress = {
    batchId: 4,
    numInputRows: 10,
    timestamp: '2026-12-07T10:00:00.000Z',
    batchDuration: 50,
    processedRowsPerSecond: 200,
    inputRowsPerSecond: 5,
  };
  await writeFile(
    path.join(checkpoint, QUERY_STATUS_FILE),
    JSON.stringify({
      id,
      runId: 'run',
      name: id,
      pid: GONE_PID,
      startedAt: '2026-12-07T10:00:00.000Z',
      updatedAt: '2026-12-07T10:00:01.000Z',
      lastProgress: progress,
      recentProgress: [progress],
      error: null,
      ...status,
    }),
  );
  await registerStream(storeForUrl(fx.sql.session.warehouse), { id, name: id, checkpoint });
  return checkpoint;
}

describe('lakesql ui server: streams and jobs', () => {
  it('lists an ingest run on the warehouse with its batches, rates and durations', async () => {
    const src = path.join(fx.sql.dir, 'incoming');
    await mkdir(src, { recursive: true });
    await writeFile(path.join(src, 'a.json'), '{"id":1}\n{"id":2}\n');
    await new Promise((r) => setTimeout(r, 20));
    await writeFile(path.join(src, 'b.json'), '{"id":3}\n');
    const summary = await ingestCommand(
      {
        from: src,
        format: 'json',
        into: 'ingested',
        options: { maxFilesPerTrigger: '1' },
        mergeOn: [],
        trigger: { availableNow: true },
      },
      { warehouse: fx.sql.session.warehouse },
      { progress: { isTTY: false, write: () => true } },
    );
    const streams = await fx.api<StreamSummary[]>('/api/streams');
    const ingest = streams.find((s) => s.checkpoint === summary.checkpoint);
    expect(ingest).toMatchObject({ state: 'terminated', thisProcess: true, batches: 2, error: null });
    expect(ingest?.recentBatches.map((b) => [b.batchId, b.numInputRows])).toEqual([
      [0, 2],
      [1, 1],
    ]);
    for (const b of ingest?.recentBatches ?? []) {
      expect(b.batchDuration).toBeGreaterThanOrEqual(0);
      expect(b.processedRowsPerSecond).toBeGreaterThan(0);
    }
  });

  it('shows an active query whose process is gone as stopped, and a failed one with its error', async () => {
    await fakeQuery('running', { state: 'active', pid: process.pid });
    await fakeQuery('crashed', { state: 'active' });
    const error = { errorClass: 'FAILED_READ_FILE', sqlState: 'KD001', message: 'damaged' };
    await fakeQuery('broken', { state: 'failed', error });
    const streams = await fx.api<StreamSummary[]>('/api/streams');
    expect(streams.find((s) => s.id === 'crashed')).toMatchObject({
      state: 'stopped',
      pid: GONE_PID,
      thisProcess: false,
      batches: 5,
      recentBatches: [{ batchId: 4, inputRowsPerSecond: 5, processedRowsPerSecond: 200, batchDuration: 50 }],
    });
    expect(streams.find((s) => s.id === 'broken')).toMatchObject({ state: 'failed', error });
    expect(streams.find((s) => s.id === 'running')).toMatchObject({ state: 'active', thisProcess: true });
  });
});
