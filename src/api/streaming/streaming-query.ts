/** A started streaming query (pyspark.sql.streaming.StreamingQuery). */
import type { BatchProgress } from '../../streaming/index.js';

/**
 * Spark's SinkProgress: the sink as Spark's sinks print themselves (`DeltaSink[<path>]`, `FileSink[<path>]`,
 * `MemorySink`, `ForeachBatchSink`, …) and its rows written, -1 as Spark reports for sinks that do not
 * count them (none of these does).
 */
export interface SinkProgress {
  readonly description: string;
  readonly numOutputRows: number;
  readonly metrics: Readonly<Record<string, string>>;
}

/** Spark's StreamingQueryProgress: a batch's progress with the query's ids, its input rate and its sink. */
export interface StreamingQueryProgress extends BatchProgress {
  readonly id: string;
  readonly runId: string;
  readonly name: string | null;
  /** Rows per second since the previous batch started; 0 for the run's first batch, as Spark reports. */
  readonly inputRowsPerSecond: number;
  readonly sink: SinkProgress;
}

/** Spark's StreamingQueryStatus. */
export interface StreamingQueryStatus {
  readonly message: string;
  readonly isDataAvailable: boolean;
  readonly isTriggerActive: boolean;
}

/** What the writer tells a query about its sink and plan. */
export interface QueryDetails {
  /** The sink, as its progress describes it. */
  readonly sinkDescription: string;
  /** Prints the plan of the query's DataFrame (DataFrame.explain) and returns its text. */
  readonly explain: (extended: boolean) => Promise<string>;
  /** Prints text where the session prints. */
  readonly print: (text: string) => void;
}

/** What StreamingQuery.explain prints before the first batch, as Spark's does. */
const NO_PLAN_YET = 'No physical plan. Waiting for data.';

/** spark.sql.streaming.numRecentProgressUpdates' default: how many progress updates recentProgress keeps. */
const RECENT_PROGRESS_UPDATES = 100;

export class StreamingQuery {
  #active = true;
  #stopRequested = false;
  #recentProgress: StreamingQueryProgress[] = [];
  #exception: unknown = null;
  #batchRunning = false;
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
    private readonly details: QueryDetails,
  ) {
    this.#done = run(this)
      .catch((error: unknown) => {
        this.#exception = error;
        throw error;
      })
      .finally(() => {
        this.#active = false;
        for (const w of this.#idleWaiters) w.resolve();
        this.#idleWaiters = [];
      });
    // An error surfaces through awaitTermination(); keep it from being an unhandled rejection meanwhile.
    this.#done.catch(() => {});
  }

  /** @internal Settles when the query ends: resolved, or rejected with the error that ended it. */
  get finished(): Promise<void> {
    return this.#done;
  }

  get isActive(): boolean {
    return this.#active;
  }

  /** The most recent batch's progress, or null before the first batch. */
  get lastProgress(): StreamingQueryProgress | null {
    return this.#recentProgress.at(-1) ?? null;
  }

  /** The last progress updates, oldest first (at most spark.sql.streaming.numRecentProgressUpdates' 100). */
  get recentProgress(): readonly StreamingQueryProgress[] {
    return [...this.#recentProgress];
  }

  /** Where the query is: Spark's status messages for a stopped, running or waiting query. */
  get status(): StreamingQueryStatus {
    if (!this.#active) return { message: 'Stopped', isDataAvailable: false, isTriggerActive: false };
    if (this.#batchRunning)
      return { message: 'Processing new data', isDataAvailable: true, isTriggerActive: true };
    return { message: 'Waiting for next trigger', isDataAvailable: false, isTriggerActive: false };
  }

  /** The error that ended the query, or null while it runs or when it ended normally. */
  exception(): unknown {
    return this.#exception;
  }

  /**
   * PySpark's StreamingQuery.explain(extended): prints the plan each batch runs (the streaming DataFrame's,
   * as DataFrame.explain prints it) and returns its text; before the first batch, Spark's
   * "No physical plan. Waiting for data."
   */
  async explain(extended = false): Promise<string> {
    if (this.lastProgress === null) {
      this.details.print(NO_PLAN_YET);
      return NO_PLAN_YET;
    }
    return this.details.explain(extended);
  }

  /** @internal */
  get stopRequested(): boolean {
    return this.#stopRequested;
  }

  /** @internal A batch starts. */
  recordBatchStart(): void {
    this.#batchRunning = true;
  }

  /** @internal */
  recordProgress(p: BatchProgress): StreamingQueryProgress {
    this.#batchRunning = false;
    const previous = this.lastProgress;
    const sincePrevious = previous ? Date.parse(p.timestamp) - Date.parse(previous.timestamp) : 0;
    const inputRowsPerSecond = sincePrevious > 0 ? (p.numInputRows * 1000) / sincePrevious : 0;
    const progress = {
      id: this.id,
      runId: this.runId,
      name: this.name,
      ...p,
      inputRowsPerSecond,
      sources: p.sources.map((s) => ({ ...s, inputRowsPerSecond })),
      sink: { description: this.details.sinkDescription, numOutputRows: -1, metrics: {} },
    };
    this.#recentProgress.push(progress);
    if (this.#recentProgress.length > RECENT_PROGRESS_UPDATES) this.#recentProgress.shift();
    return progress;
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
