import {
  byPath,
  checkByteRange,
  checkListPrefix,
  checkObjectKey,
  checkWritableKey,
  isInFlightTempName,
  lastSegment,
  toBytes,
} from './object-key.js';
import {
  ObjectAlreadyExistsError,
  type ObjectMeta,
  ObjectNotFoundError,
  type ObjectStore,
} from './object-store.js';

export interface MemoryObjectStoreOptions {
  /** Names the store in `rootUrl` (`memory://<name>/`). Default `memory`. */
  readonly name?: string;
  /** The clock for `lastModified`, in milliseconds since the epoch. Default `Date.now`. */
  readonly now?: () => number;
}

interface StoredObject {
  readonly data: Uint8Array;
  readonly lastModified: number;
}

/**
 * An ObjectStore in a Map, for tests. It keeps the same contract as the local store: the same key rules,
 * atomic `putIfAbsent` (the check and the insert happen in one synchronous step, so no other call can come
 * between them), sorted listings. Bytes are copied in and out, so no caller can change what is stored.
 */
export class MemoryObjectStore implements ObjectStore {
  #objects = new Map<string, StoredObject>();
  /** Where this view starts inside `#objects`: `''` for the whole store, else a folder ending in `/`. */
  #base = '';
  readonly #name: string;
  readonly #now: () => number;

  constructor(options: MemoryObjectStoreOptions = {}) {
    this.#name = options.name ?? 'memory';
    this.#now = options.now ?? Date.now;
  }

  get rootUrl(): string {
    return `memory://${this.#name}/${this.#base}`;
  }

  /**
   * A store rooted at folder `subPath` of this one, sharing its objects: what `memory://name/a/b` means,
   * the way a local store of `/x/a/b` sees a subfolder of the store of `/x`.
   */
  at(subPath: string): MemoryObjectStore {
    const folder = subPath.endsWith('/') ? subPath.slice(0, -1) : subPath;
    const view = new MemoryObjectStore({ name: this.#name, now: this.#now });
    view.#objects = this.#objects;
    view.#base = folder === '' ? this.#base : `${this.#base}${checkObjectKey(folder)}/`;
    return view;
  }

  localPath(_path: string): undefined {
    return undefined;
  }

  async get(path: string): Promise<Uint8Array> {
    return this.#find(path).data.slice();
  }

  /** Bytes `[start, start + length)`, cut short at the end of the object. */
  async getRange(path: string, start: number, length: number): Promise<Uint8Array> {
    checkByteRange(start, length);
    return this.#find(path).data.slice(start, start + length);
  }

  getRangeSync(path: string, start: number, length: number): Uint8Array {
    checkByteRange(start, length);
    return this.#find(path).data.slice(start, start + length);
  }

  async head(path: string): Promise<ObjectMeta> {
    const found = this.#find(path);
    return { path, size: found.data.byteLength, lastModified: found.lastModified };
  }

  async headIfExists(path: string): Promise<ObjectMeta | undefined> {
    const found = this.#objects.get(this.#base + checkObjectKey(path));
    return found && { path, size: found.data.byteLength, lastModified: found.lastModified };
  }

  async put(path: string, data: Uint8Array | string): Promise<void> {
    const key = this.#base + checkWritableKey(path);
    this.#objects.set(key, { data: toBytes(data).slice(), lastModified: this.#now() });
  }

  async putIfAbsent(path: string, data: Uint8Array | string): Promise<void> {
    const key = this.#base + checkWritableKey(path);
    if (this.#objects.has(key)) throw new ObjectAlreadyExistsError(path);
    this.#objects.set(key, { data: toBytes(data).slice(), lastModified: this.#now() });
  }

  async list(prefix: string): Promise<ObjectMeta[]> {
    return this.#list(prefix, undefined);
  }

  async listFrom(prefix: string, startAfter: string): Promise<ObjectMeta[]> {
    return this.#list(prefix, this.#base + startAfter);
  }

  #list(prefix: string, startAfter: string | undefined): ObjectMeta[] {
    const full = this.#base + checkListPrefix(prefix);
    const found: ObjectMeta[] = [];
    for (const [key, object] of this.#objects) {
      // Temp names cannot be written here, but the skip keeps the two stores' listings alike by construction.
      if (!key.startsWith(full) || isInFlightTempName(lastSegment(key))) continue;
      if (startAfter !== undefined && key <= startAfter) continue;
      found.push({
        path: key.slice(this.#base.length),
        size: object.data.byteLength,
        lastModified: object.lastModified,
      });
    }
    return found.sort(byPath);
  }

  async delete(path: string): Promise<void> {
    this.#objects.delete(this.#base + checkObjectKey(path));
  }

  #find(path: string): StoredObject {
    const found = this.#objects.get(this.#base + checkObjectKey(path));
    if (found === undefined) throw new ObjectNotFoundError(path);
    return found;
  }
}
