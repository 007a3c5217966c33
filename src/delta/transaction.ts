/**
 * An optimistic transaction on a Delta table (PROTOCOL.md "Requirements for Writers"; Delta's
 * OptimisticTransaction). Data files are written first by the caller; the transaction records what it read
 * and which actions it commits, then writes `_delta_log/<version>.json` with put-if-absent. When another
 * writer won that version, the winners' actions are checked for logical conflicts; without one the commit
 * is rebased onto the new version and retried, with one the transaction fails with Delta's error class.
 */
import { isLakesqlError, LakesqlError } from '../errors/index.js';
import { ObjectAlreadyExistsError, type ObjectStore } from '../storage/object-store.js';
import type {
  Action,
  AddCDCFile,
  AddFile,
  CommitInfo,
  DomainMetadata,
  Metadata,
  Protocol,
  RemoveFile,
  SetTransaction,
} from './actions.js';
import { parseActionLines, serializeActionLines } from './actions-json.js';
import { assertNoReservedChangeDataColumns } from './change-data-feed.js';
import { maybeCheckpoint } from './checkpoint-writer.js';
import { inCommitTimestampsEnabled } from './commit-timestamps.js';
import { checkConflicts, type IsolationLevel, type TransactionFootprint } from './conflict-checker.js';
import { classicCheckpointKey, commitKey } from './log-files.js';
import type { CommitFile } from './log-segment.js';
import { emitDeltaWarning } from './log-warnings.js';
import type { ParquetHandler } from './parquet-handler.js';
import type { Predicate } from './predicate.js';
import {
  assignRowTracking,
  highWaterMarkDomain,
  highWaterMarkIn,
  highWaterMarkOf,
  NO_ROW_IDS,
  preservedRowTrackingTags,
  ROW_TRACKING_DOMAIN,
  rowTrackingEnabled,
  rowTrackingSupported,
  withMaterializedColumnNames,
} from './row-tracking.js';
import { loadSnapshot, type Snapshot, snapshotAfterCommit } from './snapshot.js';
import { assertWriteSupported } from './table-features.js';
import { isAppendOnly } from './table-properties.js';

export const ENGINE_INFO = 'lakesql/0.1.0';

export interface Operation {
  /** Delta's operation name as it appears in history: WRITE, CREATE TABLE, DELETE, MERGE, … */
  readonly name: string;
  readonly parameters?: Readonly<Record<string, unknown>>;
  /** Delta's operationMetrics (values are strings in the log, as Spark writes them). */
  readonly metrics?: Readonly<Record<string, string | number>>;
  /** commitInfo.userMetadata (the userMetadata write option / spark.databricks.delta.commitInfo.userMetadata). */
  readonly userMetadata?: string;
}

export interface TransactionOptions {
  readonly isolationLevel?: IsolationLevel;
  /** How many times to rebase onto concurrent commits before giving up. */
  readonly maxRetries?: number;
  /** Write checkpoints and clean up the log after the commit (default true). */
  readonly postCommitHooks?: boolean;
  /** Clock, for tests. */
  readonly now?: () => number;
}

export interface CommitResult {
  readonly version: number;
  /** Versions that won before this commit and were rebased over. */
  readonly attempts: number;
  readonly checkpointWritten: boolean;
}

/** Turns an add into the remove that deletes it logically (dataChange as the operation requires). */
export function removeFileFor(add: AddFile, deletionTimestamp: number, dataChange = true): RemoveFile {
  return {
    path: add.path,
    deletionTimestamp,
    dataChange,
    extendedFileMetadata: true,
    partitionValues: add.partitionValues,
    size: add.size,
    ...(add.stats ? { stats: add.stats } : {}),
    ...(add.tags ? { tags: add.tags } : {}),
    ...(add.deletionVector ? { deletionVector: add.deletionVector } : {}),
    ...(add.baseRowId !== undefined && add.baseRowId !== null ? { baseRowId: add.baseRowId } : {}),
    ...(add.defaultRowCommitVersion !== undefined && add.defaultRowCommitVersion !== null
      ? { defaultRowCommitVersion: add.defaultRowCommitVersion }
      : {}),
  };
}

export class Transaction {
  private newMetadata: Metadata | undefined;
  private newProtocol: Protocol | undefined;
  private readonly adds: AddFile[] = [];
  private readonly removes: RemoveFile[] = [];
  private readonly changeFiles: AddCDCFile[] = [];
  private readonly txns: SetTransaction[] = [];
  private readonly domainActions: DomainMetadata[] = [];
  private readonly readPredicates: Predicate[] = [];
  private readonly readFilePaths = new Set<string>();
  private readonly readAppIds = new Set<string>();
  private wholeTableRead = false;
  private committed = false;
  private readonly now: () => number;

  constructor(
    readonly store: ObjectStore,
    readonly parquet: ParquetHandler,
    /** The snapshot this transaction read; undefined when it creates the table. */
    readonly readSnapshot: Snapshot | undefined,
    private readonly options: TransactionOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  get readVersion(): number {
    return this.readSnapshot?.version ?? -1;
  }

  /** Records that the transaction's outcome depends on the rows matching `predicate` (whole table when omitted). */
  readTable(predicate?: Predicate): this {
    if (predicate) this.readPredicates.push(predicate);
    else this.wholeTableRead = true;
    return this;
  }

  /** Records the files that were read: a concurrent delete of any of them is a conflict. */
  readFiles(files: Iterable<AddFile>): this {
    for (const f of files) this.readFilePaths.add(f.path);
    return this;
  }

  /** The last committed version of an application's transaction, as of the read snapshot (and a dependency on it). */
  transactionVersion(appId: string): number | undefined {
    this.readAppIds.add(appId);
    return this.readSnapshot?.transactionVersion(appId);
  }

  updateMetadata(metadata: Metadata): this {
    this.newMetadata = metadata;
    return this;
  }

  updateProtocol(protocol: Protocol): this {
    this.newProtocol = protocol;
    return this;
  }

  addFiles(files: Iterable<AddFile>): this {
    this.adds.push(...files);
    return this;
  }

  removeFiles(files: Iterable<RemoveFile>): this {
    this.removes.push(...files);
    return this;
  }

  /** `_change_data` files holding the commit's changed rows (PROTOCOL.md "Add CDC File"). */
  addChangeFiles(files: Iterable<AddCDCFile>): this {
    this.changeFiles.push(...files);
    return this;
  }

  setTransaction(appId: string, version: number): this {
    this.txns.push({ appId, version, lastUpdated: this.now() });
    return this;
  }

  setDomainMetadata(domain: DomainMetadata): this {
    this.domainActions.push(domain);
    return this;
  }

  get metadata(): Metadata | undefined {
    return this.newMetadata ?? this.readSnapshot?.metadata;
  }

  get protocol(): Protocol | undefined {
    return this.newProtocol ?? this.readSnapshot?.protocol;
  }

  /** A blind append reads nothing and only adds files (Delta's `isBlindAppend`: a cdc file is a file action too). */
  get isBlindAppend(): boolean {
    return (
      !this.wholeTableRead &&
      this.readPredicates.length === 0 &&
      this.readFilePaths.size === 0 &&
      this.removes.length === 0 &&
      this.changeFiles.length === 0 &&
      this.adds.every((a) => a.dataChange)
    );
  }

  async commit(operation: Operation): Promise<CommitResult> {
    if (this.committed) throw new Error('transaction already committed');
    const protocol = this.protocol;
    if (protocol && this.metadata) {
      const named = withMaterializedColumnNames(protocol, this.metadata);
      if (named) this.newMetadata = named;
    }
    const metadata = this.metadata;
    if (!metadata || !protocol) {
      throw new LakesqlError('DELTA_STATE_RECOVER_ERROR', {
        component: metadata ? 'protocol' : 'metadata',
        version: this.readVersion + 1,
      });
    }
    assertWriteSupported(protocol, metadata, this.store.rootUrl);
    if (this.newMetadata) assertNoReservedChangeDataColumns(this.newMetadata);
    if (isAppendOnly(metadata.configuration) && this.removes.some((r) => r.dataChange)) {
      throw new LakesqlError('DELTA_CANNOT_MODIFY_APPEND_ONLY', {
        table_name: metadata.name ?? this.store.rootUrl,
      });
    }

    const rowTracking = rowTrackingSupported(protocol);
    if (rowTracking) this.backfillRowIds(protocol, metadata);
    const footprint = this.footprint();
    // Ids handed out by the snapshot read and by the winners a retry is rebased over.
    let highWaterMark = rowTracking ? this.startingHighWaterMark() : undefined;
    const maxRetries = this.options.maxRetries ?? 100;
    const txnId = globalThis.crypto.randomUUID();
    let version = this.readVersion + 1;
    let previousTimestamp = this.readSnapshot?.timestamp;
    for (let attempt = 0; ; attempt++) {
      const actions = this.actionsFor(operation, txnId, metadata, protocol, previousTimestamp, {
        version,
        highWaterMark,
      });
      const text = serializeActionLines(actions);
      try {
        await this.store.putIfAbsent(commitKey(version), text);
      } catch (e) {
        if (!(e instanceof ObjectAlreadyExistsError)) throw e;
        if (attempt >= maxRetries) {
          throw new LakesqlError('DELTA_MAX_COMMIT_RETRIES_EXCEEDED', { numAttempts: attempt + 1, version });
        }
        const { nextVersion, lastTimestamp, winnersHighWaterMark } = await this.rebase(footprint, version);
        if (highWaterMark !== undefined) highWaterMark = Math.max(highWaterMark, winnersHighWaterMark);
        if (nextVersion === version) {
          // The key exists, yet holds no readable commit: a folder (or other non-file) under the commit's
          // name. Retrying would fail the same way a hundred times.
          throw new LakesqlError('DELTA_STATE_RECOVER_ERROR', {
            component: `log file ${commitKey(version)} (it exists but is not a readable file)`,
            version,
          });
        }
        version = nextVersion;
        previousTimestamp = lastTimestamp ?? previousTimestamp;
        continue;
      }
      this.committed = true;
      const written = once(() => this.ownCommitFile(version));
      const checkpointWritten =
        this.options.postCommitHooks === false
          ? false
          : await this.checkpointAfter(version, metadata, async () => {
              const commit = await written();
              return commit && snapshotAfterCommit(this.readSnapshot!, commit, text);
            });
      await this.handOverToSnapshotCache(written, text, checkpointWritten ? version : undefined);
      return { version, attempts: attempt + 1, checkpointWritten };
    }
  }

  /**
   * The commit just written as a log file, when it is the version right after the one read (a commit
   * rebased over others' commits is not: their state is only in the log). Its size and time are the store's:
   * the next read checks them unchanged.
   */
  private async ownCommitFile(version: number): Promise<CommitFile | undefined> {
    const base = this.readSnapshot;
    if (!base || version !== base.version + 1) return undefined;
    const meta = await this.store.head(commitKey(version)).catch(() => undefined);
    return meta && { kind: 'commit', version, meta };
  }

  /**
   * Gives the session's snapshot cache the commit just written over the snapshot read, so that the next
   * statement on the table does not list the log and read this commit back. A checkpoint written after it
   * belongs in the next snapshot's segment: a classic one is handed over with the commit; after any other
   * kind (V2, with its sidecars) the next read lists the log.
   */
  private async handOverToSnapshotCache(
    written: () => Promise<CommitFile | undefined>,
    text: string,
    checkpointVersion: number | undefined,
  ): Promise<void> {
    const cache = this.parquet.snapshotCache;
    const base = this.readSnapshot;
    if (!cache || !base) return;
    const commit = await written();
    if (!commit) return;
    if (checkpointVersion === undefined) {
      cache.committed(base, commit, text);
      return;
    }
    const meta = await this.store.head(classicCheckpointKey(checkpointVersion)).catch(() => undefined);
    if (meta)
      cache.committed(base, commit, text, { kind: 'classicCheckpoint', version: checkpointVersion, meta });
  }

  /**
   * The post-commit checkpoint, of the snapshot the commit produced (the snapshot read plus this commit,
   * from memory) rather than one loaded from the log again. The commit already stands, so a checkpoint that
   * fails to be written is a warning, not the statement's error: the table is whole without it, and readers
   * skip a damaged one (delta-spark's Checkpoints hook logs such failures unless told to throw).
   */
  private async checkpointAfter(
    version: number,
    metadata: Metadata,
    committed: () => Promise<Snapshot | undefined>,
  ): Promise<boolean> {
    try {
      return await maybeCheckpoint(this.store, this.parquet, version, metadata, this.now(), committed);
    } catch (e) {
      if (isLakesqlError(e, 'MEMORY_LIMIT_EXCEEDED')) throw e;
      emitDeltaWarning(this.parquet, {
        code: 'DELTA_CHECKPOINT_WRITE_FAILED',
        message: `version ${version} of ${this.store.rootUrl} was committed, but its checkpoint failed`,
        path: classicCheckpointKey(version),
        cause: e,
      });
      return false;
    }
  }

  /** Reads every commit from `from` to the latest and checks it against this transaction; returns the next version to try. */
  private async rebase(
    footprint: TransactionFootprint,
    from: number,
  ): Promise<{ nextVersion: number; lastTimestamp: number | undefined; winnersHighWaterMark: number }> {
    let v = from;
    let lastTimestamp: number | undefined;
    let winnersHighWaterMark = NO_ROW_IDS;
    for (;;) {
      let bytes: Uint8Array;
      try {
        bytes = await this.store.get(commitKey(v));
      } catch {
        break; // no commit at v: it is the next version to try
      }
      const actions = parseActionLines(new TextDecoder().decode(bytes), commitKey(v));
      const check = checkConflicts(footprint, { version: v, actions }, this.readSnapshot);
      if (check.kind === 'conflict') throw new LakesqlError(check.errorClass, check.parameters);
      winnersHighWaterMark = Math.max(winnersHighWaterMark, highWaterMarkIn(actions));
      for (const a of actions) {
        if (a.kind === 'commitInfo' && typeof a.commitInfo.inCommitTimestamp === 'number') {
          lastTimestamp = a.commitInfo.inCommitTimestamp;
        } else if (a.kind === 'commitInfo' && typeof a.commitInfo.timestamp === 'number') {
          lastTimestamp = a.commitInfo.timestamp;
        }
      }
      v++;
    }
    return { nextVersion: v, lastTimestamp, winnersHighWaterMark };
  }

  /**
   * The high water mark this commit's fresh ids start above: the read snapshot's, or one this commit sets
   * itself (CLONE copies the source's domain). Such a domain action is folded into the one commit writes.
   */
  private startingHighWaterMark(): number {
    const read = this.readSnapshot?.domainMetadata().find((d) => d.domain === ROW_TRACKING_DOMAIN);
    const own = this.domainActions.filter((d) => d.domain === ROW_TRACKING_DOMAIN);
    return Math.max(highWaterMarkOf(read), ...own.map(highWaterMarkOf));
  }

  /**
   * Enabling row tracking on a table with files that have no `baseRowId` yet (ALTER TABLE SET TBLPROPERTIES
   * ('delta.enableRowTracking' = true)): those files are re-added, `dataChange` false, so that they get
   * base row ids in this commit (delta-spark backfills them in a commit of its own before it enables the
   * property; the table a reader sees is the same). The backfill depends on those files: a concurrent
   * remove of one is a conflict.
   */
  private backfillRowIds(protocol: Protocol, metadata: Metadata): void {
    const snapshot = this.readSnapshot;
    if (!snapshot || !rowTrackingEnabled(protocol, metadata)) return;
    if (rowTrackingEnabled(snapshot.protocol, snapshot.metadata)) return;
    const touched = new Set([...this.removes.map((r) => r.path), ...this.adds.map((a) => a.path)]);
    const missing = snapshot
      .activeFiles()
      .filter((f) => (f.baseRowId === undefined || f.baseRowId === null) && !touched.has(f.path));
    this.readFiles(missing);
    this.adds.push(...missing.map((f) => ({ ...f, dataChange: false })));
  }

  private footprint(): TransactionFootprint {
    return {
      isolationLevel: this.options.isolationLevel ?? 'WriteSerializable',
      readPredicates: this.readPredicates,
      readFilePaths: this.readFilePaths,
      readWholeTable: this.wholeTableRead,
      readAppIds: new Set([...this.readAppIds, ...this.txns.map((t) => t.appId)]),
      removedPaths: new Set(this.removes.map((r) => r.path)),
      changesMetadata: this.newMetadata !== undefined,
      changesProtocol: this.newProtocol !== undefined,
      // Row ids of concurrent commits never conflict: a retry re-assigns them above the winners' mark.
      domains: new Set(this.domainActions.map((d) => d.domain).filter((d) => d !== ROW_TRACKING_DOMAIN)),
    };
  }

  /** commitInfo first (in-commit timestamps require it), then protocol, metadata, txns, domains, removes, adds, cdc. */
  private actionsFor(
    operation: Operation,
    txnId: string,
    metadata: Metadata,
    protocol: Protocol,
    previousTimestamp: number | undefined,
    rowIds: { readonly version: number; readonly highWaterMark: number | undefined },
  ): Action[] {
    const now = this.now();
    const commitInfo: Record<string, unknown> = {};
    if (inCommitTimestampsEnabled(metadata)) {
      // Monotonic: strictly greater than the previous commit's timestamp, whatever the local clock says.
      commitInfo.inCommitTimestamp = Math.max(now, (previousTimestamp ?? 0) + 1);
    }
    // Rewrites keep rows' ids on a table that tracks them, and say so as delta-spark does.
    const tags = preservedRowTrackingTags(operation.name, this.readSnapshot);
    Object.assign(commitInfo, {
      timestamp: now,
      operation: operation.name,
      operationParameters: stringifyParameters(operation.parameters ?? {}),
      ...(this.readSnapshot ? { readVersion: this.readSnapshot.version } : {}),
      isolationLevel: this.options.isolationLevel ?? 'WriteSerializable',
      isBlindAppend: this.isBlindAppend,
      operationMetrics: Object.fromEntries(
        Object.entries(operation.metrics ?? {}).map(([k, v]) => [k, String(v)]),
      ),
      ...(operation.userMetadata !== undefined ? { userMetadata: operation.userMetadata } : {}),
      ...(tags ? { tags } : {}),
      engineInfo: ENGINE_INFO,
      txnId,
    });
    const actions: Action[] = [{ kind: 'commitInfo', commitInfo: commitInfo as CommitInfo }];
    if (this.newProtocol) actions.push({ kind: 'protocol', protocol });
    if (this.newMetadata) actions.push({ kind: 'metaData', metaData: metadata });
    for (const txn of this.txns) actions.push({ kind: 'txn', txn });
    let adds: readonly AddFile[] = this.adds;
    const domains = [...this.domainActions];
    if (rowIds.highWaterMark !== undefined) {
      const assigned = assignRowTracking(this.adds, rowIds.highWaterMark, rowIds.version);
      adds = assigned.adds;
      const others = domains.filter((d) => d.domain !== ROW_TRACKING_DOMAIN);
      const mark = assigned.highWaterMark;
      const carried = domains.length !== others.length;
      domains.length = 0;
      domains.push(...others);
      if (mark !== undefined || carried) {
        domains.push(highWaterMarkDomain(mark ?? rowIds.highWaterMark));
      }
    }
    for (const d of domains) actions.push({ kind: 'domainMetadata', domainMetadata: d });
    for (const remove of this.removes) actions.push({ kind: 'remove', remove });
    for (const add of adds) actions.push({ kind: 'add', add });
    for (const cdc of this.changeFiles) actions.push({ kind: 'cdc', cdc });
    return actions;
  }
}

/** Spark records operation parameters as JSON strings of their values (e.g. `"mode":"Append"`, `"partitionBy":"[]"`). */
function stringifyParameters(params: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) out[k] = typeof v === 'string' ? v : JSON.stringify(v);
  return out;
}

/** Opens a transaction on the latest snapshot of the table at `store`, or on a new table when there is none. */
export async function startTransaction(
  store: ObjectStore,
  parquet: ParquetHandler,
  options: TransactionOptions = {},
): Promise<Transaction> {
  let snapshot: Snapshot | undefined;
  try {
    snapshot = await loadSnapshot(store, parquet);
  } catch (e) {
    if (!(e instanceof LakesqlError && e.errorClass === 'DELTA_MISSING_DELTA_TABLE')) throw e;
  }
  return new Transaction(store, parquet, snapshot, options);
}

/** `fn`'s promise, made on the first call and shared by the later ones. */
function once<T>(fn: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => {
    p ??= fn();
    return p;
  };
}
