/**
 * The files a Delta table owns in its folder: every object of its `_delta_log/`, and the data, change-data
 * and deletion-vector files its log names (the live files and tombstones of its latest snapshot, and every
 * add, remove and cdc of the commits still in the log). DROP TABLE of a managed table deletes these and
 * nothing else (issue 13): a user's file left in the folder, or another table stored beside it, is not the
 * table's to delete. Files outside the table root (absolute paths of shallow clones) are never included.
 */
import type { ObjectStore } from '../storage/object-store.js';
import type { Action, DeletionVectorDescriptor } from './actions.js';
import { dvAbsolutePathKey } from './deletion-vectors/derived-fields.js';
import { classifyLogFile, LOG_DIR } from './log-files.js';
import { type CommitFile, readCommitActions } from './log-segment.js';
import type { ParquetHandler } from './parquet-handler.js';
import { loadSnapshot } from './snapshot.js';
import { resolveFileLocation } from './table-paths.js';

/**
 * The keys (relative to the table root) of the files the table owns; empty when there is no log. A log
 * that cannot be replayed still gives its own objects and what its readable commits name: what cannot be
 * read is left in place, never guessed at.
 */
export async function tableOwnedFiles(store: ObjectStore, parquet: ParquetHandler): Promise<string[]> {
  const logObjects = await store.list(LOG_DIR);
  if (logObjects.length === 0) return [];
  const owned = new Set(logObjects.map((m) => m.path));
  const addPath = (path: string) => {
    const { location, isAbsolute } = resolveFileLocation(store.rootUrl, path);
    if (!isAbsolute && !location.startsWith(LOG_DIR)) owned.add(location);
  };
  const addDv = (dv: DeletionVectorDescriptor | null | undefined) => {
    const key = dv ? dvKey(dv) : undefined;
    if (key !== undefined) owned.add(key);
  };
  try {
    const snapshot = await loadSnapshot(store, parquet);
    for (const add of snapshot.activeFiles()) {
      addPath(add.path);
      addDv(add.deletionVector);
    }
    for (const remove of snapshot.tombstones()) {
      addPath(remove.path);
      addDv(remove.deletionVector);
    }
  } catch {
    // A damaged log: only its objects, and below what its readable commits name.
  }
  const listed: CommitFile[] = [];
  for (const meta of logObjects) {
    const f = classifyLogFile(meta);
    if (f?.kind === 'commit') listed.push(f);
  }
  for (const commit of listed) {
    let actions: Action[];
    try {
      actions = await readCommitActions(store, commit);
    } catch {
      continue;
    }
    for (const a of actions) {
      if (a.kind === 'add') {
        addPath(a.add.path);
        addDv(a.add.deletionVector);
      } else if (a.kind === 'remove') {
        addPath(a.remove.path);
        addDv(a.remove.deletionVector);
      } else if (a.kind === 'cdc') {
        addPath(a.cdc.path);
      }
    }
  }
  return [...owned].sort();
}

/** The store key of a deletion vector's file inside the table; undefined for inline and outside ones. */
function dvKey(dv: DeletionVectorDescriptor): string | undefined {
  try {
    return dvAbsolutePathKey(dv);
  } catch {
    return undefined; // a malformed descriptor names no file we can be sure of
  }
}
