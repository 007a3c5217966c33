/**
 * A batch read of a streaming file sink's output folder (Spark's MetadataLogFileIndex): the files come
 * from the `_spark_metadata` log rather than a listing, so files a crashed batch left behind, and files of
 * a batch still being written, stay invisible. Partition folders are discovered from the logged paths
 * relative to the folder, as for a listing.
 */
import { fileURLToPath } from 'node:url';
import type { ObjectStore } from '../../storage/object-store.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import type { DataFile } from './data-files.js';
import { FileSinkLog, type SinkFileStatus } from './file-sink-log.js';

const GLOB_CHARS = /[*?[{]/;

/** The files the sink log under `path` committed; undefined when `path` is not a folder with a sink log. */
export async function sinkLogFiles(path: string): Promise<DataFile[] | undefined> {
  if (GLOB_CHARS.test(path)) return undefined;
  const root = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const store = storeForUrl(root);
  const log = new FileSinkLog(store);
  if (!(await log.exists())) return undefined;
  return (await log.allFiles()).map((entry) => dataFileOf(store, root, entry));
}

function dataFileOf(store: ObjectStore, root: string, entry: SinkFileStatus): DataFile {
  const url = new URL(entry.path);
  const facts = { lastModified: entry.modificationTime, size: entry.size };
  if (url.href.startsWith(store.rootUrl)) {
    const key = decodeURIComponent(url.href.slice(store.rootUrl.length));
    const parts = key.split('/');
    return { store, key, relativeDir: parts.slice(0, -1), displayPath: `${root}/${key}`, ...facts };
  }
  // A file the log names outside the folder (Spark allows any path): read from its own folder.
  const cut = url.href.lastIndexOf('/');
  const folder = url.href.slice(0, cut);
  const key = decodeURIComponent(url.href.slice(cut + 1));
  const displayPath = url.protocol === 'file:' ? fileURLToPath(url) : url.href;
  return { store: storeForUrl(folder), key, relativeDir: [], displayPath, ...facts };
}
