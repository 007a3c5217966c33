/**
 * `_delta_log/_last_checkpoint`, the hint naming the newest checkpoint (PROTOCOL.md "Last Checkpoint File").
 * It is only a hint: it may be missing, half-written by a writer of another implementation, or stale (a newer
 * checkpoint written since, or the table replaced). Readers that trust it list the log from its version and
 * fall back to listing the whole log when that listing does not bear it out (log-segment.ts).
 */
import type { ObjectStore } from '../storage/object-store.js';
import { LAST_CHECKPOINT_KEY } from './log-files.js';

export interface LastCheckpoint {
  readonly version: number;
  /** Number of actions in the checkpoint. */
  readonly size: number;
  readonly sizeInBytes?: number;
  readonly numOfAddFiles?: number;
  readonly parts?: number;
}

/** Reads `_last_checkpoint`; a missing or corrupt file is no error but no hint (readers fall back to listing). */
export async function readLastCheckpoint(store: ObjectStore): Promise<LastCheckpoint | undefined> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(await store.get(LAST_CHECKPOINT_KEY)));
  } catch {
    return undefined; // missing, unreadable or not JSON: the hint is unusable
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { version, parts } = parsed as Record<string, unknown>;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) return undefined;
  if (parts !== undefined && (typeof parts !== 'number' || !Number.isSafeInteger(parts) || parts < 1)) {
    return undefined;
  }
  return parsed as LastCheckpoint;
}
