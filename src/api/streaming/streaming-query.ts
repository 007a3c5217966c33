/** A started streaming query (pyspark.sql.streaming.StreamingQuery). */
import type { BatchProgress } from '../../streaming/index.js';

export class StreamingQuery {
  #active = true;
  #stopRequested = false;
  #lastProgress: (BatchProgress & { id: string; runId: string; name: string | null }) | null = null;
  readonly #done: Promise<void>;

  constructor(
    readonly id: string,
    readonly runId: string,
    readonly name: string | null,
    run: (q: StreamingQuery) => Promise<void>,
  ) {
    this.#done = run(this).finally(() => {
      this.#active = false;
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

  /** Waits until the query ends; rethrows the error that ended it, if any. */
  async awaitTermination(): Promise<void> {
    await this.#done;
  }

  /** Stops after the running batch (if any) and waits for it. */
  async stop(): Promise<void> {
    this.#stopRequested = true;
    await this.#done.catch(() => {});
  }
}
