/**
 * MERGE's figures: Delta's operationMetrics for commitInfo (DeltaOperationMetrics.MERGE names, recorded as
 * strings), and Databricks' result row (num_affected_rows, num_updated_rows, num_deleted_rows,
 * num_inserted_rows, all bigint).
 */
import { LongType } from '../../../types/data-types.js';
import type { StatementResult } from '../../statement-result.js';

export interface MergeMetrics {
  readonly numSourceRows: number;
  readonly numTargetRowsInserted: number;
  readonly numTargetRowsUpdated: number;
  readonly numTargetRowsDeleted: number;
  readonly numTargetRowsMatchedUpdated: number;
  readonly numTargetRowsMatchedDeleted: number;
  readonly numTargetRowsNotMatchedBySourceUpdated: number;
  readonly numTargetRowsNotMatchedBySourceDeleted: number;
  readonly numTargetRowsCopied: number;
  /** Inserted + updated + copied (Delta recomputes it so, leaving CDC rows out). */
  readonly numOutputRows: number;
  readonly numTargetFilesAdded: number;
  readonly numTargetFilesRemoved: number;
  readonly numTargetBytesAdded: number;
  readonly numTargetBytesRemoved: number;
  /** `_change_data` files written (tables with the change data feed). */
  readonly numTargetChangeFilesAdded: number;
  /**
   * Merge-on-read: deletion vectors written, as Delta records it (DeltaOperationMetrics.MERGE_DELETION_VECTORS):
   * new ones plus updated ones, an update being a remove and an add of a DV.
   */
  readonly numTargetDeletionVectorsAdded: number;
  /** DVs dropped: those of files removed outright (every live row changed) plus updated ones. */
  readonly numTargetDeletionVectorsRemoved: number;
  /** Touched files whose deletion vector was replaced by a larger one. */
  readonly numTargetDeletionVectorsUpdated: number;
  readonly executionTimeMs: number;
  readonly scanTimeMs: number;
  readonly rewriteTimeMs: number;
}

/** Row counts per kind of action, as the decision query found them. */
export interface MergeRowCounts {
  readonly numSourceRows: number;
  readonly matchedUpdated: number;
  readonly matchedDeleted: number;
  readonly notMatchedBySourceUpdated: number;
  readonly notMatchedBySourceDeleted: number;
  readonly inserted: number;
  readonly copied: number;
}

export interface MergeFileCounts {
  readonly added: number;
  readonly removed: number;
  readonly bytesAdded: number;
  readonly bytesRemoved: number;
  readonly changeFiles: number;
  /** Touched files that had no DV and now have one. */
  readonly deletionVectorsAdded: number;
  /** Files with a DV removed outright. */
  readonly deletionVectorsRemoved: number;
  /** Touched files whose DV grew. */
  readonly deletionVectorsUpdated: number;
}

export interface MergeTimes {
  readonly executionTimeMs: number;
  readonly scanTimeMs: number;
  readonly rewriteTimeMs: number;
}

export function mergeMetrics(rows: MergeRowCounts, files: MergeFileCounts, times: MergeTimes): MergeMetrics {
  const updated = rows.matchedUpdated + rows.notMatchedBySourceUpdated;
  return {
    numSourceRows: rows.numSourceRows,
    numTargetRowsInserted: rows.inserted,
    numTargetRowsUpdated: updated,
    numTargetRowsDeleted: rows.matchedDeleted + rows.notMatchedBySourceDeleted,
    numTargetRowsMatchedUpdated: rows.matchedUpdated,
    numTargetRowsMatchedDeleted: rows.matchedDeleted,
    numTargetRowsNotMatchedBySourceUpdated: rows.notMatchedBySourceUpdated,
    numTargetRowsNotMatchedBySourceDeleted: rows.notMatchedBySourceDeleted,
    numTargetRowsCopied: rows.copied,
    numOutputRows: rows.inserted + updated + rows.copied,
    numTargetFilesAdded: files.added,
    numTargetFilesRemoved: files.removed,
    numTargetBytesAdded: files.bytesAdded,
    numTargetBytesRemoved: files.bytesRemoved,
    numTargetChangeFilesAdded: files.changeFiles,
    numTargetDeletionVectorsAdded: files.deletionVectorsAdded + files.deletionVectorsUpdated,
    numTargetDeletionVectorsRemoved: files.deletionVectorsRemoved + files.deletionVectorsUpdated,
    numTargetDeletionVectorsUpdated: files.deletionVectorsUpdated,
    executionTimeMs: times.executionTimeMs,
    scanTimeMs: times.scanTimeMs,
    rewriteTimeMs: times.rewriteTimeMs,
  };
}

/** commitInfo.operationMetrics: every metric under Delta's name (Transaction writes them as strings). */
export function operationMetrics(m: MergeMetrics): Record<string, number> {
  return { ...m };
}

export function mergeResultRow(m: MergeMetrics): StatementResult {
  const affected = m.numTargetRowsUpdated + m.numTargetRowsDeleted + m.numTargetRowsInserted;
  return {
    kind: 'rows',
    columns: ['num_affected_rows', 'num_updated_rows', 'num_deleted_rows', 'num_inserted_rows'].map(
      (name) => ({ name, type: LongType, nullable: false }),
    ),
    rows: [
      [
        BigInt(affected),
        BigInt(m.numTargetRowsUpdated),
        BigInt(m.numTargetRowsDeleted),
        BigInt(m.numTargetRowsInserted),
      ],
    ],
  };
}
