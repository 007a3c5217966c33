/**
 * spark.streams: PySpark's StreamingQueryManager. It knows the session's active queries, refuses to start a
 * second query with the same id (the same checkpoint) or the same name while one is active, as Spark's
 * StreamingQueryManager.startQuery does, and tells listeners when queries start, progress, idle and end.
 */

import { LakesqlError } from '../../errors/index.js';
import type { StreamingQuery, StreamingQueryProgress } from './streaming-query.js';

/** PySpark's StreamingQueryListener; each callback is optional and may be async (errors are not the query's). */
export interface StreamingQueryListener {
  onQueryStarted?(event: {
    readonly id: string;
    readonly runId: string;
    readonly name: string | null;
    readonly timestamp: string;
  }): unknown;
  onQueryProgress?(event: { readonly progress: StreamingQueryProgress }): unknown;
  onQueryIdle?(event: { readonly id: string; readonly runId: string; readonly timestamp: string }): unknown;
  onQueryTerminated?(event: {
    readonly id: string;
    readonly runId: string;
    readonly exception: string | null;
    /** The error class of the error that ended the query, when it has one (Spark 3.5's QueryTerminatedEvent). */
    readonly errorClassOnException: string | null;
  }): unknown;
}

export class StreamingQueryManager {
  readonly #active = new Map<string, StreamingQuery>();
  readonly #listeners: StreamingQueryListener[] = [];
  /** The queries that ended since the last resetTerminated(), for awaitAnyTermination(). */
  #terminated: StreamingQuery[] = [];
  #terminationWaiters: (() => void)[] = [];

  /** The queries of this session that are running. */
  get active(): StreamingQuery[] {
    return [...this.#active.values()];
  }

  /** The active query with this id, or null. */
  get(id: string): StreamingQuery | null {
    return this.#active.get(id) ?? null;
  }

  addListener(listener: StreamingQueryListener): void {
    this.#listeners.push(listener);
  }

  removeListener(listener: StreamingQueryListener): void {
    const at = this.#listeners.indexOf(listener);
    if (at >= 0) this.#listeners.splice(at, 1);
  }

  /**
   * Waits until any query ends since the last resetTerminated() (at once when one has), rethrowing its error.
   * With a timeout in seconds, tells whether one ended in time.
   */
  async awaitAnyTermination(): Promise<undefined>;
  async awaitAnyTermination(timeoutSeconds: number): Promise<boolean>;
  async awaitAnyTermination(timeoutSeconds?: number): Promise<boolean | undefined> {
    const ended = new Promise<void>((resolve) => {
      if (this.#terminated.length > 0) resolve();
      else this.#terminationWaiters.push(resolve);
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut =
      timeoutSeconds === undefined
        ? new Promise<never>(() => {})
        : new Promise<'timeout'>((resolve) => {
            timer = setTimeout(() => resolve('timeout'), timeoutSeconds * 1000);
          });
    try {
      const outcome = await Promise.race([ended.then(() => 'ended' as const), timedOut]);
      if (outcome === 'timeout') return false;
      const failed = this.#terminated.find((q) => q.exception() !== null);
      if (failed) throw failed.exception();
      return timeoutSeconds === undefined ? undefined : true;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Forgets the ended queries, so that awaitAnyTermination() waits for a new one. */
  resetTerminated(): void {
    this.#terminated = [];
  }

  /** @internal Admits a query that is about to start; refuses a second one on the same checkpoint or name. */
  admit(id: string, name: string | null): void {
    if (this.#active.has(id)) {
      throw new LakesqlError('STREAMING_QUERY_ALREADY_ACTIVE', {
        reason: `Cannot start query with id ${id} as another query with same id is already active. Perhaps you are attempting to restart a query from checkpoint that is already active.`,
      });
    }
    if (name !== null && [...this.#active.values()].some((q) => q.name === name)) {
      throw new LakesqlError('STREAMING_QUERY_ALREADY_ACTIVE', {
        reason: `Cannot start query with name ${name} as a query with that name is already active in this SparkSession`,
      });
    }
  }

  /** @internal The query started: it is active until it ends. */
  started(query: StreamingQuery): void {
    this.#active.set(query.id, query);
    this.#notify((l) =>
      l.onQueryStarted?.({ id: query.id, runId: query.runId, name: query.name, timestamp: now() }),
    );
    query.finished.then(
      () => this.#ended(query, null),
      (error: unknown) => this.#ended(query, error),
    );
  }

  /** @internal */
  progressed(progress: StreamingQueryProgress): void {
    this.#notify((l) => l.onQueryProgress?.({ progress }));
  }

  /** @internal */
  idled(query: StreamingQuery): void {
    this.#notify((l) => l.onQueryIdle?.({ id: query.id, runId: query.runId, timestamp: now() }));
  }

  #ended(query: StreamingQuery, error: unknown): void {
    if (this.#active.get(query.id) === query) this.#active.delete(query.id);
    this.#terminated.push(query);
    const exception = error === null ? null : error instanceof Error ? error.message : String(error);
    const errorClassOnException = error instanceof LakesqlError ? error.errorClass : null;
    this.#notify((l) =>
      l.onQueryTerminated?.({ id: query.id, runId: query.runId, exception, errorClassOnException }),
    );
    for (const wake of this.#terminationWaiters) wake();
    this.#terminationWaiters = [];
  }

  /** Listener errors are the listener's: Spark's listener bus logs and goes on, so one never stops a query. */
  #notify(call: (l: StreamingQueryListener) => unknown): void {
    for (const l of this.#listeners) {
      try {
        Promise.resolve(call(l)).catch(() => {});
      } catch {
        // Ignored as above.
      }
    }
  }
}

const now = () => new Date().toISOString();
