/**
 * Catalog tables `USING parquet`: a folder of Parquet files with the catalog's schema (Spark's
 * datasource tables). Reads take every data file in the folder; INSERT adds files; INSERT OVERWRITE replaces
 * them. Unlike Delta there is no log, so there is no atomicity across files, as in Spark.
 */
import { writeDataFiles } from '../../../engine/data-file-writer.js';
import { toDuckDBType } from '../../../engine/duckdb-types.js';
import type { EngineSession } from '../../../engine/engine-session.js';
import { quoteString } from '../../../engine/sql-text.js';
import type { ObjectStore } from '../../../storage/object-store.js';
import type { StructType } from '../../../types/data-types.js';
import { quoteColumn } from '../../query/expression-sql.js';

/** The data files of the folder: Parquet files not hidden by a `_` or `.` name, as Spark lists them. */
export async function parquetDataFiles(store: ObjectStore): Promise<string[]> {
  const listed = await store.list('');
  return listed
    .map((m) => m.path)
    .filter(
      (p) =>
        p.endsWith('.parquet') && !p.split('/').some((part) => part.startsWith('_') || part.startsWith('.')),
    );
}

export async function parquetTableSql(store: ObjectStore, schema: StructType): Promise<string> {
  const files = await parquetDataFiles(store);
  const typed = (expr: (name: string) => string) =>
    schema.fields
      .map((f) => `CAST(${expr(f.name)} AS ${toDuckDBType(f.type)}) AS ${quoteColumn(f.name)}`)
      .join(', ');
  if (files.length === 0) return `SELECT ${typed(() => 'NULL')} WHERE FALSE`;
  const paths = files.map((f) => quoteString(store.localPath(f) ?? f)).join(', ');
  return `SELECT ${typed((n) => quoteColumn(n))} FROM read_parquet([${paths}], union_by_name = true)`;
}

export async function writeParquetTable(
  engine: EngineSession,
  store: ObjectStore,
  schema: StructType,
  sourceSql: string,
  overwrite: boolean,
): Promise<number> {
  const before = overwrite ? await parquetDataFiles(store) : [];
  const adds = await writeDataFiles(engine, store, {
    sourceSql,
    schema,
    partitionColumns: [],
    columnMappingMode: 'none',
  });
  for (const old of before) await store.delete(old);
  return adds.reduce(
    (n, a) => n + Number((JSON.parse(a.stats ?? '{}') as { numRecords?: number }).numRecords ?? 0),
    0,
  );
}
