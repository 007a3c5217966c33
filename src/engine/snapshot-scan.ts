import type { DuckDBConnection } from '@duckdb/node-api';
import type { AddFile } from '../delta/actions.js';
import type { RoaringBitmapArray } from '../delta/deletion-vectors/index.js';
import type { MaterializedColumns } from '../delta/row-tracking.js';
import type { ScanFile, ScanPlan } from '../delta/scan-plan.js';
import { LakesqlError } from '../errors/index.js';
import { ObjectNotFoundError, type ObjectStore } from '../storage/object-store.js';
import { LongType, type StructField } from '../types/data-types.js';
import { fileMetadataType, sparkFileUri } from '../types/file-metadata.js';
import { toDuckDBType } from './duckdb-types.js';
import type { EngineSession } from './engine-session.js';
import { resolveLocalPaths } from './scan-file-layout.js';
import { readsPlainly } from './scan-footer-match.js';
import {
  footerKey,
  logSchemaArgument,
  logSchemaColumnExpression,
  logSchemaColumnName,
  timestampColumns,
  timestampEncodings,
} from './scan-log-schema.js';
import {
  createDeletedRowsTable,
  FILE_COLUMN,
  partitionValueOf,
  ROW_INDEX_COLUMN,
} from './scan-side-tables.js';
import { quoteIdentifier, quoteString, scalarToSql } from './sql-text.js';
import { ScratchFolder } from './temp-files.js';

/** What a scan of no columns (say, for count(*)) selects: SQL has no zero-column SELECT. */
const NO_COLUMNS = 'NULL AS "__no_columns"';

/**
 * The read of a rewrite that keeps rows' identity: each row's id and commit version come out under the
 * materialized columns' own names, ready to be written back into them.
 */
export function preservingRead(materialized: MaterializedColumns): RowTrackingRead {
  return {
    materialized,
    rowIdColumn: materialized.rowId,
    rowCommitVersionColumn: materialized.rowCommitVersion,
  };
}

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
  /**
   * Also produce a column of this name holding each row's row index, Delta's key of a deletion vector: its
   * physical position in its data file (DuckDB's `file_row_number`), counted before any deletion vector
   * drops rows. Its values are BIGINT.
   */
  readonly rowIndexColumn?: string;
  /**
   * Also produce a column of this name holding the hidden `_metadata` struct (types/file-metadata.ts): the
   * file's URI, name, size and modification time from its add action, and the row's index in the file.
   */
  readonly metadataColumn?: string;
  /**
   * The table's row tracking (delta/row-tracking.ts): its materialized columns are read beside the data,
   * `_metadata` gains `row_id` and `row_commit_version`, and the named outputs hold each row's id and
   * commit version (rewrites write them back into the materialized columns to keep rows' identity).
   */
  readonly rowTracking?: RowTrackingRead;
  /**
   * The caller's list of scratch tables, which it drops itself with its own, in one statement: the scan
   * adds its deleted-rows tables there, and `release()` leaves them (a DROP of their own would cost a
   * round trip in a row at the end of every DML statement on a table with deletion vectors).
   */
  readonly scratchTables?: string[];
  /**
   * Receives the deletion vectors the scan loaded for its deleted-rows tables, by add action: a statement
   * that unites them with newly deleted rows (merge-on-read MERGE and UPDATE) then loads none of them again.
   * The bitmaps are the caller's to change once the scan is built (the tables hold copies of their rows).
   */
  readonly loadedDeletionVectors?: Map<AddFile, RoaringBitmapArray>;
}

export interface RowTrackingRead {
  readonly materialized: MaterializedColumns;
  /** Also produce a column of this name holding each row's id (BIGINT). */
  readonly rowIdColumn?: string;
  /** Also produce a column of this name holding each row's commit version (BIGINT). */
  readonly rowCommitVersionColumn?: string;
}

/**
 * Turns a ScanPlan into one DuckDB SELECT (PROTOCOL.md "Reader Requirements"): every file's rows, minus
 * rows deleted by its deletion vector, with partition values added from the log, physical names mapped to
 * logical ones, absent columns as NULL and every column cast to the table's type.
 *
 * The log's schema tells read_parquet what to read (scan-log-schema.ts), so no footer is probed by a
 * DuckDB query, except to learn how files store `timestamp` columns; a file that stores every wanted
 * column as the table types it is read without that schema (scan-footer-match.ts), which DuckDB reads
 * faster. Files go into as few read_parquet([...]) as that
 * allows: one, plus one for the files with deletion vectors (only those join their deleted rows). Per-file
 * facts from the log, partition values and the file index, are typed constants: one literal when the
 * group's files agree, else a constant list picked by DuckDB's `file_index`, never a join. Unused, DuckDB
 * prunes them; a WHERE on a data column reaches the reader as a table filter.
 */
export async function scanRelation(
  session: EngineSession,
  store: ObjectStore,
  plan: ScanPlan,
  options: ScanOptions = {},
): Promise<ScanRelation> {
  const fields = projectedFields(plan, options.columns);
  const fileIndex = options.fileIndexColumn;
  if (plan.files.length === 0) {
    const sql = emptySelect(fields, fileIndex, options);
    return { sql, release: async () => {} };
  }

  const scratch = new ScratchFolder();
  const tables: string[] = [];
  const release = async () => {
    await session.dropTables(tables);
    await scratch.remove();
  };
  try {
    const partitionLower = new Set(plan.partitionColumns.map((p) => p.toLowerCase()));
    const isPartition = (f: StructField) => partitionLower.has(f.name.toLowerCase());
    const dataFields = fields.filter((f) => !isPartition(f));
    const mode = plan.columnMappingMode;
    const paths = await resolveLocalPaths(store, plan.files, scratch).catch(missingFileError(store));
    const hasDv = plan.files.some((f) => f.add.deletionVector);
    const probe = timestampColumns(dataFields).length > 0;
    const rowTracking = options.rowTracking;
    // The materialized columns are read after the data columns, NULL in files that lack them.
    const readFields = rowTracking
      ? [...dataFields, ...materializedFields(rowTracking.materialized)]
      : dataFields;

    const build = async (c: DuckDBConnection | undefined): Promise<string> => {
      const keys = plan.files.map((f) =>
        footerKey(store.rootUrl, f.location, f.add.size, f.add.modificationTime),
      );
      const encodings = c && probe ? await timestampEncodings(c, paths, keys, dataFields, mode) : undefined;
      // All files or none read without the log's schema: a second read_parquet in a UNION ALL would cost
      // more than the schema argument saves. Footers are read once per file (scan-footer-match.ts), at
      // most FOOTER_READS_PER_SCAN per scan: a table of many files learns them over its first queries.
      const footerReads = { left: FOOTER_READS_PER_SCAN };
      const plain =
        mode === 'none' &&
        rowTracking === undefined &&
        plan.files.every(
          (_, i) =>
            (encodings?.[i]?.size ?? 0) === 0 && readsPlainly(paths[i]!, keys[i]!, dataFields, footerReads),
        );
      const groups = new Map<string, ReadGroup>();
      plan.files.forEach((file, i) => {
        const wallClock = encodings?.[i] ?? new Set<string>();
        const deletes = file.add.deletionVector !== undefined;
        const key = JSON.stringify([[...wallClock].sort(), deletes]);
        let group = groups.get(key);
        if (!group) groups.set(key, (group = { files: [], wallClock, deletes, plain }));
        group.files.push(i);
      });
      // Each group whose files carry DVs anti-joins a table of their deleted rows, keyed by file_index.
      const dvTables = new Map<ReadGroup, string>();
      if (c && hasDv) {
        for (const group of groups.values()) {
          if (!group.deletes) continue;
          const dvTable = session.uniqueName('lakesql_scan_dv');
          (options.scratchTables ?? tables).push(dvTable);
          dvTables.set(group, dvTable);
          await createDeletedRowsTable(
            c,
            dvTable,
            store,
            group.files.map((i) => plan.files[i]!),
            options.loadedDeletionVectors,
          );
        }
      }
      const selects = [...groups.values()].map((group) => {
        const perFile = (value: (i: number) => string) => fileConstant(group.files.map(value));
        const columns = fields.map((f) => {
          const expr = isPartition(f)
            ? perFile((i) => scalarToSql(partitionValueOf(plan.files[i]!, f.name), f.type))
            : group.plain
              ? `"d".${quoteIdentifier(f.name)}`
              : logSchemaColumnExpression(f, dataFields.indexOf(f), mode, '"d"', group.wallClock.has(f.name));
          return `${expr} AS ${quoteIdentifier(f.name)}`;
        });
        if (fileIndex !== undefined) {
          // A group reading the plan's files in their order has DuckDB's own file_index as the index.
          const inOrder = group.files.every((f, i) => f === i);
          const index = inOrder
            ? 'CAST("d"."file_index" AS INTEGER)'
            : perFile((i) => `CAST(${i} AS INTEGER)`);
          columns.push(`${index} AS ${quoteIdentifier(fileIndex)}`);
        }
        if (options.rowIndexColumn !== undefined) {
          columns.push(`CAST("d"."file_row_number" AS BIGINT) AS ${quoteIdentifier(options.rowIndexColumn)}`);
        }
        const rowIds = rowTracking ? rowTrackingSql(plan.files, perFile, dataFields.length) : undefined;
        if (options.metadataColumn !== undefined) {
          const metadata = fileMetadataSql(store, plan.files, perFile, rowIds);
          columns.push(`${metadata} AS ${quoteIdentifier(options.metadataColumn)}`);
        }
        if (rowIds && rowTracking?.rowIdColumn !== undefined) {
          columns.push(`${rowIds.rowId} AS ${quoteIdentifier(rowTracking.rowIdColumn)}`);
        }
        if (rowIds && rowTracking?.rowCommitVersionColumn !== undefined) {
          columns.push(
            `${rowIds.rowCommitVersion} AS ${quoteIdentifier(rowTracking.rowCommitVersionColumn)}`,
          );
        }
        const list = `[${group.files.map((i) => quoteString(paths[i]!)).join(', ')}]`;
        const schema = group.plain ? '' : `, ${logSchemaArgument(readFields, mode, group.wallClock)}`;
        // A read with the log's schema opens no file at bind time, so DuckDB would have no row count:
        // numRecords gives it. A plain read opens the first file and estimates as DuckDB's own read_parquet
        // of these files does (the first file's rows times the files), and DuckDB's join order is then its
        // own: given the exact count instead, TPC-H Q7 at scale 1 (lineitem in 2 files of unequal size)
        // joined orders to lineitem before customer, read 12x the lineitem rows past the scan and took
        // 1.4x DuckDB's time over the same files.
        const rows = group.plain ? undefined : recordCount(group.files.map((i) => plan.files[i]!));
        const cardinality = rows === undefined ? '' : `, explicit_cardinality = ${rows}`;
        let source = `read_parquet(${list}${schema}${cardinality}) AS "d"`;
        const dvTable = dvTables.get(group);
        if (dvTable) {
          const file = quoteIdentifier(FILE_COLUMN);
          const row = quoteIdentifier(ROW_INDEX_COLUMN);
          source += ` ANTI JOIN ${quoteIdentifier(dvTable)} AS "dv" ON "dv".${file} = "d"."file_index" AND "dv".${row} = "d"."file_row_number"`;
        }
        return `SELECT ${columns.length === 0 ? NO_COLUMNS : columns.join(', ')} FROM ${source}`;
      });
      return selects.join('\nUNION ALL\n');
    };
    const sql = probe || hasDv ? await session.withConnection(build) : await build(undefined);
    return { sql, release };
  } catch (e) {
    await release();
    throw e;
  }
}

/** Files one read_parquet reads together. */
interface ReadGroup {
  /** Indexes into plan.files, in the order of the read_parquet list (DuckDB's `file_index`). */
  readonly files: number[];
  /** Logical names of the `timestamp` columns these files store as wall clock (DuckDB's TIMESTAMP). */
  readonly wallClock: ReadonlySet<string>;
  /** Whether the files carry deletion vectors, whose rows the group anti-joins. */
  readonly deletes: boolean;
  /** Whether the files store every wanted column as the table types it: read without the log's schema. */
  readonly plain: boolean;
}

/**
 * Footers a scan reads of files it has not seen (a few tens of microseconds each): enough for the tables
 * of a star schema at first use; a scan of more unknown files keeps the log's schema until it knows them.
 */
const FOOTER_READS_PER_SCAN = 64;

/**
 * The files' row count from their statistics (`numRecords`), undefined unless every file has one. A read
 * with an explicit schema opens no file when it is bound, so DuckDB would otherwise guess the size of the
 * scan, and join order follows that guess. Read with a regular expression: the rest of the stats is not
 * needed here, and parsing it for every file of a large table would cost more than the guess saves.
 */
function recordCount(files: readonly ScanFile[]): number | undefined {
  let total = 0;
  for (const f of files) {
    const m = f.add.stats ? /"numRecords"\s*:\s*(\d+)/.exec(f.add.stats) : null;
    if (!m) return undefined;
    total += Number(m[1]);
  }
  return total;
}

/**
 * The `_metadata` struct of a group's rows: per-file constants from the log (the add action's path, size
 * and modification time) and DuckDB's `file_row_number`, the row's physical position in its file (which a
 * deletion vector does not shift). Splits are whole files, so a block starts at 0 and spans the file.
 */
function fileMetadataSql(
  store: ObjectStore,
  files: readonly ScanFile[],
  perFile: (value: (i: number) => string) => string,
  rowIds: RowTrackingSql | undefined,
): string {
  const path = perFile((i) => quoteString(fileUriOf(store, files[i]!)));
  const name = perFile((i) => quoteString(files[i]!.location.slice(files[i]!.location.lastIndexOf('/') + 1)));
  const size = perFile((i) => `CAST(${files[i]!.add.size} AS BIGINT)`);
  const modified = perFile(
    (i) => `make_timestamptz(CAST(${files[i]!.add.modificationTime} AS BIGINT) * 1000)`,
  );
  const tracking = rowIds
    ? `, row_id := ${rowIds.rowId}, base_row_id := ${rowIds.baseRowId}, default_row_commit_version := ${rowIds.defaultRowCommitVersion}, row_commit_version := ${rowIds.rowCommitVersion}`
    : '';
  return `struct_pack(file_path := ${path}, file_name := ${name}, file_size := ${size}, file_block_start := CAST(0 AS BIGINT), file_block_length := ${size}, file_modification_time := ${modified}, row_index := CAST("d"."file_row_number" AS BIGINT)${tracking})`;
}

/** The materialized row id and commit version columns as read fields (physical names, BIGINT). */
function materializedFields(materialized: MaterializedColumns): StructField[] {
  return [materialized.rowId, materialized.rowCommitVersion].map((name) => ({
    name,
    type: LongType,
    nullable: true,
    // Their names are physical already: column mapping must not look for another.
    metadata: { 'delta.columnMapping.physicalName': name },
  }));
}

interface RowTrackingSql {
  readonly rowId: string;
  readonly baseRowId: string;
  readonly defaultRowCommitVersion: string;
  readonly rowCommitVersion: string;
}

/**
 * PROTOCOL.md "Row Tracking": a row's id is its materialized row id when not null, else the file's
 * `baseRowId` plus the row's physical index (which a deletion vector does not shift); its commit version
 * the materialized one, else the file's `defaultRowCommitVersion`. `first` is the read position of the
 * materialized row id column (the commit version follows it).
 */
function rowTrackingSql(
  files: readonly ScanFile[],
  perFile: (value: (i: number) => string) => string,
  first: number,
): RowTrackingSql {
  const long = (v: number | null | undefined) => `CAST(${v ?? 'NULL'} AS BIGINT)`;
  const baseRowId = perFile((i) => long(files[i]!.add.baseRowId));
  const defaultRowCommitVersion = perFile((i) => long(files[i]!.add.defaultRowCommitVersion));
  const materializedId = `"d".${quoteIdentifier(logSchemaColumnName(first))}`;
  const materializedVersion = `"d".${quoteIdentifier(logSchemaColumnName(first + 1))}`;
  return {
    rowId: `coalesce(${materializedId}, ${baseRowId} + CAST("d"."file_row_number" AS BIGINT))`,
    baseRowId,
    defaultRowCommitVersion,
    rowCommitVersion: `coalesce(${materializedVersion}, ${defaultRowCommitVersion})`,
  };
}

/** A data file's absolute URI as Spark shows it (`file:/dir/part-….parquet`), still URL-encoded. */
function fileUriOf(store: ObjectStore, file: ScanFile): string {
  const uri = file.isAbsolute ? file.add.path : `${store.rootUrl.replace(/\/?$/, '/')}${file.add.path}`;
  return sparkFileUri(uri);
}

/**
 * A per-file value of the log as SQL over the group's read: the literal itself when every file has the
 * same (DuckDB then folds filters on it), else a constant list indexed by the row's `file_index`.
 */
function fileConstant(values: readonly string[]): string {
  if (values.every((v) => v === values[0])) return values[0]!;
  return `[${values.join(', ')}][CAST("d"."file_index" AS BIGINT) + 1]`;
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

/** No files: no rows, but the columns' names and types still stand. */
function emptySelect(
  fields: readonly StructField[],
  fileIndex: string | undefined,
  options: ScanOptions,
): string {
  const columns = fields.map((f) => `CAST(NULL AS ${toDuckDBType(f.type)}) AS ${quoteIdentifier(f.name)}`);
  if (fileIndex !== undefined) columns.push(`CAST(NULL AS INTEGER) AS ${quoteIdentifier(fileIndex)}`);
  const { rowIndexColumn, metadataColumn, rowTracking } = options;
  if (rowIndexColumn !== undefined)
    columns.push(`CAST(NULL AS BIGINT) AS ${quoteIdentifier(rowIndexColumn)}`);
  if (metadataColumn !== undefined) {
    const type = toDuckDBType(fileMetadataType(true, rowTracking !== undefined));
    columns.push(`CAST(NULL AS ${type}) AS ${quoteIdentifier(metadataColumn)}`);
  }
  for (const name of [rowTracking?.rowIdColumn, rowTracking?.rowCommitVersionColumn]) {
    if (name !== undefined) columns.push(`CAST(NULL AS BIGINT) AS ${quoteIdentifier(name)}`);
  }
  return `SELECT ${columns.length === 0 ? NO_COLUMNS : columns.join(', ')} WHERE false`;
}

/**
 * A data file the log references but storage no longer holds (a VACUUM deleted it, or it
 * was deleted by hand): Delta's DELTA_FILE_NOT_FOUND_DETAILED, naming the file. Time travel to a version
 * older than the retention a VACUUM kept is the usual way to meet it.
 */
export function missingFileError(store: ObjectStore): (e: unknown) => never {
  return (e) => {
    if (!(e instanceof ObjectNotFoundError)) throw e;
    const filePath = /^[a-z][a-z0-9+.-]*:/i.test(e.path) ? e.path : `${store.rootUrl}${e.path}`;
    throw new LakesqlError('DELTA_FILE_NOT_FOUND_DETAILED', { filePath }, { cause: e });
  };
}
