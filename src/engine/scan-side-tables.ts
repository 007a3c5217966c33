import type { DuckDBConnection } from '@duckdb/node-api';
import { loadDeletionVectors } from '../delta/deletion-vectors/index.js';
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

export const FILE_COLUMN = '__lakesql_file';
export const ROW_INDEX_COLUMN = 'file_row_number';

/** The file's value for a logical partition column; ScanFile keys them by logical name. */
export function partitionValueOf(file: ScanFile, column: string) {
  const values = file.partitionValues;
  if (column in values) return values[column] ?? null;
  const lower = column.toLowerCase();
  const key = Object.keys(values).find((k) => k.toLowerCase() === lower);
  return key === undefined ? null : (values[key] ?? null);
}

/** A table (file, row) of every deleted row of every file that has a deletion vector; false when none has. */
export async function createDeletedRowsTable(
  c: DuckDBConnection,
  table: string,
  store: ObjectStore,
  files: readonly ScanFile[],
  paths: readonly string[],
): Promise<boolean> {
  const withDv = files.flatMap((f, i) =>
    f.add.deletionVector ? [{ dv: f.add.deletionVector, path: paths[i]! }] : [],
  );
  if (withDv.length === 0) return false;
  const bitmaps = await loadDeletionVectors(
    store,
    withDv.map((f) => f.dv),
  );
  const loaded = withDv.map(({ path }, i) => ({ path, rows: bitmaps[i]!.toBigUint64Array() }));
  await c.run(
    `CREATE TABLE ${quoteIdentifier(table)} (${quoteIdentifier(FILE_COLUMN)} VARCHAR, ${quoteIdentifier(ROW_INDEX_COLUMN)} BIGINT)`,
  );
  const appender = await c.createAppender(table);
  try {
    for (const { path, rows } of loaded) {
      for (const row of rows) {
        appender.appendVarchar(path);
        appender.appendBigInt(row);
        appender.endRow();
      }
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
  return true;
}
