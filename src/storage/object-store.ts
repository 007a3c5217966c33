/**
 * The one interface through which table data and logs are read and written.
 *
 * Paths are keys relative to the store's root, separated by `/`, never starting with `/`, with no empty, `.` or
 * `..` segment (object-key.ts; a bad key is a bug and fails with a plain Error). Names shaped like
 * `.<name>.<random>.tmp` are reserved for in-flight writes: they cannot be written, and listings skip them.
 * Contract of each method (in the manner of delta-kernel's Engine traits):
 * - `get`/`getRange`/`head` fail with `ObjectNotFoundError` when the key does not exist (a folder is not an
 *   object). `getRange` returns bytes `[start, start + length)` cut short at the end of the object; a negative
 *   or fractional start or length is a RangeError.
 * - `put` replaces the object atomically: readers see the old bytes or the new, never a mix.
 * - `putIfAbsent` is atomic: of concurrent writers of one key exactly one succeeds and every other gets
 *   `ObjectAlreadyExistsError`; readers never observe a partially written object under the key.
 * - `list(prefix)` returns every object whose key starts with `prefix` (recursively), sorted by key in
 *   lexicographic (UTF-16 code unit, which equals byte order for ASCII keys) order. A missing prefix lists nothing.
 * - `listFrom(prefix, startAfter)` is `list(prefix)` less the keys that sort at or before `startAfter`, with no
 *   cost for the keys it leaves out beyond their names (an object store's `StartAfter`; the local store lists
 *   the folder's names and looks up sizes only for the keys it returns). Delta's log reader lists from its last
 *   checkpoint's version this way, however long the log is.
 * - `delete` of a missing key is not an error.
 */
/** How `put` writes. */
export interface PutOptions {
  /**
   * false: the bytes need not reach stable storage before `put` returns (a local disk skips the fsync; the
   * write stays atomic). Only for a new object under a fresh name that nothing reads until a later commit
   * names it, such as a deletion vector file: Delta's data files are written so (Spark and delta-rs never
   * fsync them, nor does DuckDB's COPY), and the commit file, written durably, is the one barrier. Also for an
   * object whose loss in a power failure its writer recovers from: a streaming checkpoint's `commits/<id>`
   * (the batch re-runs into an idempotent sink) and advisory status files. Default true.
   */
  readonly durable?: boolean;
}

export interface ObjectMeta {
  readonly path: string;
  readonly size: number;
  /** Milliseconds since the epoch. */
  readonly lastModified: number;
}

export interface ObjectStore {
  /** A URL for the root, for messages and for resolving table paths (`file:///abs/dir/`, `memory://name/`). */
  readonly rootUrl: string;
  get(path: string): Promise<Uint8Array>;
  getRange(path: string, start: number, length: number): Promise<Uint8Array>;
  /**
   * `getRange`, synchronously, where the store can (a local disk, memory): for callers that cannot wait,
   * such as DuckDB's table-function callbacks. Stores of remote objects leave it out.
   */
  getRangeSync?(path: string, start: number, length: number): Uint8Array;
  head(path: string): Promise<ObjectMeta>;
  /**
   * `head`, with undefined for a missing key instead of an ObjectNotFoundError: for existence checks on
   * hot paths (a cached snapshot's freshness check asks for the next commit, normally missing, on every
   * table reference of every query), where building an error and its stack costs more than a local lookup.
   * Stores that leave it out are asked through `head`.
   */
  headIfExists?(path: string): Promise<ObjectMeta | undefined>;
  put(path: string, data: Uint8Array | string, options?: PutOptions): Promise<void>;
  putIfAbsent(path: string, data: Uint8Array | string): Promise<void>;
  list(prefix: string): Promise<ObjectMeta[]>;
  listFrom(prefix: string, startAfter: string): Promise<ObjectMeta[]>;
  delete(path: string): Promise<void>;
  /**
   * Every folder under `prefix` (recursively), as keys ending in `/`, sorted. Only stores with real folders
   * (a local disk) have them: a folder can outlive its files there, and VACUUM removes the empty ones as
   * Delta does. Stores of plain keys leave it out.
   */
  listFolders?(prefix: string): Promise<string[]>;
  /**
   * The files and the folders (keys ending in `/`) directly in `folder` (`''` or ending in `/`), each sorted:
   * one level of a tree, for walks that must not list what they will not descend into (a glob such as
   * `/usr/lib/*` + `/nomatch` lists one folder per level, not the whole tree). Stores of plain keys leave it
   * out; their callers fall back to `list`.
   */
  listLevel?(folder: string): Promise<{ files: ObjectMeta[]; folders: string[] }>;
  /** Removes the folder `path` (ending in `/`) when it is empty; false when it holds anything or is gone. */
  deleteEmptyFolder?(path: string): Promise<boolean>;
  /**
   * The in-flight temp files (`.<name>.<random>.tmp`, which `list` skips) directly in `folder` (`''` or
   * ending in `/`), with their ages: a writer killed between writing and publishing leaves one behind, and
   * only whoever knows how long a write may take can tell it abandoned (delta/abandoned-temp-files.ts).
   * `delete` removes one. Stores that publish without temp files (memory) leave it out.
   */
  listInFlight?(folder: string): Promise<ObjectMeta[]>;
  /** The absolute local filesystem path of a key, for engines that read files themselves; undefined when the store is not local. */
  localPath(path: string): string | undefined;
}

export class ObjectNotFoundError extends Error {
  readonly path: string;
  constructor(path: string, options?: { cause?: unknown }) {
    super(`object not found: ${path}`, options);
    this.name = 'ObjectNotFoundError';
    this.path = path;
  }
}

export class ObjectAlreadyExistsError extends Error {
  readonly path: string;
  constructor(path: string) {
    super(`object already exists: ${path}`);
    this.name = 'ObjectAlreadyExistsError';
    this.path = path;
  }
}
