/**
 * Statements that copy or update rows into new files (UPDATE, MERGE with matched rows, DELETE and
 * replaceWhere without deletion vectors) must keep each row's id, and give updated rows a new commit
 * version, through row tracking's materialized columns (PROTOCOL.md "Row Tracking"). OPTIMIZE and REORG
 * do (exec/write/bin-rewrite.ts); these statements do not yet, so on a table with row tracking enabled
 * they refuse rather than hand copied rows fresh ids, which would silently break the ids' stability.
 * Inserts, whole-file deletes and DELETE with deletion vectors keep every id and are not refused.
 */
import { rowTrackingMaterialized } from '../../delta/row-tracking.js';
import type { Snapshot } from '../../delta/snapshot.js';
import { LakesqlError } from '../../errors/index.js';

export function refuseRowCopiesUnderRowTracking(snapshot: Snapshot, what: string): void {
  if (rowTrackingMaterialized(snapshot) === undefined) return;
  throw new LakesqlError('UNSUPPORTED_FEATURE', {
    feature: `${what} on a table with row tracking enabled (rows rewritten into new files must keep their row ids through the materialized row tracking columns, which lakesql does not write for this statement yet; OPTIMIZE, REORG, INSERT and DELETE with deletion vectors are supported)`,
  });
}
