/**
 * `<checkpoint>/status.json`: where a streaming query stands, for another process to watch (`lakesql ingest`
 * in a second terminal, a web UI). Spark keeps this in the driver's memory only (StreamingQuery.status,
 * recentProgress, exception); lakesql also writes it beside the query's checkpoint, replacing the file
 * atomically on start, after each batch and at the end, so a reader always sees one whole record. Spark
 * ignores unknown files in a checkpoint folder, so the folder stays usable by Spark.
 */

import type { BatchProgress } from '../execution/micro-batch-loop.js';
import type { CheckpointLog } from './checkpoint-log.js';

export const QUERY_STATUS_FILE = 'status.json';

/** How many progress objects the file keeps (the query object itself keeps 100, as Spark does). */
export const STATUS_RECENT_PROGRESS = 20;

export type QueryState = 'active' | 'terminated' | 'failed';

/** What ended a failed query: the error class and SQLSTATE of a LakesqlError, and its message. */
export interface QueryStatusError {
  readonly errorClass: string | null;
  readonly sqlState: string | null;
  readonly message: string;
}

export interface QueryStatusRecord {
  readonly id: string;
  readonly runId: string;
  readonly name: string | null;
  readonly state: QueryState;
  /** The process running the query, so a watcher can tell a crashed run (state active, process gone). */
  readonly pid: number;
  readonly startedAt: string;
  readonly updatedAt: string;
  readonly lastProgress: BatchProgress | null;
  /** Oldest first, at most STATUS_RECENT_PROGRESS. */
  readonly recentProgress: readonly BatchProgress[];
  readonly error: QueryStatusError | null;
}

export interface QueryIdentity {
  readonly id: string;
  readonly runId: string;
  readonly name: string | null;
}

export class QueryStatusFile {
  readonly #startedAt = new Date().toISOString();
  #recent: BatchProgress[] = [];
  /** Writes run one after another, so an older record never replaces a newer one. */
  #writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly checkpoint: CheckpointLog,
    private readonly query: QueryIdentity,
  ) {}

  started(): Promise<void> {
    return this.write('active', null);
  }

  /** A batch finished; the write is queued (`ended` waits for it and fails if it failed). Returns `progress`. */
  progressed<P extends BatchProgress>(progress: P): P {
    this.#recent.push(progress);
    if (this.#recent.length > STATUS_RECENT_PROGRESS) this.#recent.shift();
    this.write('active', null).catch(() => {});
    return progress;
  }

  /** `loop` (a query's run), recording at its end whether it terminated or failed, and with what. */
  tracking<A extends unknown[]>(loop: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
    return async (...args) => {
      try {
        await loop(...args);
      } catch (error) {
        await this.ended(error);
        throw error;
      }
      await this.ended();
    };
  }

  /** The query ended, normally or with `error`; resolves once the final record is written. */
  ended(error?: unknown): Promise<void> {
    return this.write(
      error === undefined ? 'terminated' : 'failed',
      error === undefined ? null : statusError(error),
    );
  }

  private write(state: QueryState, error: QueryStatusError | null): Promise<void> {
    const record: QueryStatusRecord = {
      ...this.query,
      state,
      pid: process.pid,
      startedAt: this.#startedAt,
      updatedAt: new Date().toISOString(),
      lastProgress: this.#recent.at(-1) ?? null,
      recentProgress: [...this.#recent],
      error,
    };
    const body = `${JSON.stringify(record, null, 2)}\n`;
    // Advisory: a watcher reads it, nothing recovers from it, so it is replaced atomically but not fsynced.
    this.#writing = this.#writing.then(() =>
      this.checkpoint.writeState(QUERY_STATUS_FILE, body, { durable: false }),
    );
    return this.#writing;
  }
}

/** The record a query wrote in its checkpoint, or undefined before any query ran there. */
export async function readQueryStatus(checkpoint: CheckpointLog): Promise<QueryStatusRecord | undefined> {
  const text = await checkpoint.readState(QUERY_STATUS_FILE);
  return text === undefined ? undefined : (JSON.parse(text) as QueryStatusRecord);
}

function statusError(error: unknown): QueryStatusError {
  const e = error as { errorClass?: unknown; sqlState?: unknown; message?: unknown };
  return {
    errorClass: typeof e?.errorClass === 'string' ? e.errorClass : null,
    sqlState: typeof e?.sqlState === 'string' ? e.sqlState : null,
    message: typeof e?.message === 'string' ? e.message : String(error),
  };
}
