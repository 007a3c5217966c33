/**
 * Temp files of log writes killed between writing and publishing (issue 13). Every log file is written
 * under a temp name in `_delta_log/` and then published whole (local-store.ts), so a SIGKILL in that window
 * leaves `.<name>.<random>.tmp` behind: never read (listings skip it), but never deleted either. The writer
 * that publishes the next checkpoint deletes the ones older than a day, far longer than writing one log file
 * takes, so a write still in flight in another process is never touched.
 */
import type { ObjectStore } from '../storage/object-store.js';
import { LOG_DIR } from './log-files.js';

export const ABANDONED_TEMP_FILE_AGE_MS = 24 * 60 * 60 * 1000;

/** Deletes the abandoned temp files of `_delta_log/`; returns how many went. */
export async function deleteAbandonedTempFiles(store: ObjectStore, now: number): Promise<number> {
  if (!store.listInFlight) return 0;
  let deleted = 0;
  for (const meta of await store.listInFlight(LOG_DIR)) {
    if (now - meta.lastModified < ABANDONED_TEMP_FILE_AGE_MS) continue;
    await store.delete(meta.path);
    deleted++;
  }
  return deleted;
}
