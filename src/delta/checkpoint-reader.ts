/**
 * Reading the actions of a checkpoint: classic (one Parquet file), multi-part (several), or V2
 * (PROTOCOL.md "V2 Spec": a JSON or Parquet top-level file with checkpointMetadata, the non-file actions
 * and `sidecar` actions naming Parquet files in `_delta_log/_sidecars/` that hold the add/remove actions).
 * A classic-named checkpoint may itself follow the V2 spec, so sidecars are followed whatever the name.
 */
import { LakesqlError } from '../errors/index.js';
import { ObjectNotFoundError, type ObjectStore } from '../storage/object-store.js';
import type { Action, DeletionVectorDescriptor } from './actions.js';
import { actionFromJson, parseActionLines } from './actions-json.js';
import { CheckpointAdds } from './checkpoint-adds.js';
import type { CheckpointFile } from './log-files.js';
import { SIDECAR_DIR } from './log-files.js';
import type { ParquetHandler } from './parquet-handler.js';
import { isAbsolutePath, resolveFileLocation } from './table-paths.js';

/** A checkpoint's actions: its adds as columns where the Parquet handler can keep them so, the rest as objects. */
export interface CheckpointContent {
  readonly actions: Action[];
  /** The adds of Parquet parts and sidecars read as columns (checkpoint-adds.ts); their adds are not in `actions`. */
  readonly addSets: CheckpointAdds[];
}

/** The key LogReplay files an add under (its canonical path and deletion vector id). */
export type FileKeyOf = (path: string, dv: DeletionVectorDescriptor | null | undefined) => string;

export async function readCheckpointActions(
  store: ObjectStore,
  parquet: ParquetHandler,
  files: readonly CheckpointFile[],
  keyOf?: FileKeyOf,
): Promise<CheckpointContent> {
  const content: CheckpointContent = { actions: [], addSets: [] };
  for (const file of files) {
    const top: Action[] = [];
    if (file.kind === 'v2Checkpoint' && file.format === 'json') {
      top.push(
        ...parseActionLines(new TextDecoder().decode(await store.get(file.meta.path)), file.meta.path),
      );
    } else {
      await readParquetActions(store, parquet, file.meta.path, keyOf, {
        actions: top,
        addSets: content.addSets,
      });
    }
    for (const a of top) {
      if (a.kind === 'sidecar') {
        const key = isAbsolutePath(a.sidecar.path)
          ? resolveFileLocation(store.rootUrl, a.sidecar.path).location
          : `${SIDECAR_DIR}${a.sidecar.path}`;
        await readParquetActions(store, parquet, key, keyOf, content);
      } else {
        content.actions.push(a);
      }
    }
  }
  return content;
}

/**
 * The actions of one Parquet checkpoint part or sidecar into `into`: with `keyOf` and a handler that opens
 * columns, the adds stay columns (checkpoint-adds.ts) and only the other actions are read as rows.
 */
async function readParquetActions(
  store: ObjectStore,
  parquet: ParquetHandler,
  key: string,
  keyOf: FileKeyOf | undefined,
  into: CheckpointContent,
): Promise<void> {
  let rows: Record<string, unknown>[];
  try {
    const columns = keyOf && parquet.openColumns ? await parquet.openColumns(store, key) : undefined;
    const adds = columns && keyOf ? CheckpointAdds.of(columns, keyOf) : undefined;
    if (adds) {
      into.addSets.push(adds);
      const others = (columns!.childNames([]) ?? []).filter((n) => n.toLowerCase() !== 'add');
      rows = others.length === 0 ? [] : columns!.definedRows(others);
    } else {
      rows = await parquet.readRows(store, key);
    }
  } catch (e) {
    if (e instanceof ObjectNotFoundError) {
      throw new LakesqlError('DELTA_FILE_NOT_FOUND_DETAILED', { filePath: key }, { cause: e });
    }
    throw e;
  }
  for (const row of rows) {
    const a = actionFromJson(row);
    if (a) into.actions.push(withoutNullFields(stripParsedColumns(a)));
  }
}

/**
 * A Parquet row has every column of the checkpoint schema; a field the writer left out reads as null.
 * JSON commits simply omit such fields, and so must the actions we build from checkpoints, or a later commit
 * that copies them (a metaData update) would write `"name":null` where Spark writes nothing.
 */
function withoutNullFields(a: Action): Action {
  const key = a.kind as keyof Action;
  const body = (a as unknown as Record<string, Record<string, unknown>>)[key];
  if (!body || typeof body !== 'object') return a;
  // Loops rather than Object.entries/fromEntries, and no copy when there is no null (the Parquet handler
  // may already have left them out): a large checkpoint has tens of thousands of actions.
  let hasNull = false;
  for (const k in body) {
    if (body[k] === null) {
      hasNull = true;
      break;
    }
  }
  if (!hasNull) return a;
  const cleaned: Record<string, unknown> = {};
  for (const k in body) {
    const v = body[k];
    if (v !== null) cleaned[k] = v;
  }
  return { kind: a.kind, [a.kind]: cleaned } as unknown as Action;
}

/**
 * Checkpoints may carry `stats_parsed` / `partitionValues_parsed` next to the JSON forms. The JSON forms are
 * the protocol's source of truth for us; when only `stats_parsed` exists we render it back to stats JSON so
 * that data skipping still has statistics.
 */
function stripParsedColumns(a: Action): Action {
  if (a.kind !== 'add' && a.kind !== 'remove') return a;
  const body = (a.kind === 'add' ? a.add : a.remove) as unknown as Record<string, unknown>;
  if (!('stats_parsed' in body) && !('partitionValues_parsed' in body)) return a;
  const { stats_parsed, partitionValues_parsed: _pv, ...rest } = body;
  if ((rest.stats === undefined || rest.stats === null) && stats_parsed && typeof stats_parsed === 'object') {
    rest.stats = JSON.stringify(stats_parsed);
  }
  return a.kind === 'add' ? { kind: 'add', add: rest as never } : { kind: 'remove', remove: rest as never };
}
