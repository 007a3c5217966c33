/**
 * Counts the reads of Delta logs while a piece of work runs, per table folder name: each load of a
 * table's latest snapshot (through the session's snapshot cache, which every latest load takes), and each
 * other listing of its whole `_delta_log/` (a check whether a table exists, a time-travel load). A
 * test-only seam over the cache and the local store, which every test table lives in.
 */
import { vi } from 'vitest';
import { SnapshotCache } from '../../../delta/snapshot-cache.js';
import { LocalObjectStore } from '../../../storage/local-store.js';

const tableName = (rootUrl: string) => rootUrl.replace(/\/+$/, '').split('/').at(-1)!;

export async function countLogReads(work: () => Promise<unknown>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const count = (rootUrl: string) => {
    const t = tableName(rootUrl);
    counts[t] = (counts[t] ?? 0) + 1;
  };
  let inLoad = 0;
  const latest = SnapshotCache.prototype.latest;
  const list = LocalObjectStore.prototype.list;
  const loads = vi.spyOn(SnapshotCache.prototype, 'latest').mockImplementation(async function (
    this: SnapshotCache,
    rootUrl,
    loadFresh,
  ) {
    count(rootUrl);
    inLoad++;
    try {
      return await latest.call(this, rootUrl, loadFresh);
    } finally {
      inLoad--;
    }
  });
  const listings = vi.spyOn(LocalObjectStore.prototype, 'list').mockImplementation(function (
    this: LocalObjectStore,
    prefix: string,
  ) {
    if (prefix === '_delta_log/' && inLoad === 0) count(this.rootUrl);
    return list.call(this, prefix);
  });
  try {
    await work();
  } finally {
    loads.mockRestore();
    listings.mockRestore();
  }
  return counts;
}
