/**
 * Logical conflict detection between this transaction and the commits that won the versions it wanted,
 * after Delta's ConflictChecker. Each rule is one function named after the check it makes; the first
 * that finds a conflict decides the error class users' retry loops match on.
 *
 * Isolation: under WriteSerializable (Delta's default) files added by a concurrent blind append never
 * conflict; under Serializable they do when they match what this transaction read.
 */
import type { Action, AddFile, Metadata, RemoveFile } from './actions.js';
import { fileMayMatch } from './data-skipping.js';
import type { Predicate } from './predicate.js';
import type { Snapshot } from './snapshot.js';

export type IsolationLevel = 'WriteSerializable' | 'Serializable';

/** What this transaction read and changed: the inputs of conflict detection. */
export interface TransactionFootprint {
  readonly isolationLevel: IsolationLevel;
  /** Predicates over the table this transaction's reads depended on; a whole-table read is `true`. */
  readonly readPredicates: readonly Predicate[];
  /** Paths of the files this transaction read (and may have rewritten). */
  readonly readFilePaths: ReadonlySet<string>;
  readonly readWholeTable: boolean;
  /** appIds whose txn version this transaction looked at. */
  readonly readAppIds: ReadonlySet<string>;
  readonly removedPaths: ReadonlySet<string>;
  readonly changesMetadata: boolean;
  readonly changesProtocol: boolean;
  readonly domains: ReadonlySet<string>;
}

/** The actions of one winning commit. */
export interface WinningCommit {
  readonly version: number;
  readonly actions: readonly Action[];
}

export type ConflictCheck =
  | { readonly kind: 'noConflict' }
  | {
      readonly kind: 'conflict';
      readonly errorClass:
        | 'DELTA_PROTOCOL_CHANGED'
        | 'DELTA_METADATA_CHANGED'
        | 'DELTA_CONCURRENT_APPEND'
        | 'DELTA_CONCURRENT_DELETE_READ'
        | 'DELTA_CONCURRENT_DELETE_DELETE'
        | 'DELTA_CONCURRENT_TRANSACTION';
      readonly parameters: Record<string, string | number>;
    };

const NO_CONFLICT: ConflictCheck = { kind: 'noConflict' };

export function checkConflicts(
  footprint: TransactionFootprint,
  winner: WinningCommit,
  readSnapshot: Snapshot | undefined,
): ConflictCheck {
  const rules = [
    checkProtocolCompatibility,
    checkNoMetadataUpdates,
    checkForAddedFilesThatShouldHaveBeenReadByCurrentTxn,
    checkForDeletedFilesAgainstCurrentTxnReadFiles,
    checkForDeletedFilesAgainstCurrentTxnDeletedFiles,
    checkForUpdatedApplicationTransactionIdsThatCurrentTxnDependsOn,
    checkForConcurrentDomainMetadataChanges,
  ];
  for (const rule of rules) {
    const result = rule(footprint, winner, readSnapshot);
    if (result.kind === 'conflict') return result;
  }
  return NO_CONFLICT;
}

type Rule = (f: TransactionFootprint, w: WinningCommit, s: Snapshot | undefined) => ConflictCheck;

const checkProtocolCompatibility: Rule = (_f, w) =>
  w.actions.some((a) => a.kind === 'protocol')
    ? { kind: 'conflict', errorClass: 'DELTA_PROTOCOL_CHANGED', parameters: { version: w.version } }
    : NO_CONFLICT;

const checkNoMetadataUpdates: Rule = (_f, w) =>
  w.actions.some((a) => a.kind === 'metaData')
    ? { kind: 'conflict', errorClass: 'DELTA_METADATA_CHANGED', parameters: { version: w.version } }
    : NO_CONFLICT;

const checkForAddedFilesThatShouldHaveBeenReadByCurrentTxn: Rule = (f, w, snapshot) => {
  if (f.readPredicates.length === 0 && !f.readWholeTable) return NO_CONFLICT;
  const winnerIsBlindAppend = commitInfoOf(w)?.isBlindAppend === true;
  if (winnerIsBlindAppend && f.isolationLevel === 'WriteSerializable') return NO_CONFLICT;
  const added = w.actions.flatMap((a) => (a.kind === 'add' && a.add.dataChange ? [a.add] : []));
  for (const add of added) {
    if (f.readWholeTable || matchesAnyPredicate(add, f.readPredicates, snapshot)) {
      return {
        kind: 'conflict',
        errorClass: 'DELTA_CONCURRENT_APPEND',
        parameters: { version: w.version, partition: describePartition(add) },
      };
    }
  }
  return NO_CONFLICT;
};

const checkForDeletedFilesAgainstCurrentTxnReadFiles: Rule = (f, w) => {
  for (const r of removedFiles(w)) {
    if (f.readWholeTable || f.readFilePaths.has(r.path)) {
      return {
        kind: 'conflict',
        errorClass: 'DELTA_CONCURRENT_DELETE_READ',
        parameters: { version: w.version, file: r.path },
      };
    }
  }
  return NO_CONFLICT;
};

const checkForDeletedFilesAgainstCurrentTxnDeletedFiles: Rule = (f, w) => {
  for (const a of w.actions) {
    if (a.kind === 'remove' && f.removedPaths.has(a.remove.path)) {
      return {
        kind: 'conflict',
        errorClass: 'DELTA_CONCURRENT_DELETE_DELETE',
        parameters: { version: w.version, file: a.remove.path },
      };
    }
  }
  return NO_CONFLICT;
};

const checkForUpdatedApplicationTransactionIdsThatCurrentTxnDependsOn: Rule = (f, w) => {
  for (const a of w.actions) {
    if (a.kind === 'txn' && f.readAppIds.has(a.txn.appId)) {
      return {
        kind: 'conflict',
        errorClass: 'DELTA_CONCURRENT_TRANSACTION',
        parameters: { version: w.version, appId: a.txn.appId },
      };
    }
  }
  return NO_CONFLICT;
};

const checkForConcurrentDomainMetadataChanges: Rule = (f, w) => {
  for (const a of w.actions) {
    if (a.kind === 'domainMetadata' && f.domains.has(a.domainMetadata.domain)) {
      return {
        kind: 'conflict',
        errorClass: 'DELTA_CONCURRENT_TRANSACTION',
        parameters: { version: w.version, appId: `domain ${a.domainMetadata.domain}` },
      };
    }
  }
  return NO_CONFLICT;
};

function removedFiles(w: WinningCommit): RemoveFile[] {
  return w.actions.flatMap((a) => (a.kind === 'remove' && a.remove.dataChange ? [a.remove] : []));
}

function commitInfoOf(w: WinningCommit): Record<string, unknown> | undefined {
  for (const a of w.actions) if (a.kind === 'commitInfo') return a.commitInfo;
  return undefined;
}

function matchesAnyPredicate(
  add: AddFile,
  predicates: readonly Predicate[],
  snapshot: Snapshot | undefined,
): boolean {
  if (!snapshot) return true;
  const partitionValues = snapshot.partitionValuesOf(add);
  return predicates.some((p) =>
    fileMayMatch(p, {
      add,
      partitionValues,
      partitionColumns: snapshot.partitionColumns,
      schema: snapshot.schema,
      columnMappingMode: snapshot.columnMappingMode,
    }),
  );
}

function describePartition(add: AddFile): string {
  const entries = Object.entries(add.partitionValues);
  if (entries.length === 0) return 'the root of the table';
  return `partition [${entries.map(([k, v]) => `${k}=${v}`).join(', ')}]`;
}

export function metadataOf(actions: readonly Action[]): Metadata | undefined {
  for (const a of actions) if (a.kind === 'metaData') return a.metaData;
  return undefined;
}
