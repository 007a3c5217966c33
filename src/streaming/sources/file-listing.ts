/**
 * The files of a file stream source's folder, as Spark's FileStreamSource lists them: the folder's own
 * files (not recursive), skipping names that start with `_` or `.`, oldest first.
 */
import type { ObjectStore } from '../../storage/object-store.js';

export interface SourceFile {
  /** `file:///abs/path` as Spark logs it. */
  readonly url: string;
  /** The local path the engine reads. */
  readonly localPath: string;
  readonly timestamp: number;
  /** Bytes, for maxBytesPerTrigger (0 for files read back from the checkpoint's log). */
  readonly size: number;
}

export async function listSourceFiles(store: ObjectStore, recursive = false): Promise<SourceFile[]> {
  const metas = await store.list('');
  const files: SourceFile[] = [];
  for (const m of metas) {
    // Hidden names (`_…`, `.…`) are skipped at every level, as Hadoop's listing filter does.
    const names = m.path.split('/');
    if ((!recursive && names.length > 1) || names.some((n) => n.startsWith('_') || n.startsWith('.')))
      continue;
    const localPath = store.localPath(m.path) ?? `${store.rootUrl.replace(/\/$/, '')}/${m.path}`;
    const url = localPath.startsWith('/') ? `file://${localPath}` : localPath;
    files.push({ url, localPath, timestamp: m.lastModified, size: m.size });
  }
  return files.sort((a, b) => a.timestamp - b.timestamp || a.url.localeCompare(b.url));
}
