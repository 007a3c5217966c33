import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ObjectNotFoundError, type ObjectStore } from '../storage/object-store.js';
import { ENGINE_SCRATCH_PREFIX } from './abandoned-scratch.js';

/**
 * Scratch files for stores whose objects are not local files: DuckDB reads and writes only paths, so their
 * bytes pass through a private temp folder (made on first use) that `remove()` deletes.
 */
export class ScratchFolder {
  private dir: Promise<string> | undefined;

  /** A fresh path inside the folder, ending in `suffix`. */
  async file(suffix: string): Promise<string> {
    // Named after the process, so that the next engine can tell a killed process's folder (abandoned-scratch.ts).
    this.dir ??= fs.mkdtemp(path.join(os.tmpdir(), `${ENGINE_SCRATCH_PREFIX}${process.pid}-`));
    return path.join(await this.dir, `${randomUUID()}${suffix}`);
  }

  async remove(): Promise<void> {
    if (this.dir === undefined) return;
    const dir = await this.dir;
    this.dir = undefined;
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The local path DuckDB should read for `key` of `store`: the store's own file when it is local (after
 * checking it exists, so that a missing file is an ObjectNotFoundError as ParquetHandler's contract asks),
 * otherwise a copy in `scratch`.
 */
export async function localCopyOf(store: ObjectStore, key: string, scratch: ScratchFolder): Promise<string> {
  const local = store.localPath(key);
  if (local !== undefined) {
    try {
      await fs.access(local);
    } catch (e) {
      throw new ObjectNotFoundError(key, { cause: e });
    }
    return local;
  }
  const copy = await scratch.file(path.extname(key) || '.bin');
  await fs.writeFile(copy, await store.get(key));
  return copy;
}
