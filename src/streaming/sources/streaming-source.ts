/**
 * A source of a micro-batch query, in the shape of Spark's Source with admission control
 * (`latestOffset(start, limit)`, `getBatch(start, end)`) and SupportsTriggerAvailableNow. The micro-batch
 * loop drives any source through it; the file source (file-source.ts) and the Delta table source
 * (delta-source.ts) implement it. Offsets are JSON values: the loop writes a batch's end offset as the
 * source line of `offsets/<batchId>` and hands it back after a restart.
 */
export interface StreamingSource<Offset, Batch> {
  /** Reads an offset back from its JSON form (the source line of `offsets/<batchId>`). */
  parseOffset(json: unknown): Offset;
  /** The JSON form of an offset, written to `offsets/<batchId>`. */
  offsetJson(offset: Offset): unknown;
  /**
   * Trigger availableNow: fixes the end of this run at the data available now (after `start`, the end of
   * the last planned batch), so the query stops once it has processed it.
   */
  prepareForTriggerAvailableNow(start: Offset | undefined): Promise<void>;
  /**
   * The end offset of the next batch after `start` (undefined: no batch was ever planned), admitting all
   * available data when `readAll` (trigger once), else at most the source's per-trigger limit. Returns
   * `start` itself (or undefined) when there is nothing new. `batchId` is the id the batch will take (a
   * file source logs its files under it).
   */
  latestOffset(start: Offset | undefined, batchId: number, readAll: boolean): Promise<Offset | undefined>;
  /** The data between two offsets: after `start` (exclusive) up to `end` (inclusive). Deterministic. */
  getBatch(start: Offset | undefined, end: Offset, batchId: number): Promise<Batch>;
  /**
   * Spark's Source.commit: the batch ending at `end` has committed (also called again for the last
   * committed batch when a query restarts, so work a crash cut short is finished). Idempotent.
   */
  commit?(end: Offset): Promise<void>;
  /**
   * True when `commit` moves or deletes source data (cleanSource): the batch could not be re-run after
   * that, so its `commits/<id>` must reach the disk first (it is otherwise written without an fsync).
   */
  readonly commitRemovesData?: boolean;
}
