/**
 * Which candidate files hold a row whose keys equal some source key tuple: only the key columns of the
 * candidates are read (Delta's findTouchedFiles joins on the whole condition; the keys are a necessary part
 * of it, and the decision that follows is exact). A file without such a row cannot be matched, so a MERGE
 * without NOT MATCHED BY SOURCE clauses leaves it alone.
 */

import type { ScanFile, ScanPlan } from '../../../delta/scan-plan.js';
import type { EngineSession } from '../../../engine/engine-session.js';
import { scanRelation } from '../../../engine/snapshot-scan.js';
import type { ObjectStore } from '../../../storage/object-store.js';
import { quoteColumn } from '../../query/expression-sql.js';
import type { KeyColumn } from './merge-key-ranges.js';

const FILE_COLUMN = '__lakesql_key_file';

/** The indexes (into `candidates.files`) of the files with a key match in `keyTable` (no NULL keys). */
export async function filesWithKeyMatches(
  engine: EngineSession,
  store: ObjectStore,
  candidates: ScanPlan,
  keys: readonly KeyColumn[],
  keyTable: string,
): Promise<number[]> {
  if (candidates.files.length === 0) return [];
  const columns = [...new Set(keys.map((k) => k.name))];
  // Every physical row is read, deletion vectors not applied: a file keeps each live match, and at worst
  // gains one whose only matching rows are deleted, which the exact decision then reads and leaves alone.
  // Applying the DVs here would cost a deleted-rows table, its anti-join and two more round trips.
  const physical = { ...candidates, files: candidates.files.map(withoutDeletionVector) };
  const scan = await scanRelation(engine, store, physical, { columns, fileIndexColumn: FILE_COLUMN });
  try {
    const on = keys.map((k) => `"t".${quoteColumn(k.name)} = "s".${quoteColumn(k.keyColumn)}`).join(' AND ');
    const rows = await engine.all(
      `SELECT DISTINCT "t".${quoteColumn(FILE_COLUMN)} AS "i" FROM (${scan.sql}) AS "t" ` +
        `SEMI JOIN ${quoteColumn(keyTable)} AS "s" ON ${on} ORDER BY 1`,
    );
    return rows.map((r) => Number(r.i));
  } finally {
    await scan.release();
  }
}

function withoutDeletionVector(file: ScanFile): ScanFile {
  if (!file.add.deletionVector) return file;
  const { deletionVector: _, ...add } = file.add;
  return { ...file, add };
}
