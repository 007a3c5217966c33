/**
 * Metadata cleanup (PROTOCOL.md "Metadata Cleanup"): log files older than `delta.logRetentionDuration` may
 * be deleted, but only behind a checkpoint, so that every version still kept can be reconstructed.
 * We find the newest checkpoint whose version is at most the current one and for which every older commit
 * has expired, then delete the commits, checkpoints, checksums and compactions below that version.
 */
import type { ObjectStore } from '../storage/object-store.js';
import type { LogFile } from './log-files.js';
import { listLogFiles } from './log-segment.js';
import type { ParquetHandler } from './parquet-handler.js';
import { deleteUnreferencedSidecars } from './sidecar-cleanup.js';
import type { Snapshot } from './snapshot.js';
import { logRetentionMs } from './table-properties.js';

export async function cleanUpExpiredLogs(
  store: ObjectStore,
  snapshot: Snapshot,
  now: number,
  /** DROP FEATURE … TRUNCATE HISTORY cleans up with its own, shorter retention. */
  retentionMs: number = logRetentionMs(snapshot.configuration),
  /** To read which sidecars the remaining V2 checkpoints reference; without it sidecars are kept. */
  parquet?: ParquetHandler,
): Promise<number> {
  const cutoff = now - retentionMs;
  const files = await listLogFiles(store);
  const commits = files.filter((f) => f.kind === 'commit').sort((a, b) => a.version - b.version);
  const checkpointVersions = [
    ...new Set(
      files
        .filter(
          (f) =>
            f.kind === 'classicCheckpoint' || f.kind === 'multiPartCheckpoint' || f.kind === 'v2Checkpoint',
        )
        .map((f) => f.version),
    ),
  ]
    .filter((v) => v <= snapshot.version)
    .sort((a, b) => a - b);
  let keepFrom = -1;
  for (const cp of checkpointVersions) {
    const olderAllExpired = commits.filter((c) => c.version < cp).every((c) => c.meta.lastModified <= cutoff);
    if (olderAllExpired) keepFrom = cp;
  }
  if (keepFrom <= 0) return 0;
  let deleted = 0;
  const remaining: LogFile[] = [];
  for (const f of files) {
    const below = f.kind === 'compaction' ? f.endVersion < keepFrom : f.version < keepFrom;
    if (below && f.meta.lastModified <= cutoff) {
      await store.delete(f.meta.path);
      deleted++;
    } else {
      remaining.push(f);
    }
  }
  if (parquet) deleted += await deleteUnreferencedSidecars(store, parquet, remaining, cutoff);
  return deleted;
}
