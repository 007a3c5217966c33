/** A started streaming query (pyspark.sql.streaming.StreamingQuery). */
import type { BatchProgress } from '../../streaming/index.js';

export class StreamingQuery {
  #active = true;
  #stopRequested = false;
  #lastProgress: (BatchProgress & { id: string; runId: string; name: string | null }) | null = null;
  readonly #done: Promise<void>;
  /** Wakes a paused trigger loop when stop() is called. */
  #wake: (() => void) | undefined;
  /** processAllAvailable() callers, each waiting for an idle listing that started after its call. */
  #idleWaiters: { since: number; resolve: () => void }[] = [];

  constructor(
    readonly id: string,
    readonly runId: string,
    readonly name: string | null,
    run: (q: StreamingQuery) => Promise<void>,
  ) {
    this.#done = run(this).finally(() => {
      this.#active = false;
      for (const w of this.#idleWaiters) w.resolve();
      this.#idleWaiters = [];
    });
    // An error surfaces through awaitTermination(); keep it from being an unhandled rejection meanwhile.
    this.#done.catch(() => {});
  }

  get isActive(): boolean {
    return this.#active;
  }

  get lastProgress(): (BatchProgress & { id: string; runId: string; name: string | null }) | null {
    return this.#lastProgress;
  }

  /** @internal */
  get stopRequested(): boolean {
    return this.#stopRequested;
  }

  /** @internal */
  recordProgress(p: BatchProgress): void {
    this.#lastProgress = { id: this.id, runId: this.runId, name: this.name, ...p };
  }

  /** @internal Waits `ms`, or less when the query is stopped meanwhile. */
  pause(ms: number): Promise<void> {
    if (this.#stopRequested) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** @internal A trigger's listing that started at `listedAt` found nothing new. */
  recordIdle(listedAt: number): void {
    // Strictly after: a listing started in the same millisecond as the call may have missed its files.
    const ready = this.#idleWaiters.filter((w) => w.since < listedAt);
    this.#idleWaiters = this.#idleWaiters.filter((w) => w.since >= listedAt);
    for (const w of ready) w.resolve();
  }

  /**
   * Waits until the query ends; rethrows the error that ended it, if any. With a timeout (in seconds, as
   * PySpark's), waits at most that long and tells whether the query has ended.
   */
  async awaitTermination(): Promise<undefined>;
  async awaitTermination(timeoutSeconds: number): Promise<boolean>;
  async awaitTermination(timeoutSeconds?: number): Promise<boolean | undefined> {
    if (timeoutSeconds === undefined) {
      await this.#done;
      return undefined;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutSeconds * 1000);
    });
    try {
      return (await Promise.race([this.#done.then(() => 'done' as const), timedOut])) === 'done';
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Blocks until every file present in the source when called has been processed and committed: the
   * next trigger that lists the source after this call and finds nothing new. Returns at once when the
   * query has ended (rethrowing its error).
   */
  async processAllAvailable(): Promise<void> {
    if (!this.#active) return this.#done;
    const since = Date.now();
    await new Promise<void>((resolve) => this.#idleWaiters.push({ since, resolve }));
    if (!this.#active) await this.#done;
  }

  /** Stops after the running batch (if any) and waits for it. */
  async stop(): Promise<void> {
    this.#stopRequested = true;
    this.#wake?.();
    await this.#done.catch(() => {});
  }
}
