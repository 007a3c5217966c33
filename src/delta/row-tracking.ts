/**
 * Row tracking (PROTOCOL.md "Row Tracking"; delta-spark's RowId, DefaultRowCommitVersion, RowTracking and
 * MaterializedRowTrackingColumn). When a table supports the `rowTracking` writer feature, every add that
 * does not carry them yet gets a fresh `baseRowId` (a range of ids above the `delta.rowTracking` domain's
 * `rowIdHighWaterMark`, one per physical row) and a `defaultRowCommitVersion` (the version it is committed
 * in); the commit raises the high water mark past the ids it handed out. Adds that carry them already (a
 * file re-added with a new deletion vector) keep them: their rows keep their ids and versions.
 *
 * A row's id is its materialized row id column when that is not null, else `baseRowId + row index`; its
 * commit version the materialized commit version column, else `defaultRowCommitVersion`. Rewrites that copy
 * rows into new files write those columns so that copied rows keep their identity.
 *
 * Pure protocol logic: the transaction calls these for every attempt of a commit, so a commit that is
 * rebased over a winner that also handed out ids gets ids above the winner's (delta-spark's
 * ConflictChecker.reassignOverlappingRowIds and reassignRowCommitVersions).
 */
import { LakesqlError } from '../errors/index.js';
import type { Action, AddFile, DomainMetadata, Metadata, Protocol } from './actions.js';
import { parseStats } from './stats.js';
import { writerFeaturesOf } from './table-features.js';

export const ROW_TRACKING_DOMAIN = 'delta.rowTracking';
export const ENABLE_ROW_TRACKING = 'delta.enableRowTracking';
export const MATERIALIZED_ROW_ID_COLUMN = 'delta.rowTracking.materializedRowIdColumnName';
export const MATERIALIZED_ROW_COMMIT_VERSION_COLUMN =
  'delta.rowTracking.materializedRowCommitVersionColumnName';

/** The high water mark of a table that has handed out no row id yet. */
export const NO_ROW_IDS = -1;

/** Whether commits to a table with this protocol must assign row ids (the feature is supported). */
export function rowTrackingSupported(protocol: Protocol): boolean {
  return writerFeaturesOf(protocol).includes('rowTracking');
}

/** Whether row ids are guaranteed stable: supported, and `delta.enableRowTracking` is true. */
export function rowTrackingEnabled(protocol: Protocol, metadata: Metadata): boolean {
  return (
    rowTrackingSupported(protocol) && metadata.configuration[ENABLE_ROW_TRACKING]?.toLowerCase() === 'true'
  );
}

/** The names of the physical columns that hold preserved row ids and commit versions (undefined when unset). */
export interface MaterializedColumns {
  readonly rowId: string;
  readonly rowCommitVersion: string;
}

export function materializedColumns(metadata: Metadata): MaterializedColumns | undefined {
  const rowId = metadata.configuration[MATERIALIZED_ROW_ID_COLUMN];
  const rowCommitVersion = metadata.configuration[MATERIALIZED_ROW_COMMIT_VERSION_COLUMN];
  return rowId && rowCommitVersion ? { rowId, rowCommitVersion } : undefined;
}

/**
 * The metadata with materialized column names when the protocol supports row tracking and they are missing
 * (delta-spark names them `_row-id-col-<uuid>` / `_row-commit-version-col-<uuid>` the moment the feature
 * is supported); undefined when nothing needs to change.
 */
export function withMaterializedColumnNames(protocol: Protocol, metadata: Metadata): Metadata | undefined {
  if (!rowTrackingSupported(protocol)) return undefined;
  const conf = metadata.configuration;
  if (conf[MATERIALIZED_ROW_ID_COLUMN] && conf[MATERIALIZED_ROW_COMMIT_VERSION_COLUMN]) return undefined;
  return {
    ...metadata,
    configuration: {
      ...conf,
      ...(conf[MATERIALIZED_ROW_ID_COLUMN]
        ? {}
        : { [MATERIALIZED_ROW_ID_COLUMN]: `_row-id-col-${globalThis.crypto.randomUUID()}` }),
      ...(conf[MATERIALIZED_ROW_COMMIT_VERSION_COLUMN]
        ? {}
        : {
            [MATERIALIZED_ROW_COMMIT_VERSION_COLUMN]: `_row-commit-version-col-${globalThis.crypto.randomUUID()}`,
          }),
    },
  };
}

/** The high water mark a `delta.rowTracking` domain holds (NO_ROW_IDS when absent, removed or unreadable). */
export function highWaterMarkOf(domain: DomainMetadata | undefined): number {
  if (!domain || domain.removed || domain.domain !== ROW_TRACKING_DOMAIN) return NO_ROW_IDS;
  try {
    const parsed = JSON.parse(domain.configuration) as { rowIdHighWaterMark?: unknown };
    const mark = parsed.rowIdHighWaterMark;
    return typeof mark === 'number' && Number.isSafeInteger(mark) ? mark : NO_ROW_IDS;
  } catch {
    return NO_ROW_IDS;
  }
}

/** The highest high water mark the actions of a commit set (NO_ROW_IDS when they set none). */
export function highWaterMarkIn(actions: readonly Action[]): number {
  let mark = NO_ROW_IDS;
  for (const a of actions) {
    if (a.kind === 'domainMetadata') mark = Math.max(mark, highWaterMarkOf(a.domainMetadata));
  }
  return mark;
}

/** The domain action recording `mark`, as delta-spark's RowTrackingMetadataDomain serialises it. */
export function highWaterMarkDomain(mark: number): DomainMetadata {
  return {
    domain: ROW_TRACKING_DOMAIN,
    configuration: JSON.stringify({ rowIdHighWaterMark: mark, domainName: ROW_TRACKING_DOMAIN }),
    removed: false,
  };
}

export interface AssignedRowTracking {
  readonly adds: AddFile[];
  /** The new high water mark; undefined when no fresh id was handed out. */
  readonly highWaterMark: number | undefined;
}

/**
 * Gives each add without a `baseRowId` a fresh range above `highWaterMark`, and each add without a
 * `defaultRowCommitVersion` the commit's `version`. A file's range is as long as its physical row count
 * (`numRecords`, deletion-vector rows included), so a file's row ids never overlap another's.
 */
export function assignRowTracking(
  adds: readonly AddFile[],
  highWaterMark: number,
  version: number,
): AssignedRowTracking {
  // Ids that adds carry in (CLONE, RESTORE) count as handed out: fresh ranges start above them.
  let mark = highWaterMark;
  for (const add of adds) {
    if (add.baseRowId === undefined || add.baseRowId === null || add.baseRowId <= mark) continue;
    mark = Math.max(mark, add.baseRowId + numRecordsOf(add) - 1);
  }
  let next = mark + 1;
  const out = adds.map((add): AddFile => {
    let baseRowId = add.baseRowId;
    if (baseRowId === undefined || baseRowId === null) {
      baseRowId = next;
      next += numRecordsOf(add);
    }
    const defaultRowCommitVersion = add.defaultRowCommitVersion ?? version;
    return { ...add, baseRowId, defaultRowCommitVersion };
  });
  const last = next - 1;
  return { adds: out, highWaterMark: last > highWaterMark ? last : undefined };
}

/** A file's physical row count (rows a deletion vector marks count too: they hold ids). */
function numRecordsOf(add: AddFile): number {
  const numRecords = parseStats(add.stats)?.numRecords;
  if (numRecords === undefined) {
    throw new LakesqlError('DELTA_ROW_ID_ASSIGNMENT_WITHOUT_STATS', { path: add.path });
  }
  return numRecords;
}

/** The materialized columns a read of `_metadata` must see: defined when row tracking is enabled. */
export function rowTrackingMaterialized(snapshot: {
  readonly protocol: Protocol;
  readonly metadata: Metadata;
}): MaterializedColumns | undefined {
  return rowTrackingEnabled(snapshot.protocol, snapshot.metadata)
    ? materializedColumns(snapshot.metadata)
    : undefined;
}

/**
 * The materialized columns a rewrite writes rows' ids and versions into: undefined when row tracking is
 * not enabled; a table that enables it without naming them (a writer that broke the protocol) is refused
 * rather than have its rows renumbered (delta-spark's getMaterializedColumnNameOrThrow).
 */
export function materializedColumnsForRewrite(snapshot: {
  readonly protocol: Protocol;
  readonly metadata: Metadata;
  readonly store: { readonly rootUrl: string };
}): MaterializedColumns | undefined {
  const tableName = snapshot.metadata.name ?? snapshot.store.rootUrl;
  if (!rowTrackingEnabled(snapshot.protocol, snapshot.metadata)) return undefined;
  const conf = snapshot.metadata.configuration;
  for (const [key, rowTrackingColumn] of [
    [MATERIALIZED_ROW_ID_COLUMN, 'Row ID'],
    [MATERIALIZED_ROW_COMMIT_VERSION_COLUMN, 'Row Commit Version'],
  ] as const) {
    if (!conf[key]) {
      throw new LakesqlError('DELTA_MATERIALIZED_ROW_TRACKING_COLUMN_NAME_MISSING', {
        rowTrackingColumn,
        tableName,
      });
    }
  }
  return materializedColumns(snapshot.metadata);
}

/** The commitInfo tag by which a commit says that it kept every row's id (delta-spark's DeltaCommitTag). */
export const PRESERVED_ROW_TRACKING_TAG = 'delta.rowTracking.preserved';

/**
 * The operations that move rows and keep their ids through the materialized columns, which delta-spark
 * tags as preserving row tracking (RowTracking.addPreservedRowTrackingTagIfNotSet in its DeleteCommand,
 * UpdateCommand, MergeIntoCommand, OptimizeTableCommand (REORG too) and RemoveColumnMappingCommand).
 */
const PRESERVING_OPERATIONS: ReadonlySet<string> = new Set([
  'DELETE',
  'UPDATE',
  'MERGE',
  'OPTIMIZE',
  'REORG',
  'REMOVE COLUMN MAPPING',
]);

/** commitInfo.tags of an operation on a table that read as `snapshot` (undefined: none). */
export function preservedRowTrackingTags(
  operation: string,
  snapshot: { readonly protocol: Protocol; readonly metadata: Metadata } | undefined,
): Record<string, string> | undefined {
  if (!snapshot || !PRESERVING_OPERATIONS.has(operation)) return undefined;
  if (!rowTrackingEnabled(snapshot.protocol, snapshot.metadata)) return undefined;
  return { [PRESERVED_ROW_TRACKING_TAG]: 'true' };
}
