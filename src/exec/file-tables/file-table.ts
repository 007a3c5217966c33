/**
 * Catalog tables `USING csv | json | text | parquet`: Spark's datasource tables, a folder of files in one
 * row format whose schema, OPTIONS and partition columns the catalog entry holds (for these providers the
 * entry is the truth, not the files). Reads list the folder as Spark's InMemoryFileIndex does and apply the
 * table's OPTIONS (`header`, `sep`, …); writes lay files out as Spark's FileFormatWriter does, Hive folders
 * for the partition columns. Unlike Delta there is no log, so nothing is atomic across files, as in Spark.
 */

import type { CatalogDataTable, TableBucketSpec } from '../../catalog/catalog-types.js';
import { deleteAbandonedTempFiles } from '../../delta/abandoned-temp-files.js';
import { toDuckDBType } from '../../engine/duckdb-types.js';
import type { EngineSession } from '../../engine/engine-session.js';
import { fileRowsSql } from '../../engine/file-readers/file-rows-sql.js';
import { type FileReadSql, readFilesSql } from '../../engine/file-readers/read-files.js';
import { writeFiles } from '../../engine/file-writers/write-files.js';
import { LakesqlError } from '../../errors/index.js';
import { DataSourceOptions } from '../../formats/data-source-options.js';
import { assertCsvWritable } from '../../formats/writers/csv-writer.js';
import { assertJsonWritable } from '../../formats/writers/json-writer.js';
import {
  outputCodec,
  SUCCESS_MARKER,
  type WriteFileFormat,
  writeFileFormat,
} from '../../formats/writers/output-layout.js';
import { assertTextWritable } from '../../formats/writers/text-writer.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { type StructType, struct } from '../../types/data-types.js';
import { METADATA_COLUMN } from '../../types/file-metadata.js';
import { quoteColumn } from '../query/expression-sql.js';
import { assertNotBucketed } from './bucket-spec.js';
import { type FileReadContext, sessionReadSettings } from './file-path-table.js';

export interface FileTable {
  readonly format: WriteFileFormat;
  /** The table's OPTIONS (…), used by every read and write. */
  readonly options: DataSourceOptions;
  /** A URL or local path, as the catalog holds it. */
  readonly location: string;
  /** Data columns first, partition columns last (Spark's order for datasource tables). */
  readonly schema: StructType;
  readonly partitionColumns: readonly string[];
  readonly bucketSpec?: TableBucketSpec;
}

/** The providers lakesql keeps as file tables. */
export function isFileTableProvider(provider: string): boolean {
  const p = provider.toLowerCase();
  return p === 'csv' || p === 'json' || p === 'text' || p === 'parquet' || p === 'orc';
}

export function fileTableOf(entry: CatalogDataTable): FileTable {
  if (!isFileTableProvider(entry.provider) || !entry.schema) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `${entry.provider} tables (issue 5)` });
  }
  return {
    format: writeFileFormat(entry.provider),
    options: DataSourceOptions.from(entry.options),
    location: entry.location,
    schema: entry.schema,
    partitionColumns: entry.partitionColumns,
    ...(entry.bucketSpec ? { bucketSpec: entry.bucketSpec } : {}),
  };
}

/** The class names Spark's format-mismatch message shows (getSimpleName of the provider class). */
export const PROVIDER_CLASS: Readonly<Record<string, string>> = {
  delta: 'DeltaDataSource',
  csv: 'CSVFileFormat',
  json: 'JsonFileFormat',
  text: 'TextFileFormat',
  parquet: 'ParquetFileFormat',
  orc: 'OrcFileFormat',
};

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The columns stored in the files: every column but the partition columns (those are folder names). */
export function dataSchemaOf(schema: StructType, partitionColumns: readonly string[]): StructType {
  return struct(schema.fields.filter((f) => !partitionColumns.some((p) => sameName(p, f.name))));
}

/**
 * Spark's PreprocessTableCreation puts the partition columns after the data columns, in PARTITIONED BY
 * order; CatalogUtils.normalizePartCols fails on a partition column the schema lacks.
 */
export function withPartitionsLast(
  schema: StructType,
  partitionColumns: readonly string[],
  tableName: string,
): StructType {
  const parts = partitionColumns.map((p) => {
    const f = schema.fields.find((x) => sameName(x.name, p));
    if (!f) {
      throw new LakesqlError('COLUMN_NOT_DEFINED_IN_TABLE', {
        colType: 'partition',
        colName: `\`${p}\``,
        tableName,
        tableCols: schema.fields.map((x) => `\`${x.name}\``).join(', '),
      });
    }
    return f;
  });
  return struct([...dataSchemaOf(schema, partitionColumns).fields, ...parts]);
}

/** DataSourceUtils.verifySchema: the format must be able to hold every data column (checked at CREATE). */
export function assertFormatHolds(format: WriteFileFormat, dataSchema: StructType): void {
  switch (format) {
    case 'csv':
      assertCsvWritable(dataSchema);
      break;
    case 'json':
      assertJsonWritable(dataSchema);
      break;
    case 'text':
      assertTextWritable(dataSchema);
      break;
    case 'parquet':
    case 'orc':
      break;
    default: {
      const never: never = format;
      throw new Error(`unknown format ${String(never)}`);
    }
  }
}

/**
 * The table's rows with exactly its schema. The catalog schema is handed to the reader as the user schema;
 * a missing or empty folder reads as zero rows, because Spark's file index ignores a missing root path of a
 * table (HadoopFSUtils.listLeafFiles: `FileNotFoundException if isRootPath`).
 */
export async function readFileTable(ctx: FileReadContext, table: FileTable): Promise<FileReadSql> {
  let read: FileReadSql;
  try {
    read = await readFilesSql(ctx.engine, {
      format: table.format,
      paths: [table.location],
      options: table.options,
      schema: table.schema,
      ...sessionReadSettings(ctx),
    });
  } catch (e) {
    if (e instanceof LakesqlError && e.errorClass === 'PATH_NOT_FOUND') {
      return { sql: fileRowsSql({ schema: table.schema, rows: [] }), schema: table.schema };
    }
    throw e;
  }
  // By name onto the table's columns; the text source names its one column `value`, so it goes by position.
  const dataCount = table.schema.fields.length - table.partitionColumns.length;
  const list = table.schema.fields.map((f, i) => {
    const found =
      read.schema.fields.find((r) => sameName(r.name, f.name)) ??
      (table.format === 'text' && i < dataCount ? read.schema.fields[i] : undefined);
    const source = found ? `t.${quoteColumn(found.name)}` : 'NULL';
    return `CAST(${source} AS ${toDuckDBType(f.type)}) AS ${quoteColumn(f.name)}`;
  });
  const metadata = read.metadata && {
    sql: `SELECT ${list.join(', ')}, t.${quoteColumn(METADATA_COLUMN)} FROM (${read.metadata.sql}) AS t`,
    withRowIndex: read.metadata.withRowIndex,
  };
  return {
    sql: `SELECT ${list.join(', ')} FROM (${read.sql}) AS t`,
    schema: table.schema,
    ...(read.release ? { release: read.release } : {}),
    ...(read.pushFilters ? { pushFilters: read.pushFilters } : {}),
    ...(metadata ? { metadata } : {}),
  };
}

/** What an INSERT OVERWRITE replaces: every file, or only the partition folders the write wrote to. */
export type FileTableOverwrite = 'none' | 'all' | 'writtenPartitions';

/**
 * Writes `sourceSql` (columns named as the table's) into the table's folder with its OPTIONS (codec, `sep`,
 * …) and partition folders. The new files land first and the replaced ones are deleted after, so a failed
 * write leaves the table as it was. Returns the number of rows written. A file table has no checkpoints, so
 * its writes are what clean up the temp files and staging folders of writers killed in flight (older than
 * a day: delta/abandoned-temp-files.ts).
 */
export async function writeFileTable(
  engine: EngineSession,
  table: FileTable,
  sourceSql: string,
  overwrite: FileTableOverwrite,
  timeZone: string,
): Promise<number> {
  assertNotBucketed(table.bucketSpec);
  const store = storeForUrl(table.location);
  await deleteAbandonedTempFiles(store, Date.now());
  const before = overwrite === 'none' ? [] : (await store.list('')).map((m) => m.path);
  const result = await writeFiles(engine, store, {
    sourceSql,
    schema: table.schema,
    codec: outputCodec(table.format, table.options),
    options: table.options,
    partitionBy: table.partitionColumns,
    mode: 'append',
    timeZone,
  });
  const written = new Set(result.files.map((f) => f.key));
  const writtenDirs = new Set(result.files.map((f) => folderOf(f.key)));
  for (const key of before) {
    if (key === SUCCESS_MARKER || written.has(key)) continue;
    if (overwrite === 'writtenPartitions' && !writtenDirs.has(folderOf(key))) continue;
    await store.delete(key);
  }
  return result.files.reduce((n, f) => n + f.numRows, 0);
}

function folderOf(key: string): string {
  const cut = key.lastIndexOf('/');
  return cut < 0 ? '' : key.slice(0, cut);
}
