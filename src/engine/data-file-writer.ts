import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { STAGING_FOLDER_PREFIX } from '../delta/abandoned-temp-files.js';
import type { AddFile } from '../delta/actions.js';
import { type ColumnMappingMode, fieldId, physicalName, toPhysicalSchema } from '../delta/column-mapping.js';
import { encodeAddPath, partitionDirectory, serializePartitionValue } from '../delta/partition-values.js';
import { serializeStats } from '../delta/stats.js';
import { DEFAULT_TARGET_FILE_SIZE } from '../delta/table-properties.js';
import { LakesqlError } from '../errors/index.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { DataType, StructField, StructType } from '../types/data-types.js';
import { type DuckDBColumnStatistics, deltaFileStats } from './data-file-stats.js';
import { toDuckDBType } from './duckdb-types.js';
import type { EngineSession } from './engine-session.js';
import { renameNestedFields } from './logical-projection.js';
import { parsePartitionKeyText, partitionKeyTextExpression } from './partition-key-text.js';
import { quoteIdentifier, quoteString } from './sql-text.js';
import { ScratchFolder } from './temp-files.js';
import { isVariantType, refuseNestedVariants, variantToFileSql } from './variant-columns.js';

export interface WriteDataFilesRequest {
  /**
   * A DuckDB SELECT whose columns are the table's logical columns, by name. It runs on a connection of its
   * own, so it may use the session's tables, views and ScanRelations, but not another connection's TEMP tables.
   */
  readonly sourceSql: string;
  /** The table's logical schema, partition columns included. */
  readonly schema: StructType;
  readonly partitionColumns: readonly string[];
  readonly columnMappingMode: ColumnMappingMode;
  /** delta.dataSkippingNumIndexedCols: statistics for this many leaf columns (-1: all). Default 32. */
  readonly numIndexedCols?: number;
  /**
   * Split the output into files of about this size (default DEFAULT_TARGET_FILE_SIZE, 128 MB): a file passes
   * it by at most one Parquet row group, since DuckDB checks the size after each row group it writes.
   */
  readonly targetFileSizeBytes?: number;
  /** Spark's maxRecordsPerFile: at most this many rows per file (0 or less, or absent: no limit). */
  readonly maxRecordsPerFile?: number;
  /**
   * Delta's optimized write: the rows are grouped by partition before the partitioned COPY (one machine's
   * stand-in for Delta's shuffle by partition), so that each partition is written whole, in files of the
   * target size, instead of the fragments DuckDB leaves when a write spans more partitions than it keeps
   * files open for (its partitioned_write_max_open_files) or flushes partitions between row groups.
   */
  readonly optimizedWrite?: boolean;
  /** Default snappy, as Spark writes. */
  readonly compression?: 'snappy' | 'zstd';
  /**
   * Change data files (PROTOCOL.md "Change Data Files"): under `_change_data/<partition dir>/`, named
   * `cdc-<n>-<uuid>.c000.<codec>.parquet` as Delta's DelayedCommitProtocol names them; the schema then
   * includes the `_change_type` column.
   */
  readonly changeData?: boolean;
  /**
   * Columns of the source written after the data columns under their own names, outside the table's
   * schema and without statistics: row tracking's materialized row id and commit version columns
   * (delta/row-tracking.ts), through which rewritten rows keep their identity.
   */
  readonly materializedColumns?: readonly string[];
}

const PARTITION_KEY_PREFIX = '__lakesql_pk';
/** The number of a row's file within its partition, under maxRecordsPerFile: a partition key DuckDB splits by. */
const FILE_NUMBER_KEY = '__lakesql_file';

/** DuckDB's ROW_GROUP_SIZE default: the rows of one Parquet row group COPY writes. */
const DEFAULT_ROW_GROUP_ROWS = 122_880;
/** DuckDB's vector: row groups hold a multiple of it (a smaller ROW_GROUP_SIZE rounds up to it). */
const VECTOR_ROWS = 2048;

/** Targets from this size up keep DuckDB's row groups; below it, row groups shrink in proportion. */
const FULL_ROW_GROUP_TARGET = 32 * 1024 * 1024;

/**
 * Rows per row group for a target size. DuckDB rotates files between row groups, so a file passes its
 * target by up to one row group (a few MB at DuckDB's default for rows of tens of bytes): small targets
 * get proportionally smaller row groups, at least one vector, so that the overshoot stays a fraction of
 * the target; large targets keep the default, whose row groups compress best.
 */
function rowGroupRows(targetFileSizeBytes: number): number {
  const scaled = Math.round((DEFAULT_ROW_GROUP_ROWS * targetFileSizeBytes) / FULL_ROW_GROUP_TARGET);
  return Math.min(DEFAULT_ROW_GROUP_ROWS, Math.max(VECTOR_ROWS, scaled));
}

/** One file COPY … RETURN_STATS reports. */
interface WrittenFile {
  readonly filename: string;
  readonly count: number;
  readonly fileSizeBytes: number;
  readonly partitionKeys: ReadonlyMap<string, string | null>;
  readonly columnStatistics: unknown;
}

/**
 * Writes the rows of `sourceSql` as Parquet data files of a Delta table and returns their add actions
 * (PROTOCOL.md "Add File and Remove File", "Per-file Statistics", "Column Mapping").
 *
 * One COPY writes everything into a staging folder: partitioned by each partition column's exact text
 * (see partition-key-text.ts), so that DuckDB reports every file's partition values, whose directory is
 * then named with Spark's escaping (DuckDB's own Hive escaping differs, e.g. for spaces; see
 * dataFileDirectory for column mapping). Files then move
 * to `<partition dir>/part-<n>-<uuid>-c000.<codec>.parquet`. Partition columns are not in the files; data
 * columns carry physical names (and field ids in `id` mode); timestamps are INT64 micros, never INT96.
 * No rows, no files.
 *
 * Sizing (Delta's delta.targetFileSize, Spark's maxRecordsPerFile): an unpartitioned write without a row
 * limit is one COPY with FILE_SIZE_BYTES, which keeps DuckDB's parallel writer. DuckDB refuses
 * FILE_SIZE_BYTES with PARTITION_BY, so a partitioned write (or one with a row limit, whose file number
 * `(row_number() - 1) // maxRecordsPerFile` becomes one more partition key) is one partitioned COPY, then
 * only its files over the target are split again by a COPY with FILE_SIZE_BYTES: a second pass over the
 * rows of partitions larger than the target, none for the rest.
 */
export async function writeDataFiles(
  session: EngineSession,
  store: ObjectStore,
  request: WriteDataFilesRequest,
): Promise<AddFile[]> {
  const mode = request.columnMappingMode;
  const compression = request.compression ?? 'snappy';
  const partitionFields = request.partitionColumns.map((name) => findField(request.schema, name));
  const dataFields = request.schema.fields.filter((f) => !partitionFields.includes(f));
  if (dataFields.length === 0) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: 'a table whose every column is a partition column',
    });
  }
  refuseNestedVariants(request.schema.fields);
  const physicalData = toPhysicalSchema({ kind: 'struct', fields: dataFields }, mode);

  const stagingKey = `${STAGING_FOLDER_PREFIX}${randomUUID()}`;
  const localStaging = store.localPath(stagingKey);
  const scratch = new ScratchFolder();
  const staging = localStaging ?? path.dirname(await scratch.file(''));
  const stagingDir = localStaging ?? path.join(staging, stagingKey);
  // DuckDB creates the staging folder itself but not its parents: a new table's folder may not exist yet.
  await fs.mkdir(path.dirname(stagingDir), { recursive: true });
  try {
    const target = Math.max(1, Math.floor(request.targetFileSizeBytes ?? DEFAULT_TARGET_FILE_SIZE));
    const maxRecords = Math.floor(request.maxRecordsPerFile ?? 0);
    const keys = partitionFields.map((_, i) => quoteIdentifier(`${PARTITION_KEY_PREFIX}${i}`));
    const columns = [
      ...dataFields.map(
        (f) => `${physicalColumnExpression(f, mode)} AS ${quoteIdentifier(physicalName(f, mode))}`,
      ),
      ...(request.materializedColumns ?? []).map(
        (name) => `CAST("src".${quoteIdentifier(name)} AS BIGINT) AS ${quoteIdentifier(name)}`,
      ),
      ...partitionFields.map(
        (f, i) => `${partitionKeyTextExpression(`"src".${quoteIdentifier(f.name)}`, f.type)} AS ${keys[i]}`,
      ),
    ];
    const grouped = request.optimizedWrite === true && keys.length > 0 ? ` ORDER BY ${keys.join(', ')}` : '';
    let rows = `SELECT ${columns.join(', ')} FROM (${request.sourceSql}) AS "src"${grouped}`;
    if (maxRecords > 0) {
      const over = keys.length > 0 ? `PARTITION BY ${keys.join(', ')}` : '';
      rows = `SELECT *, (row_number() OVER (${over}) - 1) // ${maxRecords} AS ${quoteIdentifier(FILE_NUMBER_KEY)} FROM (${rows}) AS "rows"`;
      keys.push(quoteIdentifier(FILE_NUMBER_KEY));
    }
    const groupRows = rowGroupRows(target);
    const fileOptions = [
      `FORMAT parquet`,
      `COMPRESSION ${compression}`,
      `ROW_GROUP_SIZE ${groupRows}`,
      'RETURN_STATS true',
    ];
    if (mode === 'id') fileOptions.push(`FIELD_IDS ${fieldIdsLiteral(dataFields, mode)}`);
    const sized = [...fileOptions, `FILE_SIZE_BYTES ${target}`, `FILENAME_PATTERN 'data_{uuid}'`];
    const copyTo = async (sql: string, to: string, options: readonly string[]): Promise<WrittenFile[]> =>
      writtenFiles(
        await session.withConnection(async (c) =>
          (
            await c.runAndReadAll(`COPY (${sql}) TO ${quoteString(to)} (${options.join(', ')})`)
          ).getRowObjectsJson(),
        ),
      );

    let written: WrittenFile[];
    if (keys.length === 0) {
      written = await copyTo(rows, stagingDir, sized);
    } else {
      const partitioned = await copyTo(rows, stagingDir, [
        ...fileOptions,
        `PARTITION_BY (${keys.join(', ')})`,
        'WRITE_PARTITION_COLUMNS false',
        `FILENAME_PATTERN 'data_{uuid}'`,
      ]);
      written = [];
      for (const [i, file] of partitioned.entries()) {
        // A file of one row group cannot be split smaller: FILE_SIZE_BYTES rotates between row groups.
        if (file.count <= groupRows || file.fileSizeBytes <= target) {
          written.push(file);
          continue;
        }
        // Over the target: its rows again, in files of the target size, with the partition it came from.
        const parts = await copyTo(
          `SELECT * FROM read_parquet(${quoteString(file.filename)}, hive_partitioning = false)`,
          path.join(stagingDir, `split_${i}`),
          sized,
        );
        written.push(...parts.map((p) => ({ ...p, partitionKeys: file.partitionKeys })));
        await fs.rm(file.filename, { force: true });
      }
    }

    const adds: AddFile[] = [];
    for (const file of written) {
      const staged = file.filename;
      const count = file.count;
      if (count === 0) continue;
      const partitionValues: Record<string, string | null> = {};
      partitionFields.forEach((f, i) => {
        const value = parsePartitionKeyText(
          file.partitionKeys.get(`${PARTITION_KEY_PREFIX}${i}`) ?? null,
          f.type,
        );
        partitionValues[physicalName(f, mode)] = serializePartitionValue(value, f.type, f.name);
      });
      const partitionDir = dataFileDirectory(partitionFields, mode, partitionValues);
      const dir = request.changeData
        ? `_change_data${partitionDir === '' ? '' : '/'}${partitionDir}`
        : partitionDir;
      const n = String(adds.length).padStart(5, '0');
      const name = request.changeData
        ? `cdc-${n}-${randomUUID()}.c000.${compression}.parquet`
        : `part-${n}-${randomUUID()}-c000.${compression}.parquet`;
      const key = dir === '' ? name : `${dir}/${name}`;
      const { size, modificationTime } = await moveIntoTable(store, staged, key);
      const stats = deltaFileStats(
        count,
        columnStatistics(file.columnStatistics),
        physicalData,
        request.numIndexedCols ?? 32,
      );
      adds.push({
        path: encodeAddPath(key),
        partitionValues,
        size,
        modificationTime,
        dataChange: true,
        stats: serializeStats(stats),
      });
    }
    return adds;
  } finally {
    await fs.rm(stagingDir, { recursive: true, force: true });
    await scratch.remove();
  }
}

/**
 * Where a data file goes: Hive-style `col=value` folders with Spark's escaping; but under column mapping,
 * where a column can be renamed and the physical names say nothing, Spark uses a random two-character
 * prefix folder instead, and so do we (readers take partition values from the log, never from the path).
 */
function dataFileDirectory(
  partitionFields: readonly StructField[],
  mode: ColumnMappingMode,
  partitionValues: Readonly<Record<string, string | null>>,
): string {
  if (partitionFields.length === 0) return '';
  if (mode !== 'none') {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    return Array.from(randomBytes(2), (b) => alphabet[b % alphabet.length]).join('');
  }
  return partitionDirectory(
    partitionFields.map((f) => f.name),
    partitionValues,
  );
}

/** The logical column cast to its table type, nested fields renamed to their physical names. */
function physicalColumnExpression(f: StructField, mode: ColumnMappingMode): string {
  const typed = `CAST("src".${quoteIdentifier(f.name)} AS ${toDuckDBType(f.type)})`;
  if (isVariantType(f.type)) return variantToFileSql(typed);
  if (mode === 'none') return typed;
  return (
    renameNestedFields(typed, f.type, { from: (x) => x.name, to: (x) => physicalName(x, mode) }, 1) ?? typed
  );
}

/** DuckDB's FIELD_IDS option: `{"col-1": 1, "col-2": {__duckdb_field_id: 2, "col-3": 3}}` (nested structs too). */
function fieldIdsLiteral(fields: readonly StructField[], mode: ColumnMappingMode): string {
  const entries = fields.flatMap((f) => {
    const id = fieldId(f);
    const nested = nestedFieldIds(f.type, mode);
    if (id === undefined && nested === undefined) return [];
    const value =
      nested === undefined
        ? String(id)
        : `{${id === undefined ? '' : `__duckdb_field_id: ${id}, `}${nested}}`;
    return [`${quoteIdentifier(physicalName(f, mode))}: ${value}`];
  });
  return `{${entries.join(', ')}}`;
}

function nestedFieldIds(t: DataType, mode: ColumnMappingMode): string | undefined {
  switch (t.kind) {
    case 'struct': {
      const inner = fieldIdsLiteral(t.fields, mode);
      return inner === '{}' ? undefined : inner.slice(1, -1);
    }
    case 'array': {
      const inner = nestedFieldIds(t.elementType, mode);
      return inner === undefined ? undefined : `element: {${inner}}`;
    }
    case 'map': {
      const value = nestedFieldIds(t.valueType, mode);
      return value === undefined ? undefined : `value: {${value}}`;
    }
    default:
      return undefined;
  }
}

/** Moves a staged file to its key in the table; returns its size and modification time (ms). */
async function moveIntoTable(
  store: ObjectStore,
  staged: string,
  key: string,
): Promise<{ size: number; modificationTime: number }> {
  const local = store.localPath(key);
  if (local !== undefined) {
    await fs.mkdir(path.dirname(local), { recursive: true });
    await fs.rename(staged, local);
    const st = await fs.stat(local);
    return { size: st.size, modificationTime: Math.floor(st.mtimeMs) };
  }
  await store.put(key, await fs.readFile(staged));
  const meta = await store.head(key);
  return { size: meta.size, modificationTime: meta.lastModified };
}

function writtenFiles(rows: Record<string, unknown>[]): WrittenFile[] {
  return rows.map((r) => ({
    filename: String(r.filename),
    count: Number(r.count),
    fileSizeBytes: Number(r.file_size_bytes),
    partitionKeys: new Map(
      ((r.partition_keys ?? []) as { key: string; value: string | null }[]).map((e) => [e.key, e.value]),
    ),
    columnStatistics: r.column_statistics,
  }));
}

function columnStatistics(raw: unknown): DuckDBColumnStatistics {
  const entries = (raw ?? []) as { key: string; value: { key: string; value: string }[] }[];
  return new Map(entries.map((e) => [e.key, new Map(e.value.map((s) => [s.key, String(s.value)]))]));
}

function findField(schema: StructType, name: string): StructField {
  const f =
    schema.fields.find((x) => x.name === name) ??
    schema.fields.find((x) => x.name.toLowerCase() === name.toLowerCase());
  if (!f) {
    throw new LakesqlError('DELTA_INVALID_SCHEMA', {
      reason: `partition column ${name} is not a top-level column`,
    });
  }
  return f;
}
