/**
 * A merge-on-read UPDATE or MERGE writes two things before it commits: the data files of its new rows
 * (DuckDB's COPY, on DuckDB's threads) and the DV file marking the changed rows deleted (their positions
 * read, the bitmaps built in JavaScript, then written and synced to disk). Neither needs the other, so they
 * run at the same time and the statement waits for the longer, not for both one after the other.
 *
 * A failed write of the rows (a violated NOT NULL or CHECK constraint, a failed cast) must leave no DV file
 * behind, as when the DV file was written only after the rows: the DV file is deleted again then.
 */
import type { Snapshot } from '../../delta/snapshot.js';
import { type DeletionVectorChange, type MatchedRows, markRowsDeleted } from './deletion-vector-write.js';

export async function writeBesideDeletionVectors<T>(
  snapshot: Snapshot,
  matches: () => Promise<readonly MatchedRows[]>,
  writeRows: () => Promise<T>,
): Promise<{ readonly written: T; readonly change: DeletionVectorChange }> {
  const [rows, marked] = await Promise.allSettled([
    writeRows(),
    matches().then((m) => markRowsDeleted(snapshot, m)),
  ]);
  if (rows.status === 'rejected') {
    if (marked.status === 'fulfilled' && marked.value.dvFile !== undefined) {
      // Best effort: an unreferenced DV file is harmless (VACUUM removes it), the failure is what counts.
      await snapshot.store.delete(marked.value.dvFile).catch(() => {});
    }
    throw rows.reason;
  }
  if (marked.status === 'rejected') throw marked.reason;
  return { written: rows.value, change: marked.value };
}
