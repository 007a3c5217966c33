import { randomBytes } from 'node:crypto';
import { closeSync, type Dirent, fstatSync, openSync, readSync, type Stats, statSync } from 'node:fs';
import { link, mkdir, open, readdir, readFile, rename, rmdir, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  byPath,
  checkByteRange,
  checkListPrefix,
  checkObjectKey,
  checkWritableKey,
  isInFlightTempName,
  toBytes,
} from './object-key.js';
import {
  ObjectAlreadyExistsError,
  type ObjectMeta,
  ObjectNotFoundError,
  type ObjectStore,
  type PutOptions,
} from './object-store.js';

/**
 * An ObjectStore over a local directory: a key is a file path relative to `rootDir`.
 *
 * Writes go to a temp file beside the target (`.<name>.<random>.tmp`, which listings skip) and are fsynced
 * before they become visible (a `put` told `durable: false` skips the fsync), so a reader or a process crash
 * never sees a torn object under a key:
 * - `put` renames the temp file over the target (last writer wins);
 * - `putIfAbsent` hard-links it to the target, which fails with EEXIST when the key exists. Of racing
 *   processes exactly one link succeeds (FINDINGS.md, Storage); `open(target, 'wx')` would expose partial
 *   files and `rename` silently replaces, so neither can be used for Delta commits (PROTOCOL.md, "Delta Log
 *   Entries": a commit file must be created atomically and never overwritten).
 */
export class LocalObjectStore implements ObjectStore {
  readonly rootUrl: string;
  readonly #root: string;

  constructor(rootDir: string) {
    this.#root = resolve(rootDir);
    const url = pathToFileURL(this.#root).href;
    this.rootUrl = url.endsWith('/') ? url : `${url}/`;
  }

  /** The absolute path of a key; `''` gives the root folder itself. */
  localPath(path: string): string {
    return path === '' ? this.#root : this.#file(path);
  }

  async get(path: string): Promise<Uint8Array> {
    try {
      const buffer = await readFile(this.#file(path));
      return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    } catch (e) {
      throw notFoundOr(e, path);
    }
  }

  /** Bytes `[start, start + length)`, cut short at the end of the object. */
  async getRange(path: string, start: number, length: number): Promise<Uint8Array> {
    checkByteRange(start, length);
    const file = this.#file(path);
    const handle = await open(file, 'r').catch((e: unknown) => {
      throw notFoundOr(e, path);
    });
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) throw new ObjectNotFoundError(path);
      const bytes = new Uint8Array(Math.max(0, Math.min(start + length, stats.size) - start));
      let filled = 0;
      while (filled < bytes.length) {
        const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, start + filled);
        if (bytesRead === 0) break; // the file shrank under us
        filled += bytesRead;
      }
      return filled === bytes.length ? bytes : bytes.subarray(0, filled);
    } finally {
      await handle.close();
    }
  }

  getRangeSync(path: string, start: number, length: number): Uint8Array {
    checkByteRange(start, length);
    let fd: number;
    try {
      fd = openSync(this.#file(path), 'r');
    } catch (e) {
      throw notFoundOr(e, path);
    }
    try {
      const stats = fstatSync(fd);
      if (!stats.isFile()) throw new ObjectNotFoundError(path);
      const bytes = new Uint8Array(Math.max(0, Math.min(start + length, stats.size) - start));
      let filled = 0;
      while (filled < bytes.length) {
        const n = readSync(fd, bytes, filled, bytes.length - filled, start + filled);
        if (n === 0) break; // the file shrank under us
        filled += n;
      }
      return filled === bytes.length ? bytes : bytes.subarray(0, filled);
    } finally {
      closeSync(fd);
    }
  }

  async head(path: string): Promise<ObjectMeta> {
    const meta = await this.headIfExists(path);
    if (meta === undefined) throw new ObjectNotFoundError(path);
    return meta;
  }

  /**
   * A local metadata lookup takes microseconds, an async one a trip through libuv's thread pool that costs
   * more than the lookup (a cached snapshot's freshness check heads two files on every table reference of
   * every query), so it is made synchronously; a missing file gives undefined rather than a thrown error.
   */
  async headIfExists(path: string): Promise<ObjectMeta | undefined> {
    let stats: Stats | undefined;
    try {
      stats = statSync(this.#file(path), { throwIfNoEntry: false });
    } catch (e) {
      const missing = notFoundOr(e, path);
      if (missing instanceof ObjectNotFoundError) return undefined;
      throw missing;
    }
    return stats?.isFile() ? toMeta(path, stats) : undefined;
  }

  async put(path: string, data: Uint8Array | string, options?: PutOptions): Promise<void> {
    const target = this.#file(checkWritableKey(path));
    const temp = await writeTempBeside(target, toBytes(data), options?.durable ?? true);
    try {
      await rename(temp, target);
    } catch (e) {
      await unlinkQuietly(temp);
      throw e;
    }
  }

  async putIfAbsent(path: string, data: Uint8Array | string): Promise<void> {
    const target = this.#file(checkWritableKey(path));
    const temp = await writeTempBeside(target, toBytes(data), true);
    try {
      await link(temp, target);
    } catch (e) {
      if (errorCode(e) === 'EEXIST') throw new ObjectAlreadyExistsError(path);
      throw e;
    } finally {
      await unlinkQuietly(temp);
    }
  }

  /**
   * Lists the prefix's parent folder and keeps the names that start with the prefix's last segment, descending
   * only into matching folders: listing `_delta_log/0000000000000000001` reads one directory, not the table.
   */
  async list(prefix: string): Promise<ObjectMeta[]> {
    checkListPrefix(prefix);
    const cut = prefix.lastIndexOf('/') + 1;
    const found: ObjectMeta[] = [];
    await this.#walk(prefix.slice(0, cut), prefix.slice(cut), found, undefined);
    return found.sort(byPath);
  }

  /**
   * `list`, less the keys at or before `startAfter`. A directory cannot be read from the middle, but its names
   * come without a stat each: only the files kept are stat-ed (listing `_delta_log/` from the last checkpoint
   * stats the files after it, not the whole log), and folders that sort wholly before `startAfter` are skipped.
   */
  async listFrom(prefix: string, startAfter: string): Promise<ObjectMeta[]> {
    checkListPrefix(prefix);
    const cut = prefix.lastIndexOf('/') + 1;
    const found: ObjectMeta[] = [];
    await this.#walk(prefix.slice(0, cut), prefix.slice(cut), found, startAfter);
    return found.sort(byPath);
  }

  async delete(path: string): Promise<void> {
    try {
      await unlink(this.#file(path));
    } catch (e) {
      if (!isMissing(e)) throw e;
    }
  }

  async listFolders(prefix: string): Promise<string[]> {
    checkListPrefix(prefix);
    const out: string[] = [];
    const walk = async (dirKey: string): Promise<void> => {
      let entries: Dirent[];
      try {
        entries = await readdir(join(this.#root, dirKey), { withFileTypes: true });
      } catch (e) {
        if (isMissing(e)) return;
        throw e;
      }
      await Promise.all(
        entries
          .filter((e) => e.isDirectory())
          .map((e) => {
            const key = `${dirKey}${e.name}/`;
            if (!key.startsWith(prefix) && !prefix.startsWith(key)) return undefined;
            if (key.startsWith(prefix)) out.push(key);
            return walk(key);
          }),
      );
    };
    await walk('');
    return out.sort();
  }

  async deleteEmptyFolder(path: string): Promise<boolean> {
    if (!path.endsWith('/')) throw new Error(`not a folder key: ${path}`);
    try {
      await rmdir(join(this.#root, checkObjectKey(path.slice(0, -1))));
      return true;
    } catch (e) {
      const code = errorCode(e);
      if (isMissing(e) || code === 'ENOTEMPTY' || code === 'EEXIST') return false;
      throw e;
    }
  }

  async listLevel(folder: string): Promise<{ files: ObjectMeta[]; folders: string[] }> {
    checkListPrefix(folder);
    let names: string[];
    try {
      names = await readdir(join(this.#root, folder));
    } catch (e) {
      // A walk passes over what it may not read, as over what is gone (a glob over `/*/*` meets /root).
      if (isMissing(e) || isUnreadable(e)) return { files: [], folders: [] };
      throw e;
    }
    const files: ObjectMeta[] = [];
    const folders: string[] = [];
    await Promise.all(
      names
        .filter((name) => !isInFlightTempName(name))
        .map(async (name) => {
          // stat, not a Dirent: symbolic links are followed to what they name, as `list` does.
          let stats: Stats;
          try {
            stats = await stat(join(this.#root, folder, name));
          } catch (e) {
            if (isMissing(e) || isUnreadable(e)) return; // deleted meanwhile, a dangling link, or not ours to see
            throw e;
          }
          if (stats.isDirectory()) folders.push(`${folder}${name}/`);
          else if (stats.isFile()) files.push(toMeta(folder + name, stats));
        }),
    );
    return { files: files.sort(byPath), folders: folders.sort() };
  }

  async listInFlight(folder: string): Promise<ObjectMeta[]> {
    checkListPrefix(folder);
    let names: string[];
    try {
      names = await readdir(join(this.#root, folder));
    } catch (e) {
      if (isMissing(e)) return [];
      throw e;
    }
    const found: ObjectMeta[] = [];
    for (const name of names.filter(isInFlightTempName)) {
      try {
        const stats = await stat(join(this.#root, folder, name));
        if (stats.isFile()) found.push(toMeta(folder + name, stats));
      } catch (e) {
        if (!isMissing(e)) throw e; // published or cleaned up meanwhile
      }
    }
    return found.sort(byPath);
  }

  #file(path: string): string {
    return join(this.#root, checkObjectKey(path));
  }

  /**
   * Collects the files under folder `dirKey` (`''` or ending in `/`) whose names start with `namePrefix` and
   * whose keys sort after `startAfter` (when given).
   */
  async #walk(
    dirKey: string,
    namePrefix: string,
    out: ObjectMeta[],
    startAfter: string | undefined,
  ): Promise<void> {
    let entries: Dirent[];
    try {
      entries = await readdir(join(this.#root, dirKey), { withFileTypes: true });
    } catch (e) {
      if (isMissing(e)) return;
      throw e;
    }
    await Promise.all(
      entries
        .filter((entry) => entry.name.startsWith(namePrefix))
        .map(async (entry) => {
          const key = dirKey + entry.name;
          if (startAfter !== undefined && !mayHoldKeysAfter(key, startAfter)) return;
          if (entry.isDirectory()) return this.#walk(`${key}/`, '', out, startAfter);
          if (isInFlightTempName(entry.name)) return;
          if (startAfter !== undefined && key <= startAfter) return;
          // stat, not the Dirent: sizes are needed, and symbolic links are followed to what they name.
          let stats: Stats;
          try {
            stats = await stat(join(this.#root, key));
          } catch (e) {
            if (isMissing(e)) return; // deleted while we listed
            throw e;
          }
          if (stats.isDirectory()) return this.#walk(`${key}/`, '', out, startAfter);
          if (stats.isFile()) out.push(toMeta(key, stats));
        }),
    );
  }
}

/**
 * Whether the file `key`, or a key under folder `key/`, can sort after `startAfter`. Every such key is at or
 * above `key/`; when `startAfter` is above `key/` without starting with it, it differs from `key/` within
 * `key/`'s length, upwards, so every key under the folder sorts below it.
 */
function mayHoldKeysAfter(key: string, startAfter: string): boolean {
  const folder = `${key}/`;
  return folder > startAfter || startAfter.startsWith(folder);
}

/**
 * Writes `bytes` to a fresh temp file in `target`'s folder (created as needed), fsynced when `durable`, and
 * returns its path.
 */
async function writeTempBeside(target: string, bytes: Uint8Array, durable: boolean): Promise<string> {
  const folder = dirname(target);
  await mkdir(folder, { recursive: true });
  // Same folder, so link/rename stay within one filesystem. The name is cut so the temp name fits NAME_MAX.
  const temp = join(folder, `.${basename(target).slice(0, 200)}.${randomBytes(8).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx');
  try {
    await handle.writeFile(bytes);
    if (durable) await handle.sync();
  } catch (e) {
    await handle.close();
    await unlinkQuietly(temp);
    throw e;
  }
  await handle.close();
  return temp;
}

async function unlinkQuietly(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch {
    // Already gone, or the folder vanished; a leftover temp file is skipped by listings anyway.
  }
}

function toMeta(path: string, stats: Stats): ObjectMeta {
  return { path, size: stats.size, lastModified: Math.floor(stats.mtimeMs) };
}

function errorCode(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e ? String(e.code) : undefined;
}

/** ENOTDIR: a folder on the way is a file. EISDIR: the key names a folder, which is not an object. */
/** Permission denied, or a loop of symbolic links: the entry cannot be told a file or a folder. */
function isUnreadable(e: unknown): boolean {
  const code = errorCode(e);
  return code === 'EACCES' || code === 'EPERM' || code === 'ELOOP';
}

function isMissing(e: unknown): boolean {
  const code = errorCode(e);
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function notFoundOr(e: unknown, path: string): unknown {
  return isMissing(e) || errorCode(e) === 'EISDIR' ? new ObjectNotFoundError(path, { cause: e }) : e;
}
