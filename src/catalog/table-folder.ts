/**
 * Deleting and moving the data folders of managed tables and databases. Both go through the store of the
 * location (storeForUrl). On a local store they use the filesystem directly: `rm -r` also removes the empty
 * folders an object-store delete leaves behind, and `rename` moves a table in one step, as Spark's
 * InMemoryCatalog and HiveExternalCatalog do with `FileSystem.rename`. Elsewhere (memory, later object
 * stores) a move is list + copy + delete, which is not atomic: a crash in the middle leaves both copies, and
 * the catalog entry (written last) still names the old folder, so no data is lost.
 */
import { mkdir, readdir, rename, rm, rmdir, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ParquetHandler } from '../delta/parquet-handler.js';
import { tableOwnedFiles } from '../delta/table-owned-files.js';
import { storeForUrl } from '../storage/index.js';
import { isInFlightTempName } from '../storage/object-key.js';

export async function deleteFolder(location: string): Promise<void> {
  const store = storeForUrl(location);
  const local = store.localPath('');
  if (local !== undefined) {
    // A writer racing the delete (a CREATE TABLE in a database being dropped) can add a file after `rm`
    // emptied a folder and before it removes it (ENOTEMPTY): Node retries those with a backoff.
    await rm(local, { recursive: true, force: true, maxRetries: 10, retryDelay: 20 });
    return;
  }
  for (const meta of await store.list('')) await store.delete(meta.path);
}

/**
 * DROP TABLE of a managed Delta table: deletes the files the table owns (delta/table-owned-files.ts: its log
 * and the files the log names), the data before the log, then the folders left empty and the table folder
 * itself if nothing else is in it. A user's file in the folder, or another table's, is kept, and so is the
 * folder holding it (Spark deletes the folder recursively; issue 13 found that losing data it never owned).
 */
export async function deleteTableFiles(location: string, parquet: ParquetHandler): Promise<void> {
  const store = storeForUrl(location);
  const owned = await tableOwnedFiles(store, parquet);
  const isLog = (key: string) => key.startsWith('_delta_log/');
  for (const key of owned) if (!isLog(key)) await store.delete(key);
  for (const key of owned) if (isLog(key)) await store.delete(key);
  const local = store.localPath('');
  if (local === undefined) return;
  if (owned.length > 0) await deleteInFlightTempFiles(join(local, '_delta_log'));
  await pruneEmptyFolders(local);
}

/** Temp files of writes killed in flight (`.<name>.<random>.tmp`, which listings skip) in a dropped table's log. */
async function deleteInFlightTempFiles(folder: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return;
    throw e;
  }
  for (const name of names) if (isInFlightTempName(name)) await unlink(join(folder, name)).catch(() => {});
}

/** Removes `folder` and the folders under it that hold no file, deepest first; true when `folder` went. */
async function pruneEmptyFolders(folder: string): Promise<boolean> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return true;
    throw e;
  }
  let kept = 0;
  for (const entry of entries) {
    if (!entry.isDirectory() || !(await pruneEmptyFolders(join(folder, entry.name)))) kept++;
  }
  if (kept > 0) return false;
  try {
    await rmdir(folder);
    return true;
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ENOENT') return true;
    if (code === 'ENOTEMPTY' || code === 'EEXIST') return false; // a file arrived meanwhile
    throw e;
  }
}

/**
 * True when nothing is stored under the location (a missing folder is empty). A location that is a file
 * (a file table over one file, `OPTIONS (path '…/data.csv')`) holds that file, so it is not empty.
 */
export async function isFolderEmpty(location: string): Promise<boolean> {
  const store = storeForUrl(location);
  const local = store.localPath('');
  if (local !== undefined) {
    try {
      return (await readdir(local)).length === 0;
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === 'ENOENT') return true;
      if (code === 'ENOTDIR') return false;
      throw e;
    }
  }
  return (await store.list('')).length === 0;
}

/** Moves everything under `from` to `to`, which the caller has checked is empty or missing. */
export async function moveFolder(from: string, to: string): Promise<void> {
  const source = storeForUrl(from);
  const target = storeForUrl(to);
  const sourcePath = source.localPath('');
  const targetPath = target.localPath('');
  if (sourcePath !== undefined && targetPath !== undefined) {
    await mkdir(dirname(targetPath), { recursive: true });
    await rmdir(targetPath).catch((e: { code?: string }) => {
      if (e.code !== 'ENOENT') throw e; // an empty leftover folder goes; a full one was refused by the caller
    });
    try {
      await rename(sourcePath, targetPath);
    } catch (e) {
      if ((e as { code?: string }).code === 'ENOENT') return; // nothing was ever written
      throw e;
    }
    return;
  }
  const objects = await source.list('');
  for (const meta of objects) await target.put(meta.path, await source.get(meta.path));
  for (const meta of objects) await source.delete(meta.path);
}

/** Creates the folder of a new database on a local store, as Spark does; object stores have no folders. */
export async function ensureFolder(location: string): Promise<void> {
  const local = storeForUrl(location).localPath('');
  if (local !== undefined) await mkdir(local, { recursive: true });
}

/** What was stored under a location before a write: its keys, and whether its local folder existed. */
export interface FolderContents {
  readonly existed: boolean;
  readonly keys: ReadonlySet<string>;
  /** The local subfolders (relative, with a trailing `/`), so that a clean-up keeps the ones that were there. */
  readonly folders: ReadonlySet<string>;
}

/**
 * Lists everything under `location` (keys relative to it), on a local store including the temp files that
 * store listings skip, so that a failed CREATE TABLE … AS SELECT can tell its own files from what was there.
 */
export async function folderContents(location: string): Promise<FolderContents> {
  const store = storeForUrl(location);
  const local = store.localPath('');
  if (local === undefined) {
    const keys = new Set((await store.list('')).map((m) => m.path));
    return { existed: keys.size > 0, keys, folders: new Set() };
  }
  const keys = new Set<string>();
  const folders = new Set<string>();
  const existed = await walkFiles(local, '', keys, folders);
  return { existed, keys, folders };
}

/** Adds the files under `folder` (as `prefix` + relative path) to `into`; false when `folder` is missing. */
async function walkFiles(
  folder: string,
  prefix: string,
  into: Set<string>,
  folders: Set<string>,
): Promise<boolean> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return false;
    throw e;
  }
  for (const entry of entries) {
    if (entry.isDirectory()) {
      folders.add(`${prefix}${entry.name}/`);
      await walkFiles(join(folder, entry.name), `${prefix}${entry.name}/`, into, folders);
    } else into.add(`${prefix}${entry.name}`);
  }
  return true;
}

/**
 * After a failed CREATE TABLE … AS SELECT: deletes the files under `location` that `before` did not list
 * (the ones the statement wrote), the folders that leaves empty, and the folder itself only if the statement
 * created it. Whatever was there before (a user's files, an external table's log) stays untouched.
 */
export async function deleteFilesWrittenSince(location: string, before: FolderContents): Promise<void> {
  const now = await folderContents(location);
  const store = storeForUrl(location);
  const local = store.localPath('');
  for (const key of now.keys) {
    if (before.keys.has(key)) continue;
    if (local === undefined) await store.delete(key);
    else await unlink(join(local, ...key.split('/'))).catch(() => {});
  }
  if (local === undefined) return;
  if (before.existed) await pruneNewEmptyFolders(local, '', before.folders);
  else await pruneEmptyFolders(local);
}

/** Removes the subfolders of `folder` left empty that were not in `kept`, deepest first. */
async function pruneNewEmptyFolders(
  folder: string,
  prefix: string,
  kept: ReadonlySet<string>,
): Promise<void> {
  for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isDirectory()) continue;
    const rel = `${prefix}${entry.name}/`;
    const path = join(folder, entry.name);
    await pruneNewEmptyFolders(path, rel, kept);
    if (!kept.has(rel)) await rmdir(path).catch(() => {}); // a folder still holding files stays
  }
}
