/**
 * A Snapshot is the state of a Delta table at one version: protocol, metadata, live files, tombstones,
 * application transactions and domain metadata, reconstructed from a LogSegment by action reconciliation.
 * The live files of a large checkpoint stay the checkpoint's columns until asked for (checkpoint-adds.ts):
 * `numFiles` decodes nothing, `activeFiles()` and `scanPlan()` build the AddFile objects on first use.
 */
import { isLakesqlError, LakesqlError } from '../errors/index.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { StructType } from '../types/data-types.js';
import type { ScalarValue } from '../types/scalar.js';
import type {
  Action,
  AddFile,
  DomainMetadata,
  Metadata,
  Protocol,
  RemoveFile,
  SetTransaction,
} from './actions.js';
import { parseActionLines } from './actions-json.js';
import { type CheckpointContent, readCheckpointActions } from './checkpoint-reader.js';
import { columnMappingMode, physicalPartitionKey } from './column-mapping.js';
import { commitTimestamps, versionAtTimestamp } from './commit-timestamps.js';
import { fileMayMatch } from './data-skipping.js';
import type { LogFile } from './log-files.js';
import { LogReplay } from './log-replay.js';
import {
  buildLogSegment,
  type CommitFile,
  type CompactionFile,
  fromItsCheckpoint,
  type LogSegment,
  listLogFiles,
  listLogSegment,
} from './log-segment.js';
import { emitDeltaWarning } from './log-warnings.js';
import type { ParquetHandler } from './parquet-handler.js';
import { parsePartitionValue } from './partition-values.js';
import type { Predicate } from './predicate.js';
import type { ColumnMappingMode, ScanFile, ScanPlan } from './scan-plan.js';
import { parseSchemaString } from './schema.js';
import { assertReadSupported } from './table-features.js';
import { resolveFileLocation } from './table-paths.js';

export interface SnapshotOptions {
  /** Time travel to this version. */
  readonly version?: number;
  /** Time travel to the latest version committed at or before this instant (ms since epoch, Date, or ISO text). */
  readonly timestamp?: number | Date | string;
}

export class Snapshot {
  readonly columnMappingMode: ColumnMappingMode;
  #schema: StructType | undefined;

  constructor(
    readonly store: ObjectStore,
    readonly segment: LogSegment,
    readonly protocol: Protocol,
    readonly metadata: Metadata,
    private readonly state: LogReplay,
    /** The commit timestamp of this version (ms); the in-commit timestamp where that feature is on. */
    readonly timestamp: number,
  ) {
    this.columnMappingMode = columnMappingMode(metadata.configuration);
  }

  /**
   * The logical schema, parsed on first use: a snapshot whose schema lakesql cannot represent (or a
   * metaData without schemaString) still serves its history and file list.
   */
  get schema(): StructType {
    if (!this.#schema) {
      if (typeof this.metadata.schemaString !== 'string') {
        throw new LakesqlError('DELTA_INVALID_SCHEMA', {
          reason: `metaData of version ${this.version} has no schemaString`,
        });
      }
      this.#schema = parseSchemaString(this.metadata.schemaString);
    }
    return this.#schema;
  }

  get version(): number {
    return this.segment.version;
  }

  /** The reconciled state, for extendSnapshot to go on from (never changed once the snapshot exists). */
  get replayState(): LogReplay {
    return this.state;
  }

  get partitionColumns(): readonly string[] {
    return this.metadata.partitionColumns;
  }

  get configuration(): Readonly<Record<string, string>> {
    return this.metadata.configuration;
  }

  /** Versions that last changed the protocol / the metadata (for conflict checks). */
  get protocolChangedAt(): number {
    return this.state.protocolVersion;
  }

  get metadataChangedAt(): number {
    return this.state.metadataVersion;
  }

  /** Every live file as an object (the first call on a snapshot from a large checkpoint decodes its adds). */
  activeFiles(): AddFile[] {
    return [...this.state.files.values()];
  }

  get numFiles(): number {
    return this.state.files.size;
  }

  /** Remove actions still kept as tombstones (not yet expired by `delta.deletedFileRetentionDuration`). */
  tombstones(): RemoveFile[] {
    return [...this.state.tombstones.values()];
  }

  transactions(): SetTransaction[] {
    return [...this.state.txns.values()];
  }

  transactionVersion(appId: string): number | undefined {
    return this.state.txns.get(appId)?.version;
  }

  domainMetadata(): DomainMetadata[] {
    return [...this.state.domains.values()];
  }

  /** Partition values of a file parsed to their types, keyed by logical partition column name. */
  partitionValuesOf(add: AddFile): Record<string, ScalarValue> {
    const out: Record<string, ScalarValue> = {};
    for (const name of this.metadata.partitionColumns) {
      const field =
        this.schema.fields.find((f) => f.name === name) ??
        this.schema.fields.find((f) => f.name.toLowerCase() === name.toLowerCase());
      if (!field)
        throw new LakesqlError('DELTA_INVALID_SCHEMA', {
          reason: `partition column ${name} is not in the schema`,
        });
      const key = physicalPartitionKey(this.schema, name, this.columnMappingMode);
      const raw = add.partitionValues[key] ?? add.partitionValues[name] ?? null;
      out[field.name] = parsePartitionValue(raw, field.type);
    }
    return out;
  }

  /**
   * The files a scan must read: all live files, less those whose partition values or statistics prove that
   * no row can satisfy `predicate`.
   */
  scanPlan(predicate?: Predicate): ScanPlan {
    assertReadSupported(this.protocol, this.store.rootUrl, 'data');
    const files: ScanFile[] = [];
    let total = 0;
    for (const add of this.state.files.values()) {
      total++;
      const file = this.#scanFileOf(add);
      if (
        predicate &&
        !fileMayMatch(predicate, {
          add,
          partitionValues: file.partitionValues,
          partitionColumns: this.metadata.partitionColumns,
          schema: this.schema,
          columnMappingMode: this.columnMappingMode,
        })
      ) {
        continue;
      }
      files.push(file);
    }
    return {
      version: this.version,
      schema: this.schema,
      partitionColumns: this.metadata.partitionColumns,
      columnMappingMode: this.columnMappingMode,
      files,
      totalFiles: total,
    };
  }

  /**
   * The add as a scan reads it, made once per add and metadata: a cached snapshot, and the snapshots
   * extended from it, share their add objects, so every query after the first skips the partition value
   * parsing and path decoding of every file.
   */
  #scanFileOf(add: AddFile): ScanFile {
    const known = SCAN_FILES.get(add);
    if (known && known.metadata === this.metadata && known.rootUrl === this.store.rootUrl) return known.file;
    const { location, isAbsolute } = resolveFileLocation(this.store.rootUrl, add.path);
    const file: ScanFile = { add, location, isAbsolute, partitionValues: this.partitionValuesOf(add) };
    SCAN_FILES.set(add, { metadata: this.metadata, rootUrl: this.store.rootUrl, file });
    return file;
  }
}

/** ScanFiles by their add, valid for the metadata (schema, partition columns) and table root they were made under. */
const SCAN_FILES = new WeakMap<
  AddFile,
  { readonly metadata: Metadata; readonly rootUrl: string; readonly file: ScanFile }
>();

/** Reconstructs the snapshot of the table rooted at `store` at the latest version or the one asked for. */
export async function loadSnapshot(
  store: ObjectStore,
  parquet: ParquetHandler,
  options: SnapshotOptions = {},
): Promise<Snapshot> {
  const tablePath = store.rootUrl;
  if (options.version === undefined && options.timestamp === undefined) {
    const cache = parquet.snapshotCache;
    return cache ? cache.latest(tablePath, () => loadLatest(store, parquet)) : loadLatest(store, parquet);
  }
  // Time travel replays from a listing of its own: the cache holds only latest snapshots, whose history
  // (commits) does not see commits another writer has cleaned up since. A version at or after the last
  // checkpoint lists from there (a post-commit checkpoint loads the version just committed this way).
  if (options.timestamp === undefined) {
    return replaySegment(store, parquet, await listLogSegment(store, tablePath, options.version));
  }
  const files = await listLogFiles(store);
  const latest = await replaySegment(store, parquet, buildLogSegment(files, tablePath));
  const stamps = await commitTimestamps(store, latest.segment.commits, latest.metadata);
  const version = versionAtTimestamp(stamps, toMillis(options.timestamp), tablePath);
  if (version === latest.version) return latest;
  return replaySegment(store, parquet, buildLogSegment(files, tablePath, { version }));
}

async function loadLatest(store: ObjectStore, parquet: ParquetHandler): Promise<Snapshot> {
  return replaySegment(store, parquet, await listLogSegment(store, store.rootUrl));
}

/**
 * Replays `segment`. Checkpoints are optional (issue 13): one that fails to read (torn, truncated, a part or
 * sidecar gone, removed by another writer's log cleanup between listing and reading) is passed over with a
 * warning for the newest complete checkpoint below it, else the commits from version 0, as delta-spark does
 * after a corrupt checkpoint (findLastCompleteCheckpointBefore). Only when no older checkpoint or commits can
 * stand in for it does the load fail, with a typed error naming the checkpoint.
 */
async function replaySegment(
  store: ObjectStore,
  parquet: ParquetHandler,
  segment: LogSegment,
): Promise<Snapshot> {
  let current = segment;
  for (;;) {
    const replay = new LogReplay(store.rootUrl);
    if (current.checkpoint.length > 0) {
      const failed = current.checkpointVersion!;
      let content: CheckpointContent;
      try {
        content = await readCheckpointActions(store, parquet, current.checkpoint, (path, dv) =>
          replay.key(path, dv),
        );
        assertCheckpointState(content.actions, current.checkpoint[0]!.meta.path, failed);
      } catch (e) {
        if (isLakesqlError(e, 'MEMORY_LIMIT_EXCEEDED')) throw e; // not the file's fault
        const path = current.checkpoint[0]!.meta.path;
        current = await segmentBeforeCheckpoint(store, current, e);
        emitDeltaWarning(parquet, {
          code: 'DELTA_CHECKPOINT_UNREADABLE',
          message: `checkpoint ${path} of ${store.rootUrl} failed to read and was passed over for ${current.checkpointVersion === undefined ? 'the commits from version 0' : `the checkpoint of version ${current.checkpointVersion}`}`,
          path,
          cause: e,
        });
        continue;
      }
      replay.applyCheckpoint(content.actions, failed, content.addSets);
    }
    return finishSnapshot(store, current, replay, await applyDeltas(store, replay, current.deltas));
  }
}

/**
 * A checkpoint holds the table's protocol and metadata (PROTOCOL.md "Checkpoints"); one without them is
 * damaged (a Parquet file of another shape, rows lost), not a table without a schema.
 */
function assertCheckpointState(actions: readonly Action[], path: string, version: number): void {
  const missing = !actions.some((a) => a.kind === 'protocol')
    ? 'protocol'
    : !actions.some((a) => a.kind === 'metaData')
      ? 'metaData'
      : undefined;
  if (missing !== undefined) {
    throw new LakesqlError('DELTA_STATE_RECOVER_ERROR', {
      component: `checkpoint ${path} (no ${missing} action)`,
      version,
    });
  }
}

/**
 * The segment of the same version built on a checkpoint older than `segment`'s, from a listing of the whole
 * log (the failed segment may have been listed from its checkpoint only). When nothing older can rebuild the
 * version (the commits before the checkpoint cleaned up), the checkpoint's own failure is the error.
 */
async function segmentBeforeCheckpoint(
  store: ObjectStore,
  segment: LogSegment,
  failure: unknown,
): Promise<LogSegment> {
  const failed = segment.checkpointVersion!;
  try {
    return buildLogSegment(await listLogFiles(store), store.rootUrl, {
      version: segment.version,
      checkpointBefore: failed,
    });
  } catch (e) {
    if (!(e instanceof LakesqlError)) throw e;
    if (failure instanceof LakesqlError) throw failure;
    // The reader's own text (DuckDB's, the Parquet decoder's) stays in the cause, out of the message.
    const path = segment.checkpoint[0]!.meta.path;
    throw new LakesqlError(
      'DELTA_STATE_RECOVER_ERROR',
      {
        component: `checkpoint ${path} (unreadable, and no older checkpoint or commits replace it)`,
        version: segment.version,
      },
      { cause: failure },
    );
  }
}

/**
 * The snapshot at the last of `commits`, from `base` and the commits after it (ascending, contiguous from
 * `base.version + 1`): only those commits are read (snapshot-cache.ts), `base` is left as it was.
 * `segment` is the table's LogSegment at that version as a fresh load would build it (it may name a
 * checkpoint written since `base`): replaying `base` and the new commits gives the same state.
 */
export async function extendSnapshot(
  base: Snapshot,
  commits: readonly CommitFile[],
  segment: LogSegment,
  /** The commits' text when the caller has it (a commit this process just wrote): then none is read. */
  texts?: readonly string[],
): Promise<Snapshot> {
  if (commits.length === 0) return base;
  commits.forEach((c, i) => {
    if (c.version !== base.version + 1 + i) {
      throw new Error(`extendSnapshot: commit ${c.version} does not follow version ${base.version + i}`);
    }
  });
  if (segment.version !== commits.at(-1)!.version) {
    throw new Error(
      `extendSnapshot: segment of version ${segment.version}, commits up to ${commits.at(-1)!.version}`,
    );
  }
  const replay = new LogReplay(base.store.rootUrl, base.replayState);
  const lastCommitInfoTs = await applyDeltas(base.store, replay, commits, texts);
  return finishSnapshot(base.store, segment, replay, lastCommitInfoTs);
}

/**
 * The snapshot right after `base`: `base` with one commit this process wrote (its text in hand), the log
 * segment extended by it as a fresh load would build it. Nothing is listed or read.
 */
export function snapshotAfterCommit(
  base: Snapshot,
  commit: CommitFile,
  text: string,
  /** A checkpoint of the commit's version written since: the segment starts there, as a fresh load's would. */
  checkpoint?: LogFile,
): Promise<Snapshot> {
  const files = [
    ...base.segment.checkpoint,
    ...base.segment.commits,
    commit,
    ...(checkpoint ? [checkpoint] : []),
  ];
  const segment = fromItsCheckpoint(
    buildLogSegment(files, base.store.rootUrl, { listedFrom: base.segment.listedFrom }),
  );
  return extendSnapshot(base, [commit], segment, [text]);
}

/** Applies the commits (or compactions) in order; returns the in-commit timestamp of the last, if it has one. */
async function applyDeltas(
  store: ObjectStore,
  replay: LogReplay,
  deltas: readonly (CommitFile | CompactionFile)[],
  known?: readonly string[],
): Promise<number | undefined> {
  const decoder = new TextDecoder();
  const texts =
    known ?? (await Promise.all(deltas.map((d) => store.get(d.meta.path)))).map((b) => decoder.decode(b));
  let lastCommitInfoTs: number | undefined;
  deltas.forEach((delta, i) => {
    const version = delta.kind === 'commit' ? delta.version : delta.endVersion;
    lastCommitInfoTs = undefined;
    const actions = parseActionLines(texts[i]!, delta.meta.path);
    for (const a of actions) {
      if (a.kind === 'commitInfo' && typeof a.commitInfo.inCommitTimestamp === 'number') {
        lastCommitInfoTs = a.commitInfo.inCommitTimestamp;
      }
    }
    replay.applyFile(actions, version);
  });
  return lastCommitInfoTs;
}

function finishSnapshot(
  store: ObjectStore,
  segment: LogSegment,
  replay: LogReplay,
  lastCommitInfoTs: number | undefined,
): Snapshot {
  if (!replay.protocol) {
    throw new LakesqlError('DELTA_STATE_RECOVER_ERROR', { component: 'protocol', version: segment.version });
  }
  if (!replay.metadata) {
    throw new LakesqlError('DELTA_STATE_RECOVER_ERROR', { component: 'metadata', version: segment.version });
  }
  assertReadSupported(replay.protocol, store.rootUrl, 'log');
  const lastCommit = segment.commits.at(-1);
  const ict = replay.metadata.configuration['delta.enableInCommitTimestamps']?.toLowerCase() === 'true';
  const timestamp =
    ict && lastCommitInfoTs !== undefined
      ? lastCommitInfoTs
      : (lastCommit?.meta.lastModified ?? segment.checkpoint[0]?.meta.lastModified ?? 0);
  return new Snapshot(store, segment, replay.protocol, replay.metadata, replay, timestamp);
}

function toMillis(t: number | Date | string): number {
  if (typeof t === 'number') return t;
  if (t instanceof Date) return t.getTime();
  const ms = Date.parse(t);
  if (Number.isNaN(ms)) throw new LakesqlError('INTERNAL_ERROR', { message: `not a timestamp: ${t}` });
  return ms;
}
