/**
 * A Delta table as a streaming source (Delta's DeltaSource, "Table streaming reads and writes"):
 *
 * - Without `startingVersion`, a new query first reads the table's snapshot at the version current when
 *   the query started (all its files, ordered by modificationTime then path), then every later commit's
 *   `add` actions with dataChange=true, version by version, each commit's adds in log order. With
 *   `startingVersion` n (or 'latest': the version after the current one) it reads the changes of the
 *   commits from n on, without a snapshot.
 * - Offsets are Delta's DeltaSourceOffset in its serialized (version 1) form:
 *   `{"sourceVersion":1,"reservoirId":<table id>,"reservoirVersion":V,"index":I,"isStartingVersion":B}`.
 *   (V, I) is the last file taken: file I of commit V, or of the snapshot at V when isStartingVersion
 *   (Delta's name for "inside the initial snapshot"). Index -1 (BASE_INDEX) is before the first file of a
 *   version; once the last file of a version is taken, the offset moves to (V + 1, -1, false), as
 *   DeltaSource.buildOffsetFromIndexedFile does. A batch is every file after its start offset up to and
 *   including its end offset, so a batch re-run after a restart reads exactly the same files.
 * - `startingTimestamp`: as startingVersion, from the first commit at or after that instant.
 * - Admission control: `maxFilesPerTrigger` (Delta's default 1000) caps the files of a batch and
 *   `maxBytesPerTrigger` their bytes (a soft maximum: the file crossing it is taken), except for trigger
 *   once, which reads everything available; availableNow fixes its end at the start of the run.
 * - A commit removing data (a `remove` with dataChange=true) fails the query: with adds too (UPDATE, MERGE,
 *   DELETE rewriting files, overwrite) with DELTA_SOURCE_TABLE_IGNORE_CHANGES unless `skipChangeCommits`
 *   (or the deprecated `ignoreChanges`) is set; without adds (DELETE of whole files or partitions) with
 *   DELTA_SOURCE_IGNORE_DELETE unless `ignoreDeletes` (or one of the former) is set. `skipChangeCommits`
 *   skips such commits entirely; `ignoreChanges` still streams their adds (rows may repeat).
 * - A commit whose metaData carries a schema other than the one the query reads with (the table's schema
 *   when it started) fails with DELTA_SCHEMA_CHANGED_WITH_VERSION (…_WITH_STARTING_OPTIONS when a
 *   starting version was given): restarting the query picks the new schema up.
 *
 * - `readChangeFeed` (Delta's DeltaSourceCDCSupport): the initial snapshot's files are inserts of its
 *   version, and each commit contributes its change files by the change data feed's rule (its cdc files,
 *   else its adds and removes), so UPDATE, DELETE and MERGE commits are read rather than refused; a
 *   commit written without the feed fails with DELTA_MISSING_CHANGE_DATA.
 *
 * The batch is the list of ScanFiles (partition values parsed, paths resolved) with the table's read
 * schema, partition columns and column mapping mode: the engine reads them with the snapshot scan, which
 * honours partition values, column mapping and deletion vectors.
 */
import type { Action, AddFile, Metadata, Protocol } from '../../delta/actions.js';
import {
  CHANGE_DATA_FEED_KEY,
  type ChangeDataFile,
  changeDataFeedEnabled,
  changeFilesOfCommit,
} from '../../delta/change-data-feed.js';
import { columnMappingMode } from '../../delta/column-mapping.js';
import { commitTimestamps } from '../../delta/commit-timestamps.js';
import {
  buildLogSegment,
  type CommitFile,
  commitHistory,
  listLogFiles,
  readCommitActions,
} from '../../delta/log-segment.js';
import type { ParquetHandler } from '../../delta/parquet-handler.js';
import type { ColumnMappingMode, ScanFile } from '../../delta/scan-plan.js';
import { parseSchemaString } from '../../delta/schema.js';
import { loadSnapshot, type Snapshot } from '../../delta/snapshot.js';
import { assertReadSupported } from '../../delta/table-features.js';
import { resolveFileLocation } from '../../delta/table-paths.js';
import { LakesqlError } from '../../errors/index.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { type DataType, type StructType, sqlTypeName } from '../../types/data-types.js';
import {
  type DeltaSchemaTrackingLog,
  metadataChanged,
  nonAdditiveChange,
  persistedMetadata,
  type ReadMetadata,
  readMetadataOf,
} from './delta-schema-tracking.js';
import type { StreamingSource } from './streaming-source.js';

export interface DeltaSourceOffset {
  readonly sourceVersion: 1;
  readonly reservoirId: string;
  readonly reservoirVersion: number;
  readonly index: number;
  /** Delta's serialized name for isInitialSnapshot: the offset points into the initial snapshot. */
  readonly isStartingVersion: boolean;
}

export interface DeltaStreamOptions {
  readonly startingVersion?: number | 'latest';
  /** startingTimestamp as an instant (ms); the stream starts at the first commit at or after it. */
  readonly startingTimestampMs?: number;
  /** maxBytesPerTrigger: a soft maximum of the batch's file bytes (Delta's AdmissionLimits). */
  readonly maxBytesPerTrigger?: number;
  /** Delta's readChangeFeed: the table's change data feed (with _change_type, …) instead of its added rows. */
  readonly readChangeFeed?: boolean;
  readonly maxFilesPerTrigger?: number;
  readonly skipChangeCommits?: boolean;
  readonly ignoreDeletes?: boolean;
  readonly ignoreChanges?: boolean;
  /** schemaTrackingLocation: the source's schema tracking log (delta-schema-tracking.ts). */
  readonly schemaTracking?: SchemaTracking;
}

export interface SchemaTracking {
  readonly log: DeltaSchemaTrackingLog;
  /** The source's folder in the checkpoint, recorded in each entry (Delta's sourceMetadataPath). */
  readonly sourceMetadataPath: string;
}

/** The files of one micro-batch and what reading them needs. */
export interface DeltaBatch {
  readonly version: number;
  readonly schema: StructType;
  readonly partitionColumns: readonly string[];
  readonly columnMappingMode: ColumnMappingMode;
  readonly files: readonly ScanFile[];
  /** With readChangeFeed: the batch's change files (`files` then lists their ScanFiles). */
  readonly changes?: readonly ChangeDataFile[];
}

/** Delta's DeltaOptions.MAX_FILES_PER_TRIGGER_OPTION_DEFAULT. */
export const DEFAULT_MAX_FILES_PER_TRIGGER = 1000;
/** DeltaSourceOffset.BASE_INDEX as serialized (version 1): before every file of a version. */
const BASE_INDEX = -1;

/** One entry of the change stream: a file (add) or a version's BASE_INDEX marker (add null). */
interface IndexedFile {
  readonly version: number;
  readonly index: number;
  readonly add: AddFile | null;
  /** With readChangeFeed: the change file this entry stands for (`add` is its file). */
  readonly change?: ChangeDataFile;
  readonly isLast: boolean;
  /**
   * With schema tracking: the metadata change of this version, met before its files (Delta's
   * METADATA_CHANGE_INDEX barrier). A batch ends before it; the stream evolves once that batch commits.
   */
  readonly barrier?: ReadMetadata;
}

type Position = { readonly version: number; readonly index: number };

export class DeltaStreamingSource implements StreamingSource<DeltaSourceOffset, DeltaBatch> {
  #availableNowEnd: DeltaSourceOffset | undefined;
  #initialSnapshot: Snapshot | undefined;
  #timestampVersion: Promise<number> | undefined;
  /** The metadata files are read with: the table's at query start, or the tracking log's latest entry. */
  #read: ReadMetadata;
  #readSchemaKey: string;
  /** Schema tracking: the change waiting behind the batch that ends at this offset (its JSON). */
  #pendingBarrier: { readonly endKey: string; readonly change: ReadMetadata } | undefined;
  /** The once-per-start checks (tracking log initialization, the column mapping start check) ran. */
  #startChecked = false;

  private constructor(
    private readonly store: ObjectStore,
    private readonly parquet: ParquetHandler,
    /** The table at query start: its id, read schema, partition columns and column mapping. */
    readonly snapshotAtStart: Snapshot,
    private readonly options: DeltaStreamOptions,
  ) {
    assertReadSupported(snapshotAtStart.protocol, store.rootUrl, 'data');
    const tracked = options.schemaTracking?.log.current;
    this.#read =
      tracked === undefined
        ? readMetadataOfSnapshot(snapshotAtStart)
        : readMetadataOf(tracked, options.schemaTracking!.log.location, snapshotAtStart.protocol);
    this.#readSchemaKey = schemaKey(this.#read.schema);
  }

  /** The schema batches are read with. */
  get readSchema(): StructType {
    return this.#read.schema;
  }

  static async open(
    store: ObjectStore,
    parquet: ParquetHandler,
    options: DeltaStreamOptions,
  ): Promise<DeltaStreamingSource> {
    return new DeltaStreamingSource(store, parquet, await loadSnapshot(store, parquet), options);
  }

  get tableId(): string {
    return this.snapshotAtStart.metadata.id;
  }

  parseOffset(json: unknown): DeltaSourceOffset {
    const o = json as Partial<DeltaSourceOffset> & { sourceVersion?: number };
    if (typeof o?.reservoirVersion !== 'number' || typeof o.index !== 'number') {
      throw new LakesqlError('DELTA_INVALID_SOURCE_OFFSET_FORMAT', {});
    }
    if (o.sourceVersion !== 1 && o.sourceVersion !== 3) {
      throw new LakesqlError('DELTA_INVALID_SOURCE_VERSION', { version: String(o.sourceVersion) });
    }
    if (o.reservoirId !== this.tableId) {
      throw new LakesqlError('DIFFERENT_DELTA_TABLE_READ_BY_STREAMING_SOURCE', {
        oldTableId: String(o.reservoirId),
        newTableId: this.tableId,
      });
    }
    return {
      sourceVersion: 1,
      reservoirId: o.reservoirId,
      reservoirVersion: o.reservoirVersion,
      index: o.index < 0 ? BASE_INDEX : o.index,
      isStartingVersion: o.isStartingVersion === true,
    };
  }

  offsetJson(offset: DeltaSourceOffset): unknown {
    return {
      sourceVersion: 1,
      reservoirId: offset.reservoirId,
      reservoirVersion: offset.reservoirVersion,
      index: offset.index,
      isStartingVersion: offset.isStartingVersion,
    };
  }

  async prepareForTriggerAvailableNow(start: DeltaSourceOffset | undefined): Promise<void> {
    this.#availableNowEnd = await this.latestOffset(start, 0, true);
  }

  async latestOffset(
    start: DeltaSourceOffset | undefined,
    _batchId: number,
    readAll: boolean,
  ): Promise<DeltaSourceOffset | undefined> {
    let from: { version: number; index: number; isStartingVersion: boolean };
    if (start) {
      from = {
        version: start.reservoirVersion,
        index: start.index,
        isStartingVersion: start.isStartingVersion,
      };
    } else {
      const startingVersion = await this.startingVersion();
      from =
        startingVersion === undefined
          ? { version: this.snapshotAtStart.version, index: BASE_INDEX, isStartingVersion: true }
          : { version: startingVersion, index: BASE_INDEX, isStartingVersion: false };
    }
    await this.checkStart(from.version, start !== undefined || !from.isStartingVersion);
    let filesToTake = readAll ? Number.POSITIVE_INFINITY : this.maxFilesPerTrigger();
    let bytesToTake = readAll
      ? Number.POSITIVE_INFINITY
      : (this.options.maxBytesPerTrigger ?? Number.POSITIVE_INFINITY);
    let last: IndexedFile | undefined;
    let admitted = 0;
    let barrier: ReadMetadata | undefined;
    for await (const f of this.fileChanges(
      from.version,
      from.index,
      from.isStartingVersion,
      this.#availableNowEnd,
    )) {
      if (f.barrier) {
        // Nothing read with the old metadata waits before the change: evolve now. Otherwise the batch
        // ends before it, and the change is taken once that batch commits (commit() below).
        if (admitted === 0) await this.evolve(f.barrier);
        barrier = f.barrier;
        break;
      }
      // AdmissionLimits.admit: a file is admitted while both budgets are left (so the file that crosses
      // maxBytesPerTrigger is taken: a soft maximum); markers take none.
      if (f.add) {
        if (filesToTake <= 0 || bytesToTake <= 0) break;
        filesToTake -= 1;
        bytesToTake -= f.add.size;
        admitted += 1;
      }
      last = f;
    }
    if (!last) return start;
    const end = last.isLast
      ? this.offset(last.version + 1, BASE_INDEX, false)
      : this.offset(last.version, last.index, last.version === from.version && from.isStartingVersion);
    if (barrier) this.#pendingBarrier = { endKey: JSON.stringify(this.offsetJson(end)), change: barrier };
    return end;
  }

  /** Spark's Source.commit: with schema tracking, a batch that ended before a metadata change evolves it. */
  async commit(end: DeltaSourceOffset): Promise<void> {
    const pending = this.#pendingBarrier;
    if (pending && pending.endKey === JSON.stringify(this.offsetJson(end))) await this.evolve(pending.change);
  }

  /**
   * DeltaSourceMetadataEvolutionSupport.updateMetadataTrackingLogAndFailTheStreamIfNeeded: the change
   * becomes the log's next entry, and the query stops so that its restart reads with it.
   */
  private async evolve(change: ReadMetadata): Promise<never> {
    const tracking = this.options.schemaTracking!;
    this.#pendingBarrier = undefined;
    await tracking.log.write(
      persistedMetadata(change, this.tableId, tracking.sourceMetadataPath),
      this.store.rootUrl,
    );
    throw metadataEvolutionError(change);
  }

  /**
   * Once per query start. With schema tracking and an empty log, the log starts with the metadata at the
   * version the stream resumes from (DeltaSourceMetadataEvolutionSupport.initializeMetadataTracking-
   * AndExitStream): when that is not what the query was analyzed with, the query stops so that its
   * restart reads with it. Without schema tracking, a column mapping table renamed or dropped a column
   * since that version cannot be read on (DeltaSource.checkReadIncompatibleSchemaChangeOnStreamStartOnce).
   */
  private async checkStart(version: number, resumed: boolean): Promise<void> {
    if (this.#startChecked) return;
    this.#startChecked = true;
    const tracking = this.options.schemaTracking;
    if (tracking && tracking.log.current === undefined) {
      const at =
        version === this.snapshotAtStart.version ? this.snapshotAtStart : await this.snapshotAt(version);
      const initial = readMetadataOfSnapshot(at);
      const changed = metadataChanged(this.#read, at.metadata, at.protocol);
      await tracking.log.write(
        persistedMetadata(initial, this.tableId, tracking.sourceMetadataPath),
        this.store.rootUrl,
      );
      if (changed) throw metadataEvolutionError(initial);
      this.#read = initial;
      return;
    }
    if (tracking || !resumed || this.snapshotAtStart.columnMappingMode === 'none') return;
    if (version >= this.snapshotAtStart.version) return;
    const at = await this.snapshotAt(version);
    if (nonAdditiveChange(this.#read.schema, at.schema) !== undefined) {
      throw incompatibleSchemaChangeError(this.#read.schema, at.schema);
    }
  }

  /** The table at an earlier version (a stream resuming there); missing log files read as the latest. */
  private async snapshotAt(version: number): Promise<Snapshot> {
    return loadSnapshot(this.store, this.parquet, { version });
  }

  async getBatch(start: DeltaSourceOffset | undefined, end: DeltaSourceOffset): Promise<DeltaBatch> {
    let from: { version: number; index: number; isStartingVersion: boolean };
    if (start) {
      from = {
        version: start.reservoirVersion,
        index: start.index,
        isStartingVersion: start.isStartingVersion,
      };
    } else {
      const startingVersion = await this.startingVersion();
      if (startingVersion !== undefined) {
        from = { version: startingVersion, index: BASE_INDEX, isStartingVersion: false };
      } else if (end.isStartingVersion) {
        from = { version: end.reservoirVersion, index: BASE_INDEX, isStartingVersion: true };
      } else {
        // The whole initial snapshot was taken: it is the snapshot of the version before the end.
        from = { version: end.reservoirVersion - 1, index: BASE_INDEX, isStartingVersion: true };
      }
    }
    const files: ScanFile[] = [];
    const changes: ChangeDataFile[] = [];
    const same = start && JSON.stringify(this.offsetJson(start)) === JSON.stringify(this.offsetJson(end));
    if (!same) {
      for await (const f of this.fileChanges(from.version, from.index, from.isStartingVersion, end)) {
        if (f.change) changes.push(f.change);
        if (f.add) files.push(f.change?.file ?? this.scanFile(f.add));
      }
    }
    const r = this.#read;
    return {
      version: end.reservoirVersion,
      schema: r.schema,
      partitionColumns: r.partitionColumns,
      columnMappingMode: columnMappingMode(r.configuration),
      files,
      ...(this.options.readChangeFeed ? { changes } : {}),
    };
  }

  private offset(reservoirVersion: number, index: number, isStartingVersion: boolean): DeltaSourceOffset {
    return { sourceVersion: 1, reservoirId: this.tableId, reservoirVersion, index, isStartingVersion };
  }

  private maxFilesPerTrigger(): number {
    return this.options.maxFilesPerTrigger ?? DEFAULT_MAX_FILES_PER_TRIGGER;
  }

  /**
   * The startingVersion option of a query without offsets yet ('latest': the version after the one current
   * at start). As Delta's history.checkVersionExists, a version must have its commit in the log.
   */
  private async startingVersion(): Promise<number | undefined> {
    if (this.options.startingTimestampMs !== undefined) {
      this.#timestampVersion ??= this.versionAtOrAfter(this.options.startingTimestampMs);
      return this.#timestampVersion;
    }
    const v = this.options.startingVersion;
    if (v === 'latest') return this.snapshotAtStart.version + 1;
    if (v === undefined) return undefined;
    const commits = buildLogSegment(await listLogFiles(this.store), this.store.rootUrl).commits;
    const earliest = commits[0]?.version ?? 0;
    const latest = commits.at(-1)?.version ?? this.snapshotAtStart.version;
    if (v < earliest || v > latest) {
      throw new LakesqlError('DELTA_CANNOT_TIME_TRAVEL_VERSION', { version: v, earliest, latest });
    }
    return v;
  }

  /**
   * DeltaSource.getStartingVersionFromTimestamp: the first commit at or after the instant (the earliest
   * commit when the instant precedes them all); an instant after the latest commit fails.
   */
  private async versionAtOrAfter(ms: number): Promise<number> {
    const segment = buildLogSegment(await listLogFiles(this.store), this.store.rootUrl);
    const commits = await commitHistory(this.store, segment);
    const stamps = await commitTimestamps(this.store, commits, this.snapshotAtStart.metadata);
    const found = stamps.find((s) => s.timestamp >= ms);
    if (found) return found.version;
    throw new LakesqlError('DELTA_TIMESTAMP_GREATER_THAN_COMMIT', {
      providedTimestamp: new Date(ms).toISOString(),
      tableName: this.store.rootUrl,
      maximumTimestamp: new Date(stamps.at(-1)?.timestamp ?? 0).toISOString(),
    });
  }

  private scanFile(add: AddFile): ScanFile {
    const { location, isAbsolute } = resolveFileLocation(this.store.rootUrl, add.path);
    return { add, location, isAbsolute, partitionValues: this.snapshotAtStart.partitionValuesOf(add) };
  }

  /**
   * DeltaSource.getFileChanges: the files after (fromVersion, fromIndex), from the snapshot at fromVersion
   * when `isStartingVersion` and then from the commits after it, up to and including `bound`.
   */
  private async *fileChanges(
    fromVersion: number,
    fromIndex: number,
    isStartingVersion: boolean,
    bound: Position | DeltaSourceOffset | undefined,
  ): AsyncGenerator<IndexedFile> {
    const limit = bound && {
      version: 'reservoirVersion' in bound ? bound.reservoirVersion : bound.version,
      index: bound.index,
    };
    const within = (f: IndexedFile) =>
      !limit || f.version < limit.version || (f.version === limit.version && f.index <= limit.index);
    // A barrier sits between its version's BASE_INDEX and first file, so a stream at (V, BASE_INDEX) is
    // before it (no offset ever points at a barrier itself).
    const after = (f: IndexedFile) =>
      f.version > fromVersion || f.index > fromIndex || (f.barrier !== undefined && f.index === fromIndex);
    if (isStartingVersion) {
      for (const f of await this.snapshotFiles(fromVersion)) {
        if (!after(f)) continue;
        if (!within(f)) return;
        yield f;
      }
    }
    const firstCommit = isStartingVersion ? fromVersion + 1 : fromVersion;
    const commits = await this.commitsFrom(firstCommit, limit?.version);
    for (const commit of commits) {
      for (const f of await this.commitFiles(commit)) {
        if (!after(f)) continue;
        if (!within(f)) return;
        yield f;
      }
    }
  }

  /** The snapshot at `version` as indexed files: ordered by modificationTime, then path. */
  private async snapshotFiles(version: number): Promise<IndexedFile[]> {
    if (this.#initialSnapshot?.version !== version) {
      this.#initialSnapshot =
        version === this.snapshotAtStart.version
          ? this.snapshotAtStart
          : await loadSnapshot(this.store, this.parquet, { version });
    }
    const adds = this.#initialSnapshot
      .activeFiles()
      .sort(
        (a, b) => a.modificationTime - b.modificationTime || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
      );
    const snapshot = this.#initialSnapshot;
    // The change data feed of the initial snapshot: every row an insert of the snapshot's version.
    const change = (add: AddFile): ChangeDataFile | undefined =>
      this.options.readChangeFeed
        ? {
            source: 'add',
            changeType: 'insert',
            file: this.scanFile(add),
            commitVersion: version,
            commitTimestamp: snapshot.timestamp,
          }
        : undefined;
    return adds.map((add, index) => {
      const c = change(add);
      return { version, index, add, ...(c ? { change: c } : {}), isLast: index === adds.length - 1 };
    });
  }

  /** The commit files from `first` to the latest (or `upTo`), failing on a gap in the log. */
  private async commitsFrom(first: number, upTo: number | undefined): Promise<CommitFile[]> {
    const segment = buildLogSegment(await listLogFiles(this.store), this.store.rootUrl);
    const last = Math.min(segment.version, upTo ?? segment.version);
    const byVersion = new Map(segment.commits.map((c) => [c.version, c]));
    const out: CommitFile[] = [];
    for (let v = first; v <= last; v++) {
      const commit = byVersion.get(v);
      if (!commit) {
        throw new LakesqlError('DELTA_VERSIONS_NOT_CONTIGUOUS', {
          versionList: [...byVersion.keys()].join(', '),
        });
      }
      out.push(commit);
    }
    return out;
  }

  /**
   * One commit as indexed files (DeltaSource.validateCommitAndDecideSkipping, filterAndGetIndexedFiles):
   * its BASE_INDEX marker, then its data-changing adds unless the commit is skipped.
   */
  private async commitFiles(commit: CommitFile): Promise<IndexedFile[]> {
    const version = commit.version;
    const actions = await readCommitActions(this.store, commit);
    const barrier = this.metadataBarrier(actions, version);
    if (barrier) return [{ version, index: BASE_INDEX, add: null, isLast: false }, barrier];
    if (this.options.readChangeFeed) return this.commitChanges(commit, actions);
    const o = this.options;
    const allowChanges = o.ignoreChanges === true || o.skipChangeCommits === true;
    const allowDeletes = allowChanges || o.ignoreDeletes === true;
    let seenAdd = false;
    let removed: string | undefined;
    for (const a of actions) {
      if (a.kind === 'add' && a.add.dataChange) seenAdd = true;
      else if (a.kind === 'remove' && a.remove.dataChange) removed ??= a.remove.path;
      else if (a.kind === 'metaData') this.checkSchema(a.metaData, version);
    }
    const skip = removed !== undefined && o.skipChangeCommits === true;
    if (removed !== undefined) {
      const params = { removedFile: removed, version, dataPath: this.store.rootUrl };
      if (seenAdd && !allowChanges) throw new LakesqlError('DELTA_SOURCE_TABLE_IGNORE_CHANGES', params);
      if (!seenAdd && !allowDeletes) throw new LakesqlError('DELTA_SOURCE_IGNORE_DELETE', params);
    }
    const adds = skip ? [] : actions.flatMap((a) => (a.kind === 'add' && a.add.dataChange ? [a.add] : []));
    return [
      { version, index: BASE_INDEX, add: null, isLast: false },
      ...adds.map((add, index) => ({ version, index, add, isLast: index === adds.length - 1 })),
    ];
  }

  /**
   * One commit's change data feed as indexed files (Delta's DeltaSourceCDCSupport): its cdc files, or its
   * adds and removes; changes never stop the query, they are what it reads.
   */
  private async commitChanges(commit: CommitFile, actions: readonly Action[]): Promise<IndexedFile[]> {
    const version = commit.version;
    let metadata = this.snapshotAtStart.metadata;
    for (const a of actions) {
      if (a.kind === 'metaData') {
        this.checkSchema(a.metaData, version);
        metadata = a.metaData;
      }
    }
    if (!changeDataFeedEnabled(metadata)) {
      throw new LakesqlError('DELTA_MISSING_CHANGE_DATA', {
        startVersion: version,
        endVersion: version,
        version,
        key: CHANGE_DATA_FEED_KEY,
      });
    }
    const [stamp] = await commitTimestamps(this.store, [commit], this.snapshotAtStart.metadata);
    const changes = changeFilesOfCommit(
      this.store.rootUrl,
      this.snapshotAtStart,
      actions,
      version,
      stamp!.timestamp,
    );
    return [
      { version, index: BASE_INDEX, add: null, isLast: false },
      ...changes.map((change, index) => ({
        version,
        index,
        add: change.file.add,
        change,
        isLast: index === changes.length - 1,
      })),
    ];
  }

  /**
   * With schema tracking, a commit that changes the metadata the stream reads with (its schema, partition
   * columns, `delta.` properties or protocol) is a barrier before its files; a change at or before the
   * read metadata's version is already in it.
   */
  private metadataBarrier(actions: readonly Action[], version: number): IndexedFile | undefined {
    if (!this.options.schemaTracking || version <= this.#read.version) return undefined;
    let metadata: Metadata | undefined;
    let protocol: Protocol | undefined;
    for (const a of actions) {
      if (a.kind === 'metaData') metadata = a.metaData;
      else if (a.kind === 'protocol') protocol = a.protocol;
    }
    if (!metadataChanged(this.#read, metadata, protocol)) return undefined;
    const change: ReadMetadata = {
      ...(metadata
        ? {
            schema: parseSchemaString(metadata.schemaString),
            partitionColumns: metadata.partitionColumns,
            configuration: metadata.configuration,
          }
        : this.#read),
      protocol: protocol ?? this.#read.protocol,
      version,
    };
    return { version, index: BASE_INDEX, add: null, isLast: false, barrier: change };
  }

  private checkSchema(metadata: Metadata, version: number): void {
    // With schema tracking, metadataBarrier() takes every change.
    if (this.options.schemaTracking || typeof metadata.schemaString !== 'string') return;
    const dataSchema = parseSchemaString(metadata.schemaString);
    if (schemaKey(dataSchema) === this.#readSchemaKey) return;
    // Under column mapping a rename or drop would change what old files mean: only a schema tracking log
    // lets the stream go on (DeltaSource.checkColumnMappingSchemaChangesDuringStreaming).
    if (columnMappingMode(this.#read.configuration) !== 'none') {
      if (nonAdditiveChange(dataSchema, this.#read.schema) !== undefined) {
        throw incompatibleSchemaChangeError(this.#read.schema, dataSchema);
      }
    }
    const withStart =
      this.options.startingVersion !== undefined || this.options.startingTimestampMs !== undefined;
    throw new LakesqlError(
      withStart ? 'DELTA_SCHEMA_CHANGED_WITH_STARTING_OPTIONS' : 'DELTA_SCHEMA_CHANGED_WITH_VERSION',
      {
        version,
        readSchema: treeString(this.#read.schema),
        dataSchema: treeString(dataSchema),
      },
    );
  }
}

function readMetadataOfSnapshot(s: Snapshot): ReadMetadata {
  return {
    schema: s.schema,
    partitionColumns: s.partitionColumns,
    configuration: s.metadata.configuration,
    protocol: s.protocol,
    version: s.version,
  };
}

/** DeltaErrors.streamingMetadataEvolutionException. */
function metadataEvolutionError(change: ReadMetadata): LakesqlError {
  const p = change.protocol;
  const features =
    p.readerFeatures || p.writerFeatures
      ? `,{${(p.readerFeatures ?? []).join(',')}},{${(p.writerFeatures ?? []).join(',')}}`
      : '';
  return new LakesqlError('DELTA_STREAMING_METADATA_EVOLUTION', {
    schema: treeString(change.schema),
    config: Object.entries(change.configuration)
      .map(([k, v]) => `${k}:${v}`)
      .join(', '),
    protocol: `${p.minReaderVersion},${p.minWriterVersion}${features}`,
  });
}

/** DeltaErrors.blockStreamingReadsWithIncompatibleNonAdditiveSchemaChanges (schema tracking available). */
function incompatibleSchemaChangeError(readSchema: StructType, dataSchema: StructType): LakesqlError {
  return new LakesqlError('DELTA_STREAMING_INCOMPATIBLE_SCHEMA_CHANGE_USE_SCHEMA_LOG', {
    docLink: 'https://docs.delta.io/latest/delta-streaming.html#tracking-non-additive-schema-changes',
    readSchema: JSON.stringify(readSchema),
    incompatibleSchema: JSON.stringify(dataSchema),
  });
}

/** A schema's names, types and nullability (not its field metadata: comments, column mapping ids). */
function schemaKey(schema: StructType): string {
  return JSON.stringify(schema, (key, value) => (key === 'metadata' ? undefined : value));
}

/** Spark's StructType.treeString, as Delta's DeltaErrors.formatSchema prints schemas. */
function treeString(schema: StructType): string {
  const lines = ['root'];
  const walk = (fields: StructType['fields'], depth: number) => {
    for (const f of fields) {
      lines.push(`${' |   '.repeat(depth)} |-- ${f.name}: ${typeLabel(f.type)} (nullable = ${f.nullable})`);
      if (f.type.kind === 'struct') walk(f.type.fields, depth + 1);
    }
  };
  walk(schema.fields, 0);
  return `${lines.join('\n')}\n`;
}

function typeLabel(t: DataType): string {
  return t.kind === 'struct' ? 'struct' : sqlTypeName(t).toLowerCase();
}
