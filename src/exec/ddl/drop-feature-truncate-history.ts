/**
 * The history truncation of `DROP FEATURE … TRUNCATE HISTORY` (delta-spark's
 * AlterTableDropFeatureDeltaCommand with truncateHistory): a checkpoint of the current version, then the
 * log before it deleted as metadata cleanup would, but with the TRUNCATE HISTORY retention
 * (delta.dropFeatureTruncateHistory.retentionDuration, 24 hours) instead of delta.logRetentionDuration.
 * Commits younger than that stay, so a feature last used less than 24 hours ago is still in the history
 * and the drop then refuses.
 */
import { writeCheckpoint } from '../../delta/checkpoint-writer.js';
import { cleanUpExpiredLogs } from '../../delta/log-cleanup.js';
import type { ParquetHandler } from '../../delta/parquet-handler.js';
import type { Snapshot } from '../../delta/snapshot.js';
import { truncateHistoryRetentionMs } from '../../delta/table-properties.js';

/** Returns how many log files were deleted. */
export async function truncateHistory(
  snapshot: Snapshot,
  parquet: ParquetHandler,
  now: number,
): Promise<number> {
  await writeCheckpoint(snapshot, parquet, now);
  return cleanUpExpiredLogs(
    snapshot.store,
    snapshot,
    now,
    truncateHistoryRetentionMs(snapshot.configuration),
    parquet,
  );
}
