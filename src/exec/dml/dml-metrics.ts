/**
 * What DELETE and UPDATE report: Databricks' result row (`num_affected_rows`, a bigint) and the
 * commitInfo.operationMetrics Delta records, named as DeltaOperationMetrics.DELETE / .UPDATE name them.
 */
import type { AddCDCFile, AddFile } from '../../delta/actions.js';
import { LongType } from '../../types/data-types.js';
import type { StatementResult } from '../statement-result.js';

export interface RewriteStats {
  readonly removed: readonly AddFile[];
  readonly added: readonly AddFile[];
  /** `_change_data` files written (tables with the change data feed). */
  readonly changeFiles?: readonly AddCDCFile[];
  /** Rows deleted (DELETE) or updated (UPDATE). */
  readonly affectedRows: number;
  /** Unchanged rows written again because they shared a file with a changed one. */
  readonly copiedRows: number;
  readonly executionTimeMs: number;
  readonly scanTimeMs: number;
  readonly rewriteTimeMs: number;
  /** Merge-on-read (deletion-vector-write.ts): Delta's counts of DVs added, removed and replaced. */
  readonly deletionVectors?: {
    readonly added: number;
    readonly removed: number;
    readonly updated: number;
  };
}

/** Databricks' DELETE and UPDATE result: one row, `num_affected_rows`. */
export function affectedRowsResult(n: number): StatementResult {
  return {
    kind: 'rows',
    columns: [{ name: 'num_affected_rows', type: LongType, nullable: false }],
    rows: [[BigInt(n)]],
  };
}

/** Databricks' INSERT and CREATE TABLE … AS SELECT result: `num_affected_rows`, `num_inserted_rows`. */
export function insertedRowsResult(n: number | bigint): StatementResult {
  return {
    kind: 'rows',
    columns: [
      { name: 'num_affected_rows', type: LongType, nullable: false },
      { name: 'num_inserted_rows', type: LongType, nullable: false },
    ],
    rows: [[BigInt(n), BigInt(n)]],
  };
}

function fileMetrics(s: RewriteStats): Record<string, number> {
  // Copy-on-write adds no deletion vectors; removing a file that had one removes its DV.
  const added = s.deletionVectors?.added ?? 0;
  const removed = s.deletionVectors?.removed ?? s.removed.filter((f) => f.deletionVector).length;
  const updated = s.deletionVectors?.updated ?? 0;
  return {
    numRemovedFiles: s.removed.length,
    numAddedFiles: s.added.length,
    numAddedChangeFiles: s.changeFiles?.length ?? 0,
    // As commitInfo records them (DeltaOperationMetrics.DELETION_VECTORS): an updated DV counts as one removed
    // and one added as well, the way a touched file's remove + add counts.
    numDeletionVectorsAdded: added + updated,
    numDeletionVectorsRemoved: removed + updated,
    numDeletionVectorsUpdated: updated,
  };
}

function timeAndBytes(s: RewriteStats): Record<string, number> {
  return {
    executionTimeMs: Math.round(s.executionTimeMs),
    scanTimeMs: Math.round(s.scanTimeMs),
    rewriteTimeMs: Math.round(s.rewriteTimeMs),
    numRemovedBytes: s.removed.reduce((n, f) => n + f.size, 0),
    numAddedBytes: s.added.reduce((n, f) => n + f.size, 0),
  };
}

export function deleteOperationMetrics(s: RewriteStats): Record<string, number> {
  return {
    ...fileMetrics(s),
    numDeletedRows: s.affectedRows,
    numCopiedRows: s.copiedRows,
    ...timeAndBytes(s),
  };
}

export function updateOperationMetrics(s: RewriteStats): Record<string, number> {
  return {
    ...fileMetrics(s),
    numUpdatedRows: s.affectedRows,
    numCopiedRows: s.copiedRows,
    ...timeAndBytes(s),
  };
}
