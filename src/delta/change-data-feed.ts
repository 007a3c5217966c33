/**
 * The change data feed of a Delta table between two versions (PROTOCOL.md "Change Data Files", "Add CDC
 * File"; Databricks' table_changes): for each commit in the range, which files hold its changed rows and
 * under which `_change_type`, with the commit's version and timestamp.
 *
 * A commit that wrote `cdc` actions describes its changes completely in those files (their rows carry
 * `_change_type`: insert, delete, update_preimage, update_postimage), and its add/remove actions must then
 * be ignored: they also hold unchanged rows copied by a rewrite. A commit without `cdc` actions changed
 * whole files, so the rows of its `add` actions are inserts and those of its `remove` actions deletes, as
 * long as the action has dataChange=true (OPTIMIZE and other rearrangements set it false).
 */
import { LakesqlError } from '../errors/index.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { Action, AddFile, Metadata } from './actions.js';
import { type CommitTimestamp, commitTimestamps } from './commit-timestamps.js';
import { buildLogSegment, listLogFiles, readCommitActions } from './log-segment.js';
import type { ParquetHandler } from './parquet-handler.js';
import type { ScanFile } from './scan-plan.js';
import { parseSchemaString } from './schema.js';
import { loadSnapshot, type Snapshot } from './snapshot.js';
import { resolveFileLocation } from './table-paths.js';

export const CHANGE_DATA_FEED_KEY = 'delta.enableChangeDataFeed';
export const CHANGE_TYPE_COLUMN = '_change_type';
export const COMMIT_VERSION_COLUMN = '_commit_version';
export const COMMIT_TIMESTAMP_COLUMN = '_commit_timestamp';

/** A version number, or an instant (ms since epoch, Date or ISO text) resolved against commit timestamps. */
export type ChangeDataBound = { readonly version: number } | { readonly timestamp: number | Date | string };

/**
 * One file of the feed. For `cdc` files the rows carry their own `_change_type`; for files of add / remove
 * actions `changeType` says what all of their rows are. A remove's deletion vector (rows already gone
 * before the commit) travels in `file.add.deletionVector`, so readers honour it as they do for adds.
 */
export interface ChangeDataFile {
  readonly source: 'cdc' | 'add' | 'remove' | 'deletionVectorUpdate';
  readonly changeType: 'insert' | 'delete' | undefined;
  readonly file: ScanFile;
  /**
   * For 'deletionVectorUpdate' (a remove and an add of the same file in one commit, changing only its
   * deletion vector): the file as added. Rows live in `file` (old vector) but not in `after` were deleted,
   * rows live only in `after` (a RESTORE shrinking the vector) inserted.
   */
  readonly after?: ScanFile;
  readonly commitVersion: number;
  /** The commit's timestamp (ms): the in-commit timestamp where enabled, else the commit file's time. */
  readonly commitTimestamp: number;
}

export interface ChangeDataPlan {
  readonly startVersion: number;
  readonly endVersion: number;
  /** The snapshot at `endVersion`: its schema is the feed's schema (without the three metadata columns). */
  readonly snapshot: Snapshot;
  readonly files: readonly ChangeDataFile[];
}

export function changeDataFeedEnabled(metadata: Metadata): boolean {
  return metadata.configuration[CHANGE_DATA_FEED_KEY]?.toLowerCase() === 'true';
}

/**
 * The feed adds `_change_type`, `_commit_version` and `_commit_timestamp` to the table's columns, so a table
 * with the feed on cannot have columns of those names (Delta's tableAlreadyContainsCDCColumns, checked
 * whenever a commit sets metadata).
 */
export function assertNoReservedChangeDataColumns(metadata: Metadata): void {
  if (!changeDataFeedEnabled(metadata)) return;
  const reserved = [CHANGE_TYPE_COLUMN, COMMIT_VERSION_COLUMN, COMMIT_TIMESTAMP_COLUMN];
  const names = parseSchemaString(metadata.schemaString).fields.map((f) => f.name);
  const clashing = names.filter((n) => reserved.includes(n.toLowerCase()));
  if (clashing.length > 0) {
    throw new LakesqlError('DELTA_TABLE_ALREADY_CONTAINS_CDC_COLUMNS', {
      columnList: `[${clashing.join(',')}]`,
    });
  }
}

/** Lists the change files of commits `start..end` (inclusive; `end` defaults to, and is capped at, the latest). */
export async function changeDataPlan(
  store: ObjectStore,
  parquet: ParquetHandler,
  start: ChangeDataBound,
  end?: ChangeDataBound,
): Promise<ChangeDataPlan> {
  const files = await listLogFiles(store);
  const latestSegment = buildLogSegment(files, store.rootUrl);
  const latest = latestSegment.version;
  const latestSnapshot = await loadSnapshot(store, parquet, { version: latest });
  const stamps = await commitTimestamps(store, latestSegment.commits, latestSnapshot.metadata);

  const startVersion =
    'version' in start ? start.version : firstVersionAtOrAfter(stamps, toMillis(start.timestamp), store);
  if (startVersion > latest) {
    throw new LakesqlError('DELTA_CDC_START_VERSION_AFTER_LATEST', { start: startVersion, latest });
  }
  // Delta caps an end beyond the table at its latest version rather than failing.
  const endVersion = Math.min(
    end === undefined
      ? latest
      : 'version' in end
        ? end.version
        : lastVersionAtOrBefore(stamps, toMillis(end.timestamp)),
    latest,
  );
  if (endVersion < startVersion) {
    throw new LakesqlError('DELTA_INVALID_CDC_RANGE', { start: startVersion, end: endVersion });
  }

  const snapshot =
    endVersion === latest ? latestSnapshot : await loadSnapshot(store, parquet, { version: endVersion });
  // Whether CDF was on is decided per commit by the metadata in force at that commit, as Delta's CDCReader
  // does: the snapshot at startVersion already holds commit startVersion's own metaData action.
  let metadata = (await loadSnapshot(store, parquet, { version: startVersion })).metadata;
  const timestampOf = new Map(stamps.map((s) => [s.version, s.timestamp]));
  const commitByVersion = new Map(latestSegment.commits.map((c) => [c.version, c]));
  const out: ChangeDataFile[] = [];
  for (let v = startVersion; v <= endVersion; v++) {
    const commit = commitByVersion.get(v);
    if (!commit) {
      throw new LakesqlError('DELTA_VERSIONS_NOT_CONTIGUOUS', {
        versionList: [...commitByVersion.keys()].join(', '),
      });
    }
    const actions = await readCommitActions(store, commit);
    for (const a of actions) if (a.kind === 'metaData') metadata = a.metaData;
    if (!changeDataFeedEnabled(metadata)) {
      throw new LakesqlError('DELTA_MISSING_CHANGE_DATA', {
        startVersion,
        endVersion,
        version: v,
        key: CHANGE_DATA_FEED_KEY,
      });
    }
    out.push(...changeFilesOfCommit(store.rootUrl, snapshot, actions, v, timestampOf.get(v)!));
  }
  return { startVersion, endVersion, snapshot, files: out };
}

/**
 * The change files of one commit, by Delta's rule: its cdc files when it has any, else its add and remove
 * actions with dataChange=true (a remove and an add of one path: a deletion-vector update).
 * `partitionValuesOf` parses a file's partition values with the table's schema.
 */
export function changeFilesOfCommit(
  rootUrl: string,
  table: Pick<Snapshot, 'partitionValuesOf'>,
  actions: readonly Action[],
  version: number,
  commitTimestamp: number,
): ChangeDataFile[] {
  const out: ChangeDataFile[] = [];
  const entry = (source: ChangeDataFile['source'], add: AddFile): ChangeDataFile => {
    const { location, isAbsolute } = resolveFileLocation(rootUrl, add.path);
    return {
      source,
      changeType: source === 'add' ? 'insert' : source === 'remove' ? 'delete' : undefined,
      file: { add, location, isAbsolute, partitionValues: table.partitionValuesOf(add) },
      commitVersion: version,
      commitTimestamp,
    };
  };
  const cdc = actions.flatMap((a) => (a.kind === 'cdc' ? [a.cdc] : []));
  if (cdc.length > 0) {
    return cdc.map((c) => entry('cdc', { ...c, modificationTime: commitTimestamp, dataChange: false }));
  }
  const adds = actions.flatMap((a) => (a.kind === 'add' && a.add.dataChange ? [a.add] : []));
  const removes = actions.flatMap((a) => (a.kind === 'remove' && a.remove.dataChange ? [a.remove] : []));
  const addsByPath = new Map(adds.map((a) => [a.path, a]));
  const updated = new Set<string>();
  for (const r of removes) {
    const removed: AddFile = {
      path: r.path,
      partitionValues: r.partitionValues ?? {},
      size: r.size ?? 0,
      modificationTime: r.deletionTimestamp ?? commitTimestamp,
      dataChange: true,
      ...(r.deletionVector ? { deletionVector: r.deletionVector } : {}),
    };
    const readded = addsByPath.get(r.path);
    if (readded) {
      // A deletion-vector update (DELETE/UPDATE/RESTORE with deletion vectors and no cdc files): only the
      // rows whose bit changed between the two vectors changed; the file's other rows are untouched.
      updated.add(r.path);
      out.push({
        ...entry('remove', removed),
        source: 'deletionVectorUpdate',
        after: entry('add', readded).file,
      });
    } else out.push(entry('remove', removed));
  }
  for (const a of adds) if (!updated.has(a.path)) out.push(entry('add', a));
  return out;
}

/** Delta's start-timestamp rule: the first commit at or after the instant. */
function firstVersionAtOrAfter(stamps: readonly CommitTimestamp[], ms: number, store: ObjectStore): number {
  const found = stamps.find((s) => s.timestamp >= ms);
  if (!found) {
    const last = stamps.at(-1);
    throw new LakesqlError('DELTA_TIMESTAMP_GREATER_THAN_COMMIT', {
      providedTimestamp: new Date(ms).toISOString(),
      tableName: store.rootUrl,
      maximumTimestamp: last ? new Date(last.timestamp).toISOString() : '',
    });
  }
  return found.version;
}

/** Delta's end-timestamp rule: the last commit at or before the instant (before every commit: an empty range). */
function lastVersionAtOrBefore(stamps: readonly CommitTimestamp[], ms: number): number {
  let version = -1;
  for (const s of stamps) if (s.timestamp <= ms) version = s.version;
  return version;
}

function toMillis(t: number | Date | string): number {
  if (typeof t === 'number') return t;
  if (t instanceof Date) return t.getTime();
  const ms = Date.parse(t);
  if (Number.isNaN(ms)) throw new LakesqlError('INTERNAL_ERROR', { message: `not a timestamp: ${t}` });
  return ms;
}
