/**
 * The streams and jobs page's data: every streaming query the warehouse's registry names (this process's
 * own and `lakesql ingest` processes', streaming/checkpoint/stream-registry.ts), each with the record its checkpoint's
 * status file holds (streaming/checkpoint/query-status-file.ts): state, the process, recent batches with their input
 * and processing rates and durations, and the error that ended a failed query. A query recorded as active
 * whose process is gone crashed or was killed: it shows as `stopped`, since it will write no more.
 */
import type { SqlSession } from '../../exec/session/sql-session.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import {
  type BatchProgress,
  CheckpointLog,
  type QueryStatusRecord,
  readQueryStatus,
  registeredStreams,
} from '../../streaming/index.js';

export type StreamState = 'active' | 'terminated' | 'failed' | 'stopped' | 'not started';

export interface StreamBatch {
  readonly batchId: number;
  readonly timestamp: string;
  readonly numInputRows: number;
  /** Rows per second since the previous batch started (0 for a run's first batch, as Spark reports). */
  readonly inputRowsPerSecond: number;
  readonly processedRowsPerSecond: number;
  readonly batchDuration: number;
}

export interface StreamSummary {
  readonly id: string;
  readonly name: string | null;
  readonly checkpoint: string;
  readonly state: StreamState;
  readonly pid: number | null;
  /** True for a query this server's own process runs (the UI's session), false for another process's. */
  readonly thisProcess: boolean;
  readonly startedAt: string | null;
  readonly updatedAt: string | null;
  /** Batches completed since the checkpoint was created (batch ids count from 0). */
  readonly batches: number;
  /** The last batches, oldest first (the status file keeps the last 20). */
  readonly recentBatches: readonly StreamBatch[];
  readonly error: QueryStatusRecord['error'];
}

export async function streamSummaries(session: SqlSession): Promise<StreamSummary[]> {
  const entries = await registeredStreams(storeForUrl(session.warehouse));
  return Promise.all(
    entries.map(async (entry) => {
      let status: QueryStatusRecord | undefined;
      try {
        status = await readQueryStatus(new CheckpointLog(storeForUrl(entry.checkpoint)));
      } catch {
        // A checkpoint deleted, or a status file being replaced: shown as not started.
      }
      return summary(entry, status);
    }),
  );
}

function summary(
  entry: { id: string; name: string | null; checkpoint: string },
  status: QueryStatusRecord | undefined,
): StreamSummary {
  if (status === undefined) {
    return {
      ...entry,
      state: 'not started',
      pid: null,
      thisProcess: false,
      startedAt: null,
      updatedAt: null,
      batches: 0,
      recentBatches: [],
      error: null,
    };
  }
  const state: StreamState =
    status.state === 'active' && !processAlive(status.pid) ? 'stopped' : status.state;
  return {
    ...entry,
    name: status.name ?? entry.name,
    state,
    pid: status.pid,
    thisProcess: status.pid === process.pid,
    startedAt: status.startedAt,
    updatedAt: status.updatedAt,
    batches: status.lastProgress === null ? 0 : status.lastProgress.batchId + 1,
    recentBatches: status.recentProgress.map(batch),
    error: status.error,
  };
}

function batch(p: BatchProgress & { inputRowsPerSecond?: number }): StreamBatch {
  return {
    batchId: p.batchId,
    timestamp: p.timestamp,
    numInputRows: p.numInputRows,
    inputRowsPerSecond: p.inputRowsPerSecond ?? 0,
    processedRowsPerSecond: p.processedRowsPerSecond,
    batchDuration: p.batchDuration,
  };
}

/** Signal 0 asks whether the process exists without touching it; EPERM means it exists as another user's. */
function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
