import type { DuckDBConnection } from '@duckdb/node-api';
import type { ScanPlan } from '../delta/scan-plan.js';
import { LakesqlError } from '../errors/index.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { StructField } from '../types/data-types.js';
import { toDuckDBType } from './duckdb-types.js';
import type { EngineSession } from './engine-session.js';
import { logicalColumnExpression } from './logical-projection.js';
import { type FileGroup, groupByFileSchema, resolveLocalPaths } from './scan-file-layout.js';
import {
  createDeletedRowsTable,
  createPartitionValuesTable,
  FILE_COLUMN,
  ROW_INDEX_COLUMN,
} from './scan-side-tables.js';
import { quoteIdentifier, quoteString } from './sql-text.js';
import { ScratchFolder } from './temp-files.js';

/** What a scan of no columns (say, for count(*)) selects: SQL has no zero-column SELECT. */
const NO_COLUMNS = 'NULL AS "__no_columns"';

/** A snapshot's rows as DuckDB SQL, valid on any connection of the session until `release()`. */
export interface ScanRelation {
  /** A SELECT producing exactly the logical columns, in schema order, named and typed as the table's schema. */
  readonly sql: string;
  /** Drops the scan's scratch tables and files. */
  release(): Promise<void>;
}

export interface ScanOptions {
  /** Logical names of the top-level columns to produce (matched case-insensitively); default all. */
  readonly columns?: readonly string[];
  /**
   * Also produce a column of this name holding the index in `plan.files` of the file each row comes from:
   * DML finds which files hold matching rows and rewrites only those (Delta's DeleteCommand does the same
   * with input_file_name()). Its values are INTEGER.
   */
  readonly fileIndexColumn?: string;
}

/**
 * Turns a ScanPlan into one DuckDB SELECT (PROTOCOL.md "Reader Requirements"): every file's rows, minus
 * rows deleted by its deletion vector, with partition values added from the log, physical names mapped to
 * logical ones, absent columns as NULL and every column cast to the table's type.
 * Files sharing a Parquet layout are read by one read_parquet([...]); per-file facts join by file name.
 */
export async function scanRelation(
  session: EngineSession,
  store: ObjectStore,
  plan: ScanPlan,
  options: ScanOptions = {},
): Promise<ScanRelation> {
  const fields = projectedFields(plan, options.columns);
  const fileIndex = options.fileIndexColumn;
  if (plan.files.length === 0) return { sql: emptySelect(fields, fileIndex), release: async () => {} };

  const scratch = new ScratchFolder();
  const tables: string[] = [];
  const release = async () => {
    await session.withConnection(async (c) => {
      for (const t of tables) await c.run(`DROP TABLE IF EXISTS ${quoteIdentifier(t)}`);
    });
    await scratch.remove();
  };
  try {
    const partitionLower = new Set(plan.partitionColumns.map((p) => p.toLowerCase()));
    const isPartition = (f: StructField) => partitionLower.has(f.name.toLowerCase());
    const partitionFields = fields.filter(isPartition);
    const dataFields = fields.filter((f) => !isPartition(f));

    const sql = await session.withConnection(async (c) => {
      const paths = await resolveLocalPaths(store, plan.files, scratch);
      const groups: FileGroup[] =
        dataFields.length === 0 ? [{ columns: [], paths }] : await groupByFileSchema(c, paths);

      let pvTable: string | undefined;
      if (partitionFields.length > 0) {
        pvTable = session.uniqueName('lakesql_scan_pv');
        tables.push(pvTable);
        await createPartitionValuesTable(c, pvTable, plan.files, paths, partitionFields);
      }
      let dvTable: string | undefined = session.uniqueName('lakesql_scan_dv');
      tables.push(dvTable);
      if (!(await createDeletedRowsTable(c, dvTable, store, plan.files, paths))) dvTable = undefined;
      let fiTable: string | undefined;
      if (fileIndex !== undefined) {
        fiTable = session.uniqueName('lakesql_scan_fi');
        tables.push(fiTable);
        await createFileIndexTable(c, fiTable, paths);
      }

      const selects = groups.map((group) => {
        const columns = fields.map((f) => {
          const expr = isPartition(f)
            ? `"pv".${quoteIdentifier(`p${partitionFields.indexOf(f)}`)}`
            : logicalColumnExpression(f, plan.columnMappingMode, group.columns, '"d"');
          return `${expr} AS ${quoteIdentifier(f.name)}`;
        });
        if (fileIndex !== undefined) columns.push(`"fi"."index" AS ${quoteIdentifier(fileIndex)}`);
        return `SELECT ${columns.length === 0 ? NO_COLUMNS : columns.join(', ')} FROM ${groupSource(group, dvTable, pvTable, fiTable)}`;
      });
      return selects.join('\nUNION ALL\n');
    });
    return { sql, release };
  } catch (e) {
    await release();
    throw e;
  }
}

/** The group's rows, with deleted rows removed and partition values joined on. */
function groupSource(
  group: FileGroup,
  dvTable: string | undefined,
  pvTable: string | undefined,
  fiTable?: string,
): string {
  const file = quoteIdentifier(FILE_COLUMN);
  const rowIndex = quoteIdentifier(ROW_INDEX_COLUMN);
  const list = `[${group.paths.map(quoteString).join(', ')}]`;
  let source = `read_parquet(${list}, filename = ${quoteString(FILE_COLUMN)}${dvTable ? ', file_row_number = true' : ''}) AS "d"`;
  if (dvTable) {
    source += ` ANTI JOIN ${quoteIdentifier(dvTable)} AS "dv" ON "dv".${file} = "d".${file} AND "dv".${rowIndex} = "d".${rowIndex}`;
  }
  if (pvTable) source += ` JOIN ${quoteIdentifier(pvTable)} AS "pv" ON "pv".${file} = "d".${file}`;
  if (fiTable) source += ` JOIN ${quoteIdentifier(fiTable)} AS "fi" ON "fi".${file} = "d".${file}`;
  return source;
}

function projectedFields(plan: ScanPlan, columns: readonly string[] | undefined): StructField[] {
  const all = [...plan.schema.fields];
  if (columns === undefined) return all;
  const wanted = new Set(columns.map((c) => c.toLowerCase()));
  for (const c of columns) {
    if (!all.some((f) => f.name.toLowerCase() === c.toLowerCase())) {
      throw new LakesqlError('INTERNAL_ERROR', {
        message: `scan asked for column ${c}, which the table lacks`,
      });
    }
  }
  return all.filter((f) => wanted.has(f.name.toLowerCase()));
}

/** A table (file, index) of each file's position in the plan, for `fileIndexColumn`. */
async function createFileIndexTable(
  c: DuckDBConnection,
  table: string,
  paths: readonly string[],
): Promise<void> {
  await c.run(
    `CREATE TABLE ${quoteIdentifier(table)} (${quoteIdentifier(FILE_COLUMN)} VARCHAR, "index" INTEGER)`,
  );
  const CHUNK = 500;
  for (let start = 0; start < paths.length; start += CHUNK) {
    const rows = paths.slice(start, start + CHUNK).map((p, k) => `(${quoteString(p)}, ${start + k})`);
    await c.run(`INSERT INTO ${quoteIdentifier(table)} VALUES ${rows.join(', ')}`);
  }
}

/** No files: no rows, but the columns' names and types still stand. */
function emptySelect(fields: readonly StructField[], fileIndex?: string): string {
  const columns = fields.map((f) => `CAST(NULL AS ${toDuckDBType(f.type)}) AS ${quoteIdentifier(f.name)}`);
  if (fileIndex !== undefined) columns.push(`CAST(NULL AS INTEGER) AS ${quoteIdentifier(fileIndex)}`);
  return `SELECT ${columns.length === 0 ? NO_COLUMNS : columns.join(', ')} WHERE false`;
}
