/**
 * A MERGE's target row identities, and for merge-on-read the rows it marks deleted: the identity of a target
 * row encodes its file and its row index (the position its deletion vector marks), so the touched files and
 * their changed rows' positions come back from the decision table alone, with no second scan.
 */
import type { ScanFile } from '../../../delta/scan-plan.js';
import type { EngineSession } from '../../../engine/engine-session.js';
import { readResult } from '../../../engine/result-reader.js';
import { rowIndexesByFile } from '../../../engine/row-indexes-by-file.js';
import { arrayOf, field, IntegerType, LongType, struct } from '../../../types/data-types.js';
import { quoteColumn } from '../../query/expression-sql.js';
import type { MatchedRows } from '../deletion-vector-write.js';
import { FILE_INDEX_COLUMN, ROW_ID_COLUMN } from './merge-decision.js';

/** Bits of a merge-on-read row identity that hold the row index (2^40 rows per file is ample). */
const ROW_INDEX_BITS = 40;
const ROW_INDEX_MASK = `${2n ** BigInt(ROW_INDEX_BITS) - 1n}`;
export const ROW_INDEX_COLUMN = '__lakesql_merge_row_index';

/**
 * The target rows as the decision plan reads them: the scan's columns and file index, and a row identity.
 * Copy-on-write numbers the rows; merge-on-read encodes the row's file index and its row index in the file.
 */
export function targetRowsSql(scanSql: string, mergeOnRead: boolean): string {
  const rowId = quoteColumn(ROW_ID_COLUMN);
  if (!mergeOnRead) return `SELECT *, row_number() OVER () AS ${rowId} FROM (${scanSql}) AS "t"`;
  const file = quoteColumn(FILE_INDEX_COLUMN);
  const row = quoteColumn(ROW_INDEX_COLUMN);
  return (
    `SELECT * EXCLUDE (${row}), (CAST(${file} AS BIGINT) << ${ROW_INDEX_BITS}) | ${row} AS ${rowId}` +
    ` FROM (${scanSql}) AS "t"`
  );
}

/**
 * Per touched file (one with a row that a MATCHED or NOT MATCHED BY SOURCE clause updates or deletes), the
 * row indexes to mark deleted and the file's live rows. With every candidate's live rows known from its
 * statistics (`liveRows`), only the changed rows are read, as typed chunks; otherwise the live rows are
 * counted as the distinct identities of the file's rows in the decision table (which then holds every live
 * row of a candidate: the join keeps the target side). A row matched by several source rows (allowed for a
 * lone unconditional DELETE, `severalMatchesPerRow`) is marked once.
 */
export async function touchedRows(
  engine: EngineSession,
  merged: string,
  changing: readonly number[],
  candidates: readonly ScanFile[],
  liveRows: readonly number[] | undefined,
  severalMatchesPerRow: boolean,
): Promise<MatchedRows[]> {
  if (changing.length === 0) return [];
  const changes = `"action" IN (${changing.join(', ')})`;
  if (liveRows) {
    const distinct = severalMatchesPerRow ? 'DISTINCT ' : '';
    const byFile = await rowIndexesByFile(
      engine,
      `SELECT ${distinct}"file_index", "row_id" & ${ROW_INDEX_MASK} FROM ${merged} WHERE ${changes}`,
    );
    return [...byFile].map(([f, rowIndexes]) => ({
      file: candidates[f]!,
      rowIndexes,
      liveRows: liveRows[f]!,
    }));
  }
  const rows = await readResult(
    engine,
    `SELECT "file_index" AS "f", count(DISTINCT "row_id") AS "live",` +
      ` list(DISTINCT "row_id" & ${ROW_INDEX_MASK}) FILTER (WHERE ${changes}) AS "rows"` +
      ` FROM ${merged} WHERE "file_index" IS NOT NULL GROUP BY "file_index" HAVING bool_or(${changes})` +
      ` ORDER BY "file_index"`,
    struct([field('f', IntegerType), field('live', LongType), field('rows', arrayOf(LongType, false))]),
  );
  return rows.map(([f, live, indexes]) => ({
    file: candidates[Number(f)]!,
    rowIndexes: (indexes as readonly bigint[]).map(Number),
    liveRows: Number(live),
  }));
}
