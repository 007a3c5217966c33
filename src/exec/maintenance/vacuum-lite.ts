/**
 * VACUUM LITE's candidates, from the log alone (Delta's getFilesFromDeltaLog): the files removed, with their
 * deletion vectors, and the change-data files written by the commits from the one after the last LITE's
 * (`_last_vacuum_info`), or the earliest commit, up to the latest commit made before the cutoff. A removed
 * file counts from its deletionTimestamp, a change-data file as old. When the log no longer starts at
 * version 0 and no earlier LITE recorded where it stopped, removes may have been cleaned from the log with
 * their commits: LITE cannot see every file to delete and fails (DELTA_CANNOT_VACUUM_LITE), as in Delta.
 * LITE lists nothing, so it deletes no folders, and a candidate already gone from storage is dropped.
 */
import { commitTimestamps } from '../../delta/commit-timestamps.js';
import { readLastVacuumInfo } from '../../delta/last-vacuum-info.js';
import { listLogFiles, readCommitActions } from '../../delta/log-segment.js';
import type { Snapshot } from '../../delta/snapshot.js';
import { LakesqlError } from '../../errors/index.js';
import { ObjectNotFoundError } from '../../storage/object-store.js';
import { deletionVectorKeyOf, tableKeyOf, type VacuumCandidate } from './vacuum-files.js';

export interface LiteCandidates {
  readonly candidates: VacuumCandidate[];
  /** The latest commit made before the cutoff: the next LITE starts after it. */
  readonly latestCommitOutsideRetention: number | undefined;
}

export async function liteCandidates(
  snapshot: Snapshot,
  valid: ReadonlySet<string>,
  cutoffMs: number,
): Promise<LiteCandidates> {
  const store = snapshot.store;
  const commits = (await listLogFiles(store)).filter(
    (f): f is Extract<typeof f, { kind: 'commit' }> => f.kind === 'commit' && f.version <= snapshot.version,
  );
  const stamps = await commitTimestamps(store, commits, snapshot.metadata);
  const outside = stamps.filter((s) => s.timestamp <= cutoffMs).at(-1)?.version;
  if (outside === undefined) return { candidates: [], latestCommitOutsideRetention: undefined };
  const earliest = commits[0]?.version ?? 0;
  const last = (await readLastVacuumInfo(store))?.latestCommitVersionOutsideOfRetentionWindow;
  if (earliest !== 0 && (last === undefined || last < earliest)) {
    throw new LakesqlError('DELTA_CANNOT_VACUUM_LITE', {});
  }
  const start = Math.min(snapshot.version, last !== undefined ? last + 1 : earliest);
  const seen = new Map<string, VacuumCandidate>();
  const consider = (key: string | undefined, size: number, modifiedMs: number) => {
    if (key === undefined || modifiedMs >= cutoffMs || valid.has(key)) return;
    seen.set(key, { key, size });
  };
  for (const commit of commits) {
    if (commit.version < start || commit.version > outside) continue;
    for (const action of await readCommitActions(store, commit)) {
      if (action.kind === 'remove') {
        const r = action.remove;
        const at = r.deletionTimestamp ?? 0;
        consider(tableKeyOf(snapshot, r.path), r.size ?? 0, at);
        const dv = r.deletionVector;
        consider(deletionVectorKeyOf(snapshot, dv), dv?.sizeInBytes ?? 0, at);
      } else if (action.kind === 'cdc') {
        consider(tableKeyOf(snapshot, action.cdc.path), action.cdc.size, 0);
      }
    }
  }
  const candidates: VacuumCandidate[] = [];
  for (const c of [...seen.values()].sort((a, b) => (a.key < b.key ? -1 : 1))) {
    try {
      const meta = await store.head(c.key);
      candidates.push({ key: c.key, size: meta.size });
    } catch (e) {
      if (!(e instanceof ObjectNotFoundError)) throw e; // deleted by an earlier VACUUM
    }
  }
  return { candidates, latestCommitOutsideRetention: outside };
}
