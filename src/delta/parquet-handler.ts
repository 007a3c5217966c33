import type { ObjectStore } from '../storage/object-store.js';
import type { StructType } from '../types/data-types.js';
import type { DeltaWarning } from './log-warnings.js';
import type { SnapshotCache } from './snapshot-cache.js';

/**
 * What the Delta layer needs from a Parquet implementation (checkpoints and sidecars are Parquet).
 * `engine/` implements it with DuckDB; `delta/` never imports DuckDB.
 */
export interface ReadRowsOptions {
  /** Leave out the rows in which every column read is null (a checkpoint's adds when only its other actions are read). */
  readonly skipAllNull?: boolean;
}

/** A leaf value as a JSON commit has it: text, a number (int64 too), a boolean, or null. */
export type LeafValue = string | number | boolean | null;

export type StringMap = Readonly<Record<string, string | null>>;

/** The columns of one Parquet file (ParquetHandler.openColumns); paths name fields from the top level. */
export interface ParquetColumns {
  readonly numRows: number;
  /** The names of the fields of the group at `path`; undefined when the file has no such column. */
  childNames(path: readonly string[]): readonly string[] | undefined;
  /**
   * How many values of the leaf at `path` are not null, from the file's footer statistics alone; undefined
   * when a row group has none.
   */
  nonNullCount(path: readonly string[]): number | undefined;
  /** One value per row of a leaf with no list or map above it: null where it or a struct above it is null. */
  leaf(path: readonly string[]): readonly LeafValue[];
  /** One object per row of a MAP of strings with no list above it; null where the map or a struct above it is. */
  stringMap(path: readonly string[]): readonly (StringMap | null)[];
  /**
   * The rows in which at least one of the top-level `columns` is not null, as readRows with `skipAllNull`
   * gives them (a checkpoint's actions other than its adds, read from the bytes already in memory).
   */
  definedRows(columns: readonly string[]): Record<string, unknown>[];
}

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
  readRows(
    store: ObjectStore,
    path: string,
    columns?: readonly string[],
    options?: ReadRowsOptions,
  ): Promise<Record<string, unknown>[]>;
  /**
   * The file at `path` held in memory, its leaf columns decoded one at a time when asked (synchronously, so
   * that a snapshot can decode a checkpoint's stats the first time a scan needs them); undefined when the
   * handler would rather read this file as rows. Optional: a handler without it has every checkpoint read
   * as rows.
   */
  openColumns?(store: ObjectStore, path: string): Promise<ParquetColumns | undefined>;
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
