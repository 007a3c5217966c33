/**
 * The one way lakesql commits to a Delta table. Every writer — INSERT (and COPY INTO, which runs one),
 * UPDATE, DELETE, MERGE, RESTORE, CTAS / RTAS and CREATE with rows, DataFrame writes and the streaming sink
 * that runs them, CONVERT TO DELTA, ALTER TABLE, protocol upgrades — opens a CommitBuilder on the snapshot its
 * statement read (table-target.ts) and records there what the commit holds:
 * - what the outcome depended on (read predicates, read files), for the conflict checks of a retry;
 * - adds; removes, each carrying the deletion vector of the file it removes (`removeFileFor`), and the
 *   "remove + add of the same path with a new deletion vector" of a merge-on-read change
 *   (PROTOCOL.md "Deletion Vectors": the add and the remove are told apart by their DV);
 * - change data files (PROTOCOL.md "Add CDC File");
 * - a new metaData and protocol;
 * - the application's SetTransaction of an idempotent write (exec/write/idempotent-write.ts);
 * - the operation, its parameters and operationMetrics, and commitInfo.userMetadata.
 * `commit` writes the next version through delta/transaction.ts, which checks concurrent winners for
 * logical conflicts and rebases and retries as Delta's OptimisticTransaction does.
 *
 * Why one builder: the rules of a commit (a remove keeps its file's DV, an idempotent write also reads its
 * application's version, cdc files make a commit no blind append) were written out at eight call sites and
 * drifted; here they are written once, and src/architecture.test.ts keeps every other module from opening
 * a `Transaction` of its own.
 */
import type {
  AddCDCFile,
  AddFile,
  DeletionVectorDescriptor,
  DomainMetadata,
  Metadata,
  Protocol,
  RemoveFile,
} from '../../delta/actions.js';
import type { ParquetHandler } from '../../delta/parquet-handler.js';
import type { Predicate } from '../../delta/predicate.js';
import type { Snapshot } from '../../delta/snapshot.js';
import {
  type CommitResult,
  type Operation,
  removeFileFor,
  Transaction,
  type TransactionOptions,
} from '../../delta/transaction.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { IdempotentWrite } from './idempotent-write.js';
import { latestSnapshotOrNone } from './table-target.js';

/** Where a commit goes: the table's store, and the snapshot the statement read (none: it creates the table). */
export interface CommitTarget {
  readonly store: ObjectStore;
  readonly snapshot: Snapshot | undefined;
}

export class CommitBuilder {
  readonly #txn: Transaction;
  readonly #added: AddFile[] = [];

  private constructor(txn: Transaction) {
    this.#txn = txn;
  }

  /** A commit on the snapshot the statement read (or on a new table when `target.snapshot` is undefined). */
  static on(target: CommitTarget, parquet: ParquetHandler, options: TransactionOptions = {}): CommitBuilder {
    return new CommitBuilder(new Transaction(target.store, parquet, target.snapshot, options));
  }

  /** A commit on `snapshot`, the one the statement read. */
  static onSnapshot(
    snapshot: Snapshot,
    parquet: ParquetHandler,
    options: TransactionOptions = {},
  ): CommitBuilder {
    return CommitBuilder.on({ store: snapshot.store, snapshot }, parquet, options);
  }

  /** A commit on the latest snapshot of the table at `store`, or on a new table when there is none. */
  static async onLatest(
    store: ObjectStore,
    parquet: ParquetHandler,
    options: TransactionOptions = {},
  ): Promise<CommitBuilder> {
    return CommitBuilder.on(
      { store, snapshot: await latestSnapshotOrNone(store, parquet) },
      parquet,
      options,
    );
  }

  get readSnapshot(): Snapshot | undefined {
    return this.#txn.readSnapshot;
  }

  /** The metadata the commit leaves: the new one, else the read snapshot's. */
  get metadata(): Metadata | undefined {
    return this.#txn.metadata;
  }

  get protocol(): Protocol | undefined {
    return this.#txn.protocol;
  }

  get isBlindAppend(): boolean {
    return this.#txn.isBlindAppend;
  }

  /** The outcome depended on the rows matching `predicate` (on the whole table when omitted). */
  readTable(predicate?: Predicate): this {
    this.#txn.readTable(predicate);
    return this;
  }

  /** The files read to decide: a concurrent remove of any of them is a conflict. */
  readFiles(files: Iterable<AddFile>): this {
    this.#txn.readFiles(files);
    return this;
  }

  addFiles(files: Iterable<AddFile>): this {
    const list = [...files];
    this.#added.push(...list);
    this.#txn.addFiles(list);
    return this;
  }

  /** The adds recorded so far: auto compaction looks only at the partitions a commit added files to. */
  get addedFiles(): readonly AddFile[] {
    return this.#added;
  }

  /** The table's store (the commit goes there). */
  get store(): ObjectStore {
    return this.#txn.store;
  }

  /** Removes live files: each remove carries the file's deletion vector, stats, tags and row-tracking fields. */
  removeFiles(files: Iterable<AddFile>, now: number = Date.now(), dataChange = true): this {
    this.#txn.removeFiles([...files].map((f) => removeFileFor(f, now, dataChange)));
    return this;
  }

  /** Removes built by the caller with `removeFileFor` (an overwrite decides them before the commit opens). */
  removeActions(removes: Iterable<RemoveFile>): this {
    this.#txn.removeFiles(removes);
    return this;
  }

  /**
   * Delta's merge-on-read change of a file: the remove of `file` as it is (with its current deletion
   * vector, if any) and the add of the same path with `deletionVector`, which marks every row deleted so
   * far (the old vector's rows included). `stats` replaces the add's statistics when given (Delta writes
   * `tightBounds: false` once rows are deleted by a vector).
   */
  updateDeletionVector(
    file: AddFile,
    deletionVector: DeletionVectorDescriptor,
    options: { readonly stats?: string; readonly now?: number } = {},
  ): this {
    this.removeFiles([file], options.now ?? Date.now());
    this.addFiles([
      {
        ...file,
        deletionVector,
        dataChange: true,
        ...(options.stats !== undefined ? { stats: options.stats } : {}),
      },
    ]);
    return this;
  }

  /** Change data files of the rows this commit changes (PROTOCOL.md "Add CDC File"). */
  addChangeFiles(files: Iterable<AddCDCFile>): this {
    this.#txn.addChangeFiles(files);
    return this;
  }

  updateMetadata(metadata: Metadata): this {
    this.#txn.updateMetadata(metadata);
    return this;
  }

  updateProtocol(protocol: Protocol): this {
    this.#txn.updateProtocol(protocol);
    return this;
  }

  setDomainMetadata(domain: DomainMetadata): this {
    this.#txn.setDomainMetadata(domain);
    return this;
  }

  /**
   * An idempotent write (Delta's txnAppId / txnVersion): the SetTransaction action, and a read of the
   * application's version so that a concurrent commit of the same application conflicts. No-op without one.
   */
  idempotentWrite(write: IdempotentWrite | undefined): this {
    if (write === undefined) return this;
    this.#txn.transactionVersion(write.appId);
    this.#txn.setTransaction(write.appId, write.version);
    return this;
  }

  /** Writes the commit (the operation names it in history, with its metrics and userMetadata). */
  commit(operation: Operation): Promise<CommitResult> {
    return this.#txn.commit(operation);
  }
}
