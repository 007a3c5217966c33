/**
 * Whether a data file can be read by a plain read_parquet, without the `schema = map {…}` argument that
 * makes DuckDB read it with the log's schema (scan-log-schema.ts): when every wanted column is a top-level
 * primitive the file stores under the same name with exactly the DuckDB type the table's type maps to.
 * The schema argument is what lets old files with fewer or narrower columns be read, but it costs: binding
 * its struct literals, and a cast layer over every chunk read (bench/scan.ts: a 1M-row file read about
 * 1.4x slower through it than plainly).
 *
 * Only the footer tells, and it is read here from the file's last bytes (hyparquet decodes the Thrift
 * footer) rather than by a DuckDB query, once per file: Delta never rewrites a data file in place, so the
 * answer is kept for the process by the file's location, size and time in the log (scan-log-schema.ts
 * footerKey). Types are mapped only where
 * DuckDB's reading is certain; anything else (timestamps, nested, unsigned, unknown annotations) keeps the
 * schema argument.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { parquetMetadata, type SchemaElement } from 'hyparquet';
import type { StructField } from '../types/data-types.js';
import { toDuckDBType } from './duckdb-types.js';

/** A file's top-level columns: name -> DuckDB type, or undefined where this module does not map the type. */
type FileFooter = ReadonlyMap<string, string | undefined> | 'unusable';

const FOOTERS = new Map<string, FileFooter>();
const FOOTER_FILES = 100_000;

/** DuckDB's virtual columns, which a scan reads by name: a file column so named would shadow them. */
const VIRTUAL = new Set(['filename', 'file_index', 'file_row_number']);

/**
 * Whether `fields` can be read from the file at `path` (its content named by `key`) by a plain
 * read_parquet; a footer not known yet is read while `reads.left` allows (false otherwise).
 */
export function readsPlainly(
  path: string,
  key: string,
  fields: readonly StructField[],
  reads: { left: number },
): boolean {
  let footer = FOOTERS.get(key);
  if (footer === undefined) {
    if (reads.left <= 0) return false;
    reads.left--;
    footer = footerOf(path);
    FOOTERS.set(key, footer);
    if (FOOTERS.size > FOOTER_FILES) FOOTERS.delete(FOOTERS.keys().next().value!);
  }
  if (footer === 'unusable') return false;
  for (const f of fields) {
    const type = footer.get(f.name);
    if (type === undefined || type !== toDuckDBType(f.type)) return false;
  }
  return true;
}

function footerOf(path: string): FileFooter {
  let schema: SchemaElement[];
  try {
    schema = readFooterSchema(path);
  } catch {
    return 'unusable'; // not ours to report: the read itself will say what is wrong with the file
  }
  const root = schema[0];
  const columns = new Map<string, string | undefined>();
  const lower = new Set<string>();
  let i = 1;
  for (let k = 0; k < (root?.num_children ?? 0); k++) {
    const e = schema[i];
    if (!e) return 'unusable';
    const name = e.name.toLowerCase();
    // DuckDB matches names without regard to case: two columns one name apart in case are ambiguous.
    if (lower.has(name) || VIRTUAL.has(name)) return 'unusable';
    lower.add(name);
    columns.set(e.name, e.num_children ? undefined : primitiveType(e));
    i = subtreeEnd(schema, i);
  }
  return columns;
}

function subtreeEnd(schema: readonly SchemaElement[], i: number): number {
  let next = i + 1;
  for (let k = 0; k < (schema[i]?.num_children ?? 0); k++) next = subtreeEnd(schema, next);
  return next;
}

/** The footer's schema elements, read from the file's tail: 4-byte length and `PAR1` last. */
function readFooterSchema(path: string): SchemaElement[] {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const tail = Buffer.alloc(8);
    readSync(fd, tail, 0, 8, size - 8);
    const length = tail.readUInt32LE(0);
    if (tail.toString('latin1', 4) !== 'PAR1' || length + 8 > size) throw new Error('not a Parquet file');
    const footer = Buffer.alloc(length + 8);
    readSync(fd, footer, 0, length + 8, size - length - 8);
    const buffer = footer.buffer.slice(footer.byteOffset, footer.byteOffset + footer.byteLength);
    return parquetMetadata(buffer as ArrayBuffer).schema;
  } finally {
    closeSync(fd);
  }
}

/** The DuckDB type DuckDB reads a flat column as, where that is certain; undefined otherwise. */
function primitiveType(e: SchemaElement): string | undefined {
  if (e.repetition_type === 'REPEATED') return undefined;
  const logical = e.logical_type;
  const converted = e.converted_type;
  if (converted === 'DECIMAL' || logical?.type === 'DECIMAL') {
    const precision = logical?.type === 'DECIMAL' ? logical.precision : e.precision;
    const scale = logical?.type === 'DECIMAL' ? logical.scale : (e.scale ?? 0);
    if (precision === undefined || precision > 38) return undefined;
    return `DECIMAL(${precision},${scale})`;
  }
  switch (e.type) {
    case 'BOOLEAN':
      return converted === undefined && logical === undefined ? 'BOOLEAN' : undefined;
    case 'INT32':
      if (converted === 'DATE' || logical?.type === 'DATE') return 'DATE';
      return signedInteger(e, 32);
    case 'INT64':
      return signedInteger(e, 64);
    case 'FLOAT':
      return converted === undefined && logical === undefined ? 'FLOAT' : undefined;
    case 'DOUBLE':
      return converted === undefined && logical === undefined ? 'DOUBLE' : undefined;
    case 'BYTE_ARRAY':
      if (converted === 'UTF8' || logical?.type === 'STRING') return 'VARCHAR';
      return converted === undefined && logical === undefined ? 'BLOB' : undefined;
    default:
      return undefined;
  }
}

const INTEGER_TYPES: Record<number, string> = { 8: 'TINYINT', 16: 'SMALLINT', 32: 'INTEGER', 64: 'BIGINT' };
const CONVERTED_WIDTH: Record<string, number> = { INT_8: 8, INT_16: 16, INT_32: 32, INT_64: 64 };

/** A signed integer column: plain, or annotated as a signed integer no wider than its physical type. */
function signedInteger(e: SchemaElement, physical: 32 | 64): string | undefined {
  const logical = e.logical_type;
  if (logical !== undefined) {
    if (logical.type !== 'INTEGER' || !logical.isSigned || logical.bitWidth > physical) return undefined;
    return INTEGER_TYPES[logical.bitWidth];
  }
  if (e.converted_type === undefined) return INTEGER_TYPES[physical];
  const width = CONVERTED_WIDTH[e.converted_type];
  return width === undefined || width > physical ? undefined : INTEGER_TYPES[width];
}
