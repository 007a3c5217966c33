/**
 * The table a statement writes, resolved once: its name or path, its catalog entry, and one snapshot that
 * every step of the statement (analysis, the files it reads, the commit) shares.
 */
import type { ParquetHandler } from '../../delta/parquet-handler.js';
import { loadSnapshot, type Snapshot } from '../../delta/snapshot.js';
import { LakesqlError } from '../../errors/index.js';
import type { ObjectStore } from '../../storage/object-store.js';

/** The latest snapshot of the table at `store`, or undefined when there is no Delta table there yet. */
export async function latestSnapshotOrNone(
  store: ObjectStore,
  parquet: ParquetHandler,
): Promise<Snapshot | undefined> {
  try {
    return await loadSnapshot(store, parquet);
  } catch (e) {
    if (e instanceof LakesqlError && e.errorClass === 'DELTA_MISSING_DELTA_TABLE') return undefined;
    throw e;
  }
}
