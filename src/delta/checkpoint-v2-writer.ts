/**
 * Writing V2 checkpoints (PROTOCOL.md "V2 Spec Checkpoints", "Sidecar Files"; delta-spark's
 * Checkpoints.writeTopLevelV2Checkpoint): tables with the `v2Checkpoint` feature and
 * `delta.checkpointPolicy = 'v2'` are checkpointed as `<version>.checkpoint.<uuid>.parquet` (or `.json`),
 * a file that holds a `checkpointMetadata` action and the non-file actions (protocol, metadata, txns,
 * domain metadata). The file actions (live adds, unexpired removes) go in the same file, or, past
 * `sidecarActions` of them, into Parquet sidecars under `_delta_log/_sidecars/` that the top-level file
 * names with `sidecar` actions. `_last_checkpoint` then carries the `v2Checkpoint` block readers use to
 * skip reading the top-level file.
 *
 * Every file is published whole (ParquetHandler.writeRows and ObjectStore.put write under a temporary name
 * and rename): sidecars first, the top-level file after them, `_last_checkpoint` last, so a reader never
 * meets a checkpoint whose sidecars are missing.
 */
import type { ObjectStore } from '../storage/object-store.js';
import { field, LongType, mapOf, StringType, type StructType, struct } from '../types/data-types.js';
import type { Action, Sidecar } from './actions.js';
import { actionToJson, serializeActionLines } from './actions-json.js';
import { CHECKPOINT_SCHEMA } from './checkpoint-schema.js';
import type { LastCheckpoint } from './last-checkpoint.js';
import { LAST_CHECKPOINT_KEY, LOG_DIR, SIDECAR_DIR, versionPrefix } from './log-files.js';
import type { ParquetHandler } from './parquet-handler.js';

export interface V2CheckpointOptions {
  /** The top-level file's format (delta-spark's checkpointV2.topLevelFileFormat; Parquet by default). */
  readonly format?: 'parquet' | 'json';
  /** File actions kept in the top-level file; more than this go into sidecars of this many each. */
  readonly sidecarActions?: number;
}

/** File actions per sidecar, and the most the top-level file holds itself. */
export const DEFAULT_SIDECAR_ACTIONS = 50_000;

const stringMap = mapOf(StringType, StringType, true);

/** A sidecar holds only file actions. */
const SIDECAR_SCHEMA: StructType = struct(
  CHECKPOINT_SCHEMA.fields.filter((f) => f.name === 'add' || f.name === 'remove'),
);

/** The classic checkpoint schema plus the two V2 actions. */
const V2_TOP_LEVEL_SCHEMA: StructType = struct([
  ...CHECKPOINT_SCHEMA.fields,
  field('checkpointMetadata', struct([field('version', LongType), field('tags', stringMap)])),
  field(
    'sidecar',
    struct([
      field('path', StringType),
      field('sizeInBytes', LongType),
      field('modificationTime', LongType),
      field('tags', stringMap),
    ]),
  ),
]);

/** The V2 `_last_checkpoint` block (PROTOCOL.md "Last Checkpoint File Schema": `v2Checkpoint`). */
interface V2CheckpointInfo {
  readonly path: string;
  readonly sizeInBytes: number;
  readonly modificationTime: number;
  readonly nonFileActions: Record<string, unknown>[];
  readonly sidecarFiles: Sidecar[];
}

export interface V2CheckpointContent {
  readonly version: number;
  /** Protocol, metadata, txns and domain metadata. */
  readonly nonFileActions: readonly Action[];
  /** Live adds and unexpired removes, `dataChange` false. */
  readonly fileActions: readonly Action[];
  readonly numOfAddFiles: number;
}

export async function writeV2Checkpoint(
  store: ObjectStore,
  parquet: ParquetHandler,
  content: V2CheckpointContent,
  options: V2CheckpointOptions = {},
): Promise<LastCheckpoint & { readonly v2Checkpoint: V2CheckpointInfo }> {
  const { version, nonFileActions, fileActions } = content;
  const perSidecar = Math.max(1, options.sidecarActions ?? DEFAULT_SIDECAR_ACTIONS);
  const sidecars: Sidecar[] = [];
  let sidecarBytes = 0;
  if (fileActions.length > perSidecar) {
    const numParts = Math.ceil(fileActions.length / perSidecar);
    for (let part = 0; part < numParts; part++) {
      const name = `${versionPrefix(version)}.checkpoint.${pad10(part + 1)}.${pad10(numParts)}.${globalThis.crypto.randomUUID()}.parquet`;
      const rows = fileActions.slice(part * perSidecar, (part + 1) * perSidecar).map(actionToJson);
      const { size } = await parquet.writeRows(store, `${SIDECAR_DIR}${name}`, SIDECAR_SCHEMA, rows);
      const meta = await store.head(`${SIDECAR_DIR}${name}`);
      sidecars.push({ path: name, sizeInBytes: size, modificationTime: meta.lastModified });
      sidecarBytes += size;
    }
  }
  const checkpointMetadata: Action = { kind: 'checkpointMetadata', checkpointMetadata: { version } };
  const topLevel: Action[] = [
    checkpointMetadata,
    ...nonFileActions,
    ...(sidecars.length > 0
      ? sidecars.map((sidecar): Action => ({ kind: 'sidecar', sidecar }))
      : fileActions),
  ];
  const format = options.format ?? 'parquet';
  const name = `${versionPrefix(version)}.checkpoint.${globalThis.crypto.randomUUID()}.${format}`;
  const key = `${LOG_DIR}${name}`;
  let size: number;
  if (format === 'json') {
    const text = serializeActionLines(topLevel);
    await store.put(key, text);
    size = new TextEncoder().encode(text).length;
  } else {
    size = (await parquet.writeRows(store, key, V2_TOP_LEVEL_SCHEMA, topLevel.map(actionToJson))).size;
  }
  const meta = await store.head(key);
  const last = {
    version,
    size: topLevel.length - sidecars.length + fileActions.length,
    sizeInBytes: size + sidecarBytes,
    numOfAddFiles: content.numOfAddFiles,
    v2Checkpoint: {
      path: name,
      sizeInBytes: size,
      modificationTime: meta.lastModified,
      nonFileActions: [checkpointMetadata, ...nonFileActions].map(actionToJson),
      sidecarFiles: sidecars,
    },
  };
  await store.put(LAST_CHECKPOINT_KEY, JSON.stringify(last));
  return last;
}

function pad10(n: number): string {
  return String(n).padStart(10, '0');
}
