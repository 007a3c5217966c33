import type { ObjectStore } from '../storage/object-store.js';
import type { StructType } from '../types/data-types.js';
import type { DeltaWarning } from './log-warnings.js';
import type { SnapshotCache } from './snapshot-cache.js';

/**
 * What the Delta layer needs from a Parquet implementation (checkpoints and sidecars are Parquet).
 * `engine/` implements it with DuckDB; `delta/` never imports DuckDB.
 */
export interface ParquetHandler {
  /**
   * The session's cache of latest snapshots (snapshot-cache.ts), carried by the object a session hands the
   * Delta layer (as delta-kernel hands one Engine); without it every load replays the log from its checkpoint.
   */
  readonly snapshotCache?: SnapshotCache;
  /**
   * Where the Delta layer's warnings go (log-warnings.ts): a checkpoint passed over because it failed to
   * read, a post-commit checkpoint that failed. Without it they are Node process warnings.
   */
  readonly onWarning?: (warning: DeltaWarning) => void;
  /**
   * Reads every row of the Parquet file at `path` (a key of `store`) as JSON-compatible objects, the way the
   * row would appear in a JSON commit: structs as objects, maps as objects keyed by the map key, lists as
   * arrays, int64 as number, absent/NULL values as null. `columns` limits the top-level columns read.
   * Fails with ObjectNotFoundError when the file does not exist.
   */
  readRows(store: ObjectStore, path: string, columns?: readonly string[]): Promise<Record<string, unknown>[]>;
  /**
   * Writes `rows` (JSON-compatible objects as above) as one Parquet file at `path` with exactly `schema`
   * (Delta types; maps written as Parquet MAP, longs as INT64). Overwrites, atomically: a reader of `path`
   * sees the old file, the new one or none, never a part (the file is written under a temporary name and
   * published with the store's `put`). Returns the file size in bytes.
   */
  writeRows(
    store: ObjectStore,
    path: string,
    schema: StructType,
    rows: readonly Record<string, unknown>[],
  ): Promise<{ size: number }>;
}
