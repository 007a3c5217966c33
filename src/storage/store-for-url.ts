import { fileURLToPath } from 'node:url';
import { LakesqlError } from '../errors/index.js';
import { LocalObjectStore } from './local-store.js';
import { MemoryObjectStore } from './memory-store.js';
import type { ObjectStore } from './object-store.js';

/** Named memory stores live as long as the process, so two sessions naming `memory://x` share tables. */
const memoryStores = new Map<string, MemoryObjectStore>();

/**
 * The store rooted at a table or warehouse location:
 * - a local path (absolute, or relative to the working directory) or a `file:` URI (`file:/x`, `file:///x`,
 *   `file://localhost/x`, the forms Spark and Hadoop write) -> a LocalObjectStore;
 * - `memory://name` -> the process-wide MemoryObjectStore of that name; `memory://name/a/b` -> its folder `a/b`.
 * Other schemes (`s3://`, `abfss://`, `gs://`, …) are not supported yet.
 */
export function storeForUrl(urlOrPath: string): ObjectStore {
  if (urlOrPath === '') throw new Error('storeForUrl: the location is empty');
  const scheme = schemeOf(urlOrPath);
  if (scheme === undefined) return new LocalObjectStore(urlOrPath);
  switch (scheme) {
    case 'file':
      return new LocalObjectStore(fileURLToPath(new URL(urlOrPath)));
    case 'memory':
      return memoryStoreFor(urlOrPath);
    default:
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `the "${scheme}" storage scheme in ${urlOrPath} (lakesql reads and writes local paths, file: and memory: URLs)`,
      });
  }
}

/**
 * The lower-cased URI scheme, or undefined for a plain path. A single letter is a Windows drive (`C:\x`), and
 * RFC 3986 schemes are a letter followed by letters, digits, `+`, `-` or `.`.
 */
function schemeOf(urlOrPath: string): string | undefined {
  const match = /^([A-Za-z][A-Za-z0-9+.-]+):/.exec(urlOrPath);
  return match?.[1]?.toLowerCase();
}

function memoryStoreFor(url: string): MemoryObjectStore {
  const match = /^memory:\/\/([^/]+)\/?(.*)$/i.exec(url);
  const name = match?.[1];
  if (name === undefined) throw new Error(`memory store URL ${url} has no name: write memory://<name>/`);
  let store = memoryStores.get(name);
  if (store === undefined) {
    store = new MemoryObjectStore({ name });
    memoryStores.set(name, store);
  }
  const folder = match?.[2] ?? '';
  return folder === '' ? store : store.at(folder);
}
