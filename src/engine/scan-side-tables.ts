import { BIGINT, type DuckDBConnection, DuckDBDataChunk, INTEGER } from '@duckdb/node-api';
import type { AddFile } from '../delta/actions.js';
import { loadDeletionVectors, type RoaringBitmapArray } from '../delta/deletion-vectors/index.js';
import type { ScanFile } from '../delta/scan-plan.js';
import type { ObjectStore } from '../storage/object-store.js';
import { quoteIdentifier } from './sql-text.js';

/**
 * Per-file facts from the log: partition values (which are not in the data files, PROTOCOL.md "Partition
 * Value Serialization"), and deletion vectors' row indexes (PROTOCOL.md "Deletion Vectors": rows whose
 * index is in the DV are not part of the table), which a grouped read_parquet anti-joins by file name.
 *
 * Table names are plain (unquoted-safe) names made by EngineSession.uniqueName.
 * They live in ordinary tables of the session's in-memory database, not TEMP tables, because a TEMP table is
 * visible only on the connection that made it while the scan's SQL may run on any connection.
 */

export const FILE_COLUMN = '__lakesql_file_index';
export const ROW_INDEX_COLUMN = 'file_row_number';

/** The file's value for a logical partition column; ScanFile keys them by logical name. */
export function partitionValueOf(file: ScanFile, column: string) {
  const values = file.partitionValues;
  if (column in values) return values[column] ?? null;
  const lower = column.toLowerCase();
  const key = Object.keys(values).find((k) => k.toLowerCase() === lower);
  return key === undefined ? null : (values[key] ?? null);
}

/**
 * A table (file, row) of every deleted row of every file that has a deletion vector; false when none has.
 * The file is named by its position in `files`, which is the group's read_parquet list, so the scan joins it
 * on DuckDB's `file_index` (an integer) rather than on the file name. Filled a chunk of columns at a time:
 * a table that has taken many DML statements holds many deleted rows. `loaded`, when given, receives each
 * file's bitmap by its add action (the table holds copies of the rows, so the caller may change them).
 */
export async function createDeletedRowsTable(
  c: DuckDBConnection,
  table: string,
  store: ObjectStore,
  files: readonly ScanFile[],
  loaded?: Map<AddFile, RoaringBitmapArray>,
): Promise<boolean> {
  const withDv = files.flatMap((f, i) =>
    f.add.deletionVector ? [{ dv: f.add.deletionVector, index: i }] : [],
  );
  if (withDv.length === 0) return false;
  const bitmaps = await loadDeletionVectors(
    store,
    withDv.map((f) => f.dv),
  );
  if (loaded) for (const [i, { index }] of withDv.entries()) loaded.set(files[index]!.add, bitmaps[i]!);
  await c.run(
    `CREATE TABLE ${quoteIdentifier(table)} (${quoteIdentifier(FILE_COLUMN)} INTEGER, ${quoteIdentifier(ROW_INDEX_COLUMN)} BIGINT)`,
  );
  const appender = await c.createAppender(table);
  try {
    const types = [INTEGER, BIGINT];
    let fileKeys: number[] = [];
    let rowKeys: bigint[] = [];
    const flush = () => {
      if (fileKeys.length === 0) return;
      const chunk = DuckDBDataChunk.create(types, fileKeys.length);
      chunk.setColumnValues(0, fileKeys);
      chunk.setColumnValues(1, rowKeys);
      appender.appendDataChunk(chunk);
      fileKeys = [];
      rowKeys = [];
    };
    withDv.forEach(({ index }, i) => {
      for (const row of bitmaps[i]!.toBigUint64Array()) {
        fileKeys.push(index);
        rowKeys.push(row);
        if (fileKeys.length === CHUNK_ROWS) flush();
      }
    });
    flush();
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
  return true;
}

/** DuckDB's vector size: the most rows one data chunk holds. */
const CHUNK_ROWS = 2048;
