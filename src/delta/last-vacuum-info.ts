/**
 * `_delta_log/_last_vacuum_info`, where delta-spark's VACUUM records the latest commit outside the retention
 * window that a VACUUM LITE covered (LastVacuumInfo in VacuumCommand.scala): the next LITE reads the removes
 * of the commits after it only. A FULL VACUUM writes it without the version (it reads no commits), which
 * leaves the next LITE to start from the earliest commit. Like `_last_checkpoint`, only a hint: a missing or
 * corrupt file is none.
 */
import type { ObjectStore } from '../storage/object-store.js';
import { LOG_DIR } from './log-files.js';

export const LAST_VACUUM_INFO_KEY = `${LOG_DIR}_last_vacuum_info`;

export interface LastVacuumInfo {
  readonly latestCommitVersionOutsideOfRetentionWindow?: number;
}

export async function readLastVacuumInfo(store: ObjectStore): Promise<LastVacuumInfo | undefined> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(await store.get(LAST_VACUUM_INFO_KEY)));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const v = (parsed as Record<string, unknown>).latestCommitVersionOutsideOfRetentionWindow;
  return Number.isSafeInteger(v) ? { latestCommitVersionOutsideOfRetentionWindow: v as number } : {};
}

export async function writeLastVacuumInfo(store: ObjectStore, info: LastVacuumInfo): Promise<void> {
  await store.put(LAST_VACUUM_INFO_KEY, JSON.stringify(info));
}
