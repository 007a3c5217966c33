import type { DuckDBConnection } from '@duckdb/node-api';
import { type ColumnMappingMode, fieldId, physicalName, toPhysicalSchema } from '../delta/column-mapping.js';
import type { DataType, StructField } from '../types/data-types.js';
import { toDuckDBType } from './duckdb-types.js';
import { findFileColumn, renameNestedFields } from './logical-projection.js';
import { type FileColumn, groupByFileSchema } from './scan-file-layout.js';
import { quoteIdentifier, quoteString } from './sql-text.js';
import { isVariantType, VARIANT_FILE_TYPE, variantFromFileSql } from './variant-columns.js';

/**
 * Reading data files with the schema the Delta log already knows, so that no file's footer is probed
 * before the query: read_parquet's `schema` parameter names every wanted column with its physical type.
 * DuckDB then matches each file's columns to it (by Parquet field id in column mapping `id` mode, by
 * name, case-insensitively as Spark does, otherwise), casts narrower types written before a type widening,
 * fills columns and struct fields a file lacks with NULL, and drops the ones the table no longer has
 * (PROTOCOL.md "Column Mapping", "Type Widening"). The reader sees a plain column, so a WHERE above the scan
 * becomes a table filter that prunes row groups by their statistics. Output columns are named `c<i>`, so
 * DuckDB's virtual columns (`filename`, `file_index`, `file_row_number`) never clash with a table column.
 */

/** The top-level `timestamp` columns among `fields`: how a file stores them decides how to read them. */
export function timestampColumns(fields: readonly StructField[]): StructField[] {
  return fields.filter((f) => f.type.kind === 'primitive' && f.type.name === 'timestamp');
}

/**
 * For each file, the logical names of its `timestamp` columns stored as a wall clock: INT96, or a Parquet
 * timestamp not adjusted to UTC, which DuckDB reads as TIMESTAMP. Delta reads that wall clock as UTC, but
 * DuckDB's cast to TIMESTAMPTZ would go through the session time zone, so those files are read as
 * TIMESTAMP and converted with timezone('UTC', …). Only the footers tell, hence this probe, of the files
 * not probed before: `keys[i]` names `paths[i]`'s content (FOOTER_CACHE).
 */
export async function timestampEncodings(
  c: DuckDBConnection,
  paths: readonly string[],
  keys: readonly string[],
  fields: readonly StructField[],
  mode: ColumnMappingMode,
): Promise<Set<string>[]> {
  const unknown = paths.filter((_, i) => !FOOTER_CACHE.has(keys[i]!));
  const probed = new Map<string, readonly FileColumn[]>();
  if (unknown.length > 0) {
    for (const g of await groupByFileSchema(c, unknown)) for (const p of g.paths) probed.set(p, g.columns);
  }
  const timestamps = timestampColumns(fields);
  return paths.map((p, i) => {
    let columns = FOOTER_CACHE.get(keys[i]!);
    if (columns === undefined) {
      columns = probed.get(p) ?? [];
      rememberFooter(keys[i]!, columns);
    }
    return new Set(
      timestamps
        .filter((f) => findFileColumn(f, mode, columns)?.duckdbType === 'TIMESTAMP')
        .map((f) => f.name),
    );
  });
}

/**
 * The top-level columns of data files already probed, by a key naming the file's content (its location,
 * size and modification time from the log: Delta never rewrites a data file in place, PROTOCOL.md "Add
 * File and Remove File"), so a table
 * with `timestamp` columns is probed once per process rather than once per query. Bounded, the first
 * remembered dropped first; files of one schema share one column list.
 */
const FOOTER_CACHE = new Map<string, readonly FileColumn[]>();
const FOOTER_CACHE_FILES = 100_000;

function rememberFooter(key: string, columns: readonly FileColumn[]): void {
  FOOTER_CACHE.set(key, columns);
  if (FOOTER_CACHE.size > FOOTER_CACHE_FILES) FOOTER_CACHE.delete(FOOTER_CACHE.keys().next().value!);
}

/** The key of a data file's content (timestampEncodings, scan-footer-match.ts): where it is, its size and time. */
export function footerKey(rootUrl: string, location: string, size: number, modificationTime: number): string {
  return `${rootUrl}\u0000${location}\u0000${size}\u0000${modificationTime}`;
}

/** The column name read_parquet gives the i-th wanted data column (unique whatever the table's names are). */
export function logSchemaColumnName(i: number): string {
  return `c${i}`;
}

/**
 * The `schema = map {…}` argument for read_parquet: key the field id (`id` mode) or the physical name,
 * value the output name `c<i>`, the physical DuckDB type (TIMESTAMP for `wallClock` columns) and NULL for
 * files without the column. With no data column at all (say, count(*)), one that no file has.
 */
export function logSchemaArgument(
  fields: readonly StructField[],
  mode: ColumnMappingMode,
  wallClock: ReadonlySet<string>,
): string {
  if (fields.length === 0) {
    return `schema = map {${quoteString(NO_COLUMN)}: {name: ${quoteString(NO_COLUMN)}, type: 'BOOLEAN', default_value: NULL}}`;
  }
  const byId = mode === 'id' && fields.every((f) => fieldId(f) !== undefined);
  const entries = fields.map((f, i) => {
    const key = byId ? String(fieldId(f)) : quoteString(physicalName(f, mode));
    const type = wallClock.has(f.name)
      ? 'TIMESTAMP'
      : isVariantType(f.type)
        ? VARIANT_FILE_TYPE
        : toDuckDBType(physicalType(f, mode));
    return `${key}: {name: ${quoteString(logSchemaColumnName(i))}, type: ${quoteString(type)}, default_value: NULL}`;
  });
  return `schema = map {${entries.join(', ')}}`;
}

/** The name of a column no data file holds, for a read that needs no column. */
const NO_COLUMN = '__lakesql_no_column';

/** The logical column from the i-th column of a read with logSchemaArgument: nested fields renamed, if any. */
export function logSchemaColumnExpression(
  field: StructField,
  i: number,
  mode: ColumnMappingMode,
  relation: string,
  wallClock: boolean,
): string {
  const ref = `${relation}.${quoteIdentifier(logSchemaColumnName(i))}`;
  if (wallClock) return `timezone('UTC', ${ref})`;
  if (isVariantType(field.type)) return variantFromFileSql(ref);
  if (mode === 'none') return ref;
  return (
    renameNestedFields(ref, field.type, { from: (f) => physicalName(f, mode), to: (f) => f.name }, 1) ?? ref
  );
}

function physicalType(field: StructField, mode: ColumnMappingMode): DataType {
  return mode === 'none'
    ? field.type
    : toPhysicalSchema({ kind: 'struct', fields: [field] }, mode).fields[0]!.type;
}
