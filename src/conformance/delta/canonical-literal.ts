/**
 * The inverse of value-encoding.ts: a canonical JSON value back to a typed DuckDB literal. The stand-in
 * readers use it to serve expected.json rows as SQL, and the tests use it to prove the encoding round-trips.
 */
import { assertNever, type DataType, type StructType } from '../../types/data-types.js';
import { type EncodedRow, quoteIdent, quoteString } from './value-encoding.js';

export function duckdbTypeName(t: DataType): string {
  switch (t.kind) {
    case 'primitive':
      switch (t.name) {
        case 'boolean':
          return 'BOOLEAN';
        case 'byte':
          return 'TINYINT';
        case 'short':
          return 'SMALLINT';
        case 'integer':
          return 'INTEGER';
        case 'long':
          return 'BIGINT';
        case 'float':
          return 'FLOAT';
        case 'double':
          return 'DOUBLE';
        case 'string':
          return 'VARCHAR';
        case 'binary':
          return 'BLOB';
        case 'date':
          return 'DATE';
        case 'timestamp':
          return 'TIMESTAMPTZ';
        case 'timestamp_ntz':
          return 'TIMESTAMP';
        default:
          throw new Error(`no DuckDB type for Delta type ${t.name}`);
      }
    case 'decimal':
      return `DECIMAL(${Math.max(t.precision, 1)},${t.scale})`;
    case 'array':
      return `${duckdbTypeName(t.elementType)}[]`;
    case 'map':
      return `MAP(${duckdbTypeName(t.keyType)}, ${duckdbTypeName(t.valueType)})`;
    case 'struct':
      return `STRUCT(${t.fields.map((f) => `${quoteIdent(f.name)} ${duckdbTypeName(f.type)}`).join(', ')})`;
    case 'char':
    case 'varchar':
    case 'yearMonthInterval':
    case 'dayTimeInterval':
    case 'calendarInterval':
      throw new Error(`no conformance encoding for ${t.kind}`);
    default:
      return assertNever(t);
  }
}

/** A SQL expression of the DuckDB type of `t` whose canonical encoding is `v`. */
export function canonicalLiteral(v: unknown, t: DataType): string {
  const type = duckdbTypeName(t);
  if (v === null || v === undefined) return `CAST(NULL AS ${type})`;
  switch (t.kind) {
    case 'primitive':
      // Every primitive's canonical form is JSON text DuckDB can cast back: numbers, "NaN", "\x01" blobs,
      // "…+00" timestamps, dates.
      return `CAST(${quoteString(String(v))} AS ${type})`;
    case 'decimal':
      return `CAST(${quoteString(String(v))} AS ${type})`;
    case 'array':
      return `CAST([${(v as unknown[]).map((e) => canonicalLiteral(e, t.elementType)).join(', ')}] AS ${type})`;
    case 'map': {
      const entries = v as { key: unknown; value: unknown }[];
      const keys = entries.map((e) => canonicalLiteral(e.key, t.keyType)).join(', ');
      const values = entries.map((e) => canonicalLiteral(e.value, t.valueType)).join(', ');
      return `CAST(MAP([${keys}], [${values}]) AS ${type})`;
    }
    case 'struct': {
      const o = v as Record<string, unknown>;
      const fields = t.fields.map(
        (f) => `${quoteIdent(f.name)} := ${canonicalLiteral(o[f.name] ?? null, f.type)}`,
      );
      return `CAST(struct_pack(${fields.join(', ')}) AS ${type})`;
    }
    case 'char':
    case 'varchar':
    case 'yearMonthInterval':
    case 'dayTimeInterval':
    case 'calendarInterval':
      throw new Error(`no conformance encoding for ${t.kind}`);
    default:
      return assertNever(t);
  }
}

/** A query producing `rows` (canonical encoding, schema order) as typed columns named by `schema`. */
export function canonicalRowsSql(schema: StructType, rows: readonly EncodedRow[]): string {
  const columns = schema.fields.map((f) => quoteIdent(f.name));
  if (rows.length === 0) {
    const nulls = schema.fields.map((f, i) => `${canonicalLiteral(null, f.type)} AS ${columns[i]}`);
    return `SELECT ${nulls.join(', ') || '1 AS "__none"'} WHERE false`;
  }
  const tuples = rows.map(
    (r) => `(${schema.fields.map((f, i) => canonicalLiteral(r[i], f.type)).join(', ')})`,
  );
  return `SELECT * FROM (VALUES ${tuples.join(', ')}) AS "__v"(${columns.join(', ')})`;
}
