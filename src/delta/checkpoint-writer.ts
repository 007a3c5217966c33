/**
 * Writing classic checkpoints and `_last_checkpoint` (PROTOCOL.md "Checkpoints", "Last Checkpoint File
 * Schema"), and the metadata cleanup that may follow one ("Metadata Cleanup").
 *
 * A checkpoint holds the reconciled state: protocol, metadata, live txns and domain metadata, every live
 * add, and the remove tombstones that have not yet expired (`delta.deletedFileRetentionDuration`).
 */
import type { ObjectStore } from '../storage/object-store.js';
import { deleteAbandonedTempFiles } from './abandoned-temp-files.js';
import type { Metadata } from './actions.js';
import { actionToJson } from './actions-json.js';
import { CHECKPOINT_SCHEMA } from './checkpoint-schema.js';
import type { LastCheckpoint } from './last-checkpoint.js';
import { cleanUpExpiredLogs } from './log-cleanup.js';
import { classicCheckpointKey, LAST_CHECKPOINT_KEY } from './log-files.js';
import type { ParquetHandler } from './parquet-handler.js';
import { loadSnapshot, type Snapshot } from './snapshot.js';
import { checkpointInterval, deletedFileRetentionMs, expiredLogCleanupEnabled } from './table-properties.js';

/**
 * Post-commit hook: checkpoint every `delta.checkpointInterval` versions, then clean up expired log files
 * and the temp files of log writes killed long ago.
 */
export async function maybeCheckpoint(
  store: ObjectStore,
  parquet: ParquetHandler,
  version: number,
  metadata: Metadata,
  now: number,
): Promise<boolean> {
  const interval = checkpointInterval(metadata.configuration);
  if (version === 0 || version % interval !== 0) return false;
  const snapshot = await loadSnapshot(store, parquet, { version });
  await writeCheckpoint(snapshot, parquet, now);
  if (expiredLogCleanupEnabled(snapshot.configuration)) await cleanUpExpiredLogs(store, snapshot, now);
  await deleteAbandonedTempFiles(store, now);
  return true;
}

export async function writeCheckpoint(
  snapshot: Snapshot,
  parquet: ParquetHandler,
  now: number,
): Promise<LastCheckpoint> {
  const rows: Record<string, unknown>[] = [];
  rows.push(actionToJson({ kind: 'protocol', protocol: snapshot.protocol }));
  rows.push(actionToJson({ kind: 'metaData', metaData: snapshot.metadata }));
  for (const txn of snapshot.transactions()) rows.push(actionToJson({ kind: 'txn', txn }));
  for (const d of snapshot.domainMetadata())
    rows.push(actionToJson({ kind: 'domainMetadata', domainMetadata: d }));
  const adds = snapshot.activeFiles();
  // Checkpoints record file state, not changes: every add is written with dataChange false, as Spark does.
  for (const add of adds) rows.push(actionToJson({ kind: 'add', add: { ...add, dataChange: false } }));
  const expiry = now - deletedFileRetentionMs(snapshot.configuration);
  for (const remove of snapshot.tombstones()) {
    if ((remove.deletionTimestamp ?? 0) > expiry)
      rows.push(actionToJson({ kind: 'remove', remove: { ...remove, dataChange: false } }));
  }
  const key = classicCheckpointKey(snapshot.version);
  const { size } = await parquet.writeRows(snapshot.store, key, CHECKPOINT_SCHEMA, rows);
  const last: LastCheckpoint = {
    version: snapshot.version,
    size: rows.length,
    sizeInBytes: size,
    numOfAddFiles: adds.length,
  };
  await snapshot.store.put(LAST_CHECKPOINT_KEY, JSON.stringify(last));
  return last;
}
