/**
 * The timestamp of each commit, for history and `TIMESTAMP AS OF`.
 * Without in-commit timestamps it is the commit file's modification time, made strictly increasing as
 * Delta does (a clock that went backwards must not reorder versions). With the inCommitTimestamp feature,
 * versions from `delta.inCommitTimestampEnablementVersion` on use `commitInfo.inCommitTimestamp`, which the
 * protocol requires to be the first action of the commit (PROTOCOL.md "In-Commit Timestamps").
 */
import { LakesqlError } from '../errors/index.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { Metadata } from './actions.js';
import { parseActionLines } from './actions-json.js';
import type { CommitFile } from './log-segment.js';

export interface CommitTimestamp {
  readonly version: number;
  readonly timestamp: number;
}

export function inCommitTimestampsEnabled(metadata: Metadata | undefined): boolean {
  return metadata?.configuration['delta.enableInCommitTimestamps']?.toLowerCase() === 'true';
}

export function ictEnablementVersion(metadata: Metadata | undefined): number {
  const v = metadata?.configuration['delta.inCommitTimestampEnablementVersion'];
  return v === undefined ? 0 : Number(v);
}

export async function readInCommitTimestamp(
  store: ObjectStore,
  commit: CommitFile,
): Promise<number | undefined> {
  const text = new TextDecoder().decode(await store.get(commit.meta.path));
  for (const a of parseActionLines(text, commit.meta.path)) {
    if (a.kind === 'commitInfo' && typeof a.commitInfo.inCommitTimestamp === 'number')
      return a.commitInfo.inCommitTimestamp;
  }
  return undefined;
}

export async function commitTimestamps(
  store: ObjectStore,
  commits: readonly CommitFile[],
  latestMetadata: Metadata | undefined,
): Promise<CommitTimestamp[]> {
  const ict = inCommitTimestampsEnabled(latestMetadata);
  const from = ict ? ictEnablementVersion(latestMetadata) : Number.POSITIVE_INFINITY;
  const out: CommitTimestamp[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (const c of commits) {
    let ts: number | undefined;
    if (c.version >= from) ts = await readInCommitTimestamp(store, c);
    if (ts === undefined) {
      ts = c.meta.lastModified;
      if (ts <= previous) ts = previous + 1; // Delta's monotonic adjustment of file times
    }
    out.push({ version: c.version, timestamp: ts });
    previous = ts;
  }
  return out;
}

/** The latest version committed at or before `timestamp` (Spark's rule for TIMESTAMP AS OF). */
export function versionAtTimestamp(
  timestamps: readonly CommitTimestamp[],
  timestamp: number,
  tableName: string,
): number {
  const first = timestamps[0];
  const last = timestamps.at(-1);
  if (!first || !last) throw new LakesqlError('DELTA_MISSING_DELTA_TABLE', { path: tableName });
  if (timestamp < first.timestamp) {
    const iso = new Date(first.timestamp).toISOString();
    throw new LakesqlError('DELTA_TIMESTAMP_EARLIER_THAN_COMMIT_RETENTION', {
      userTimestamp: new Date(timestamp).toISOString(),
      commitTs: iso,
      timestampString: iso,
    });
  }
  if (timestamp > last.timestamp) {
    throw new LakesqlError('DELTA_TIMESTAMP_GREATER_THAN_COMMIT', {
      providedTimestamp: new Date(timestamp).toISOString(),
      tableName,
      maximumTimestamp: new Date(last.timestamp).toISOString(),
    });
  }
  let lo = 0;
  let hi = timestamps.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (timestamps[mid]!.timestamp <= timestamp) lo = mid;
    else hi = mid - 1;
  }
  return timestamps[lo]!.version;
}
