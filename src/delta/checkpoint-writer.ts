/**
 * Writing classic checkpoints and `_last_checkpoint` (PROTOCOL.md "Checkpoints", "Last Checkpoint File
 * Schema"), and the metadata cleanup that may follow one ("Metadata Cleanup").
 *
 * A checkpoint holds the reconciled state: protocol, metadata, live txns and domain metadata, every live
 * add, and the remove tombstones that have not yet expired (`delta.deletedFileRetentionDuration`).
 */
import type { ObjectStore } from '../storage/object-store.js';
import { deleteAbandonedTempFiles } from './abandoned-temp-files.js';
import type { Action, Metadata } from './actions.js';
import { actionToJson } from './actions-json.js';
import { CHECKPOINT_SCHEMA } from './checkpoint-schema.js';
import { type V2CheckpointOptions, writeV2Checkpoint } from './checkpoint-v2-writer.js';
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
  /**
   * The snapshot at `version` as the committer knows it (the snapshot it read plus its own commit), so the
   * checkpoint neither lists nor reads the log again; undefined when it cannot tell (then it is loaded).
   */
  committed?: () => Promise<Snapshot | undefined>,
): Promise<boolean> {
  const interval = checkpointInterval(metadata.configuration);
  if (version === 0 || version % interval !== 0) return false;
  const snapshot = (await committed?.()) ?? (await loadSnapshot(store, parquet, { version }));
  await writeCheckpoint(snapshot, parquet, now);
  if (expiredLogCleanupEnabled(snapshot.configuration))
    await cleanUpExpiredLogs(store, snapshot, now, undefined, parquet);
  await deleteAbandonedTempFiles(store, now);
  return true;
}

/**
 * Writes the checkpoint of `snapshot`: a V2 checkpoint when the table asks for one
 * (`delta.checkpointPolicy = 'v2'` with the `v2Checkpoint` feature, checkpoint-v2-writer.ts), else a
 * classic one.
 */
export async function writeCheckpoint(
  snapshot: Snapshot,
  parquet: ParquetHandler,
  now: number,
  v2Options: V2CheckpointOptions = {},
): Promise<LastCheckpoint> {
  const nonFileActions: Action[] = [
    { kind: 'protocol', protocol: snapshot.protocol },
    { kind: 'metaData', metaData: snapshot.metadata },
    ...snapshot.transactions().map((txn): Action => ({ kind: 'txn', txn })),
    ...snapshot.domainMetadata().map((d): Action => ({ kind: 'domainMetadata', domainMetadata: d })),
  ];
  const adds = snapshot.activeFiles();
  // Checkpoints record file state, not changes: every add is written with dataChange false, as Spark does.
  const fileActions: Action[] = adds.map((add) => ({ kind: 'add', add: { ...add, dataChange: false } }));
  const expiry = now - deletedFileRetentionMs(snapshot.configuration);
  for (const remove of snapshot.tombstones()) {
    if ((remove.deletionTimestamp ?? 0) > expiry)
      fileActions.push({ kind: 'remove', remove: { ...remove, dataChange: false } });
  }
  if (usesV2Checkpoints(snapshot)) {
    const content = { version: snapshot.version, nonFileActions, fileActions, numOfAddFiles: adds.length };
    return writeV2Checkpoint(snapshot.store, parquet, content, v2Options);
  }
  const rows = [...nonFileActions, ...fileActions].map(actionToJson);
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

/** PROTOCOL.md "V2 Checkpoint Table Feature": the policy property picks V2 once the feature is supported. */
export function usesV2Checkpoints(snapshot: Snapshot): boolean {
  const features = [...(snapshot.protocol.writerFeatures ?? [])];
  return features.includes('v2Checkpoint') && snapshot.configuration['delta.checkpointPolicy'] === 'v2';
}
