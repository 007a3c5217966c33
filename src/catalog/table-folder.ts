/**
 * Deleting and moving the data folders of managed tables and databases. Both go through the store of the
 * location (storeForUrl). On a local store they use the filesystem directly: `rm -r` also removes the empty
 * folders an object-store delete leaves behind, and `rename` moves a table in one step, as Spark's
 * InMemoryCatalog and HiveExternalCatalog do with `FileSystem.rename`. Elsewhere (memory, later object
 * stores) a move is list + copy + delete, which is not atomic: a crash in the middle leaves both copies, and
 * the catalog entry (written last) still names the old folder, so no data is lost.
 */
import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { storeForUrl } from '../storage/index.js';

export async function deleteFolder(location: string): Promise<void> {
  const store = storeForUrl(location);
  const local = store.localPath('');
  if (local !== undefined) {
    await rm(local, { recursive: true, force: true });
    return;
  }
  for (const meta of await store.list('')) await store.delete(meta.path);
}

/** True when nothing is stored under the location (a missing folder is empty). */
export async function isFolderEmpty(location: string): Promise<boolean> {
  const store = storeForUrl(location);
  const local = store.localPath('');
  if (local !== undefined) {
    try {
      return (await readdir(local)).length === 0;
    } catch (e) {
      if ((e as { code?: string }).code === 'ENOENT') return true;
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
