/**
 * What writers killed in flight leave in a table's folder (issue 13), and its clean-up:
 * - temp files of writes killed between writing and publishing: every log file, deletion vector file and
 *   file-table data file a store publishes whole is written under `.<name>.<random>.tmp` beside its key
 *   (local-store.ts); listings skip them, so nothing reads them, but nothing deleted them either;
 * - staging folders of data-file writes (`_lakesql_staging_<uuid>/` at the table root, engine/
 *   data-file-writer.ts), where DuckDB writes Parquet files before they are moved to their keys.
 * The writer that publishes the next checkpoint deletes those older than a day, far longer than writing one
 * file takes, so a write still in flight in another process is never touched.
 */
import type { ObjectStore } from '../storage/object-store.js';

export const ABANDONED_TEMP_FILE_AGE_MS = 24 * 60 * 60 * 1000;

/** The folder (at the table root) where a data-file write stages its files; one per write. */
export const STAGING_FOLDER_PREFIX = '_lakesql_staging_';

/** Deletes the abandoned temp files and staged files anywhere in the table's folder; returns how many went. */
export async function deleteAbandonedTempFiles(store: ObjectStore, now: number): Promise<number> {
  const abandoned = (meta: { lastModified: number }) => now - meta.lastModified >= ABANDONED_TEMP_FILE_AGE_MS;
  let deleted = 0;
  if (store.listInFlight) {
    const folders = ['', ...((await store.listFolders?.('')) ?? ['_delta_log/'])];
    for (const folder of folders) {
      for (const meta of await store.listInFlight(folder)) {
        if (!abandoned(meta)) continue;
        await store.delete(meta.path);
        deleted++;
      }
    }
  }
  const emptied = new Set<string>();
  for (const meta of await store.list(STAGING_FOLDER_PREFIX)) {
    if (!abandoned(meta)) continue;
    await store.delete(meta.path);
    emptied.add(meta.path.slice(0, meta.path.indexOf('/') + 1));
    deleted++;
  }
  for (const folder of emptied) await store.deleteEmptyFolder?.(folder);
  return deleted;
}
