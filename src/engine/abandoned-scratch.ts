/**
 * The engine's scratch folders in the system temp folder, named after the process that made them:
 * `lakesql-engine-<pid>-<random>` (ScratchFolder: copies and staged files for stores that are not local)
 * and `lakesql-duckdb-<pid>` (DuckDB's spill folder). A process killed mid-statement leaves them behind; the
 * next engine opened on the host deletes those whose process is gone (and that nothing touched for a
 * minute, in case the pid belongs to another host's process sharing the folder), and any untouched for a
 * day, as the table's own abandoned temp files (delta/abandoned-temp-files.ts).
 */
import { readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ABANDONED_TEMP_FILE_AGE_MS } from '../delta/abandoned-temp-files.js';
import { processIsAlive } from '../storage/process-liveness.js';

export const ENGINE_SCRATCH_PREFIX = 'lakesql-engine-';
export const DUCKDB_SPILL_PREFIX = 'lakesql-duckdb-';

/** How long a dead process's scratch folder must have been untouched before it goes. */
export const DEAD_OWNER_GRACE_MS = 60 * 1000;

const SCRATCH_NAME = /^lakesql-(?:engine|duckdb)-(?:(\d+)(?:-|$))?/;

/** Deletes the abandoned scratch folders in `folder`; returns their names. */
export async function deleteAbandonedScratch(folder = os.tmpdir(), now = Date.now()): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return []; // no temp folder to clean: nothing was left there
  }
  const deleted: string[] = [];
  for (const name of names) {
    const match = SCRATCH_NAME.exec(name);
    if (match === null) continue;
    const pid = match[1] === undefined ? undefined : Number(match[1]);
    if (pid === process.pid) continue;
    const full = path.join(folder, name);
    const modified = await stat(full).then(
      (s) => (s.isDirectory() ? s.mtimeMs : undefined),
      () => undefined,
    );
    if (modified === undefined) continue;
    const age = now - modified;
    const ownerGone = pid !== undefined && !processIsAlive(pid) && age >= DEAD_OWNER_GRACE_MS;
    if (!ownerGone && age < ABANDONED_TEMP_FILE_AGE_MS) continue;
    await rm(full, { recursive: true, force: true }).catch(() => {}); // another engine cleaning too
    deleted.push(name);
  }
  return deleted;
}

let cleaned: Promise<unknown> | undefined;

/** Runs the clean-up once per process, at the first engine opened. */
export function deleteAbandonedScratchOnce(): Promise<unknown> {
  cleaned ??= deleteAbandonedScratch().catch(() => []);
  return cleaned;
}
