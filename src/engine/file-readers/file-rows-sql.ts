/**
 * DuckDB SQL that yields a row-format read's rows: a VALUES list whose primitive cells are text literals
 * cast once per column outside (which keeps the text short and the casts uniform: NaN and ±Infinity,
 * bigints beyond 2^53, decimals and the session-time-zone reading of timestamp text all go through
 * DuckDB's own casts), and nested cells as typed literals.
 */
import type { FileRows } from '../../formats/file-rows.js';
import { assertNever, type DataType, type StructType } from '../../types/data-types.js';
import { taggedValue, type Value } from '../../types/value.js';
import { toDuckDBType } from '../duckdb-types.js';
import { quoteIdentifier, quoteString, unscaledToDecimalText } from '../sql-text.js';

export function fileRowsSql(rows: FileRows): string {
  const fields = rows.schema.fields;
  if (fields.length === 0) return 'SELECT 1 WHERE FALSE';
  const outer = fields
    .map((f, i) => `${outerCast(`"c${i}"`, f.type)} AS ${quoteIdentifier(f.name)}`)
    .join(', ');
  if (rows.rows.length === 0) {
    return `SELECT ${fields.map((f) => `CAST(NULL AS ${toDuckDBType(f.type)}) AS ${quoteIdentifier(f.name)}`).join(', ')} WHERE FALSE`;
  }
  const values = rows.rows
    .map((r) => `(${fields.map((f, i) => innerCell(r[i] ?? null, f.type)).join(', ')})`)
    .join(',\n');
  const names = fields.map((_, i) => `"c${i}"`).join(', ');
  return `SELECT ${outer} FROM (VALUES ${values}) AS "rows"(${names})`;
}

export function outerCast(col: string, t: DataType): string {
  if (t.kind === 'primitive' && t.name === 'date')
    return `CAST(DATE '1970-01-01' + CAST(${col} AS INTEGER) AS DATE)`;
  if (t.kind === 'primitive' && t.name === 'binary') return `CAST(${col} AS BLOB)`;
  return `CAST(${col} AS ${toDuckDBType(t)})`;
}

/** A cell of the VALUES list: text for primitives (the outer cast types it), a typed literal when nested. */
function innerCell(v: Value, t: DataType): string {
  if (t.kind === 'array' || t.kind === 'map' || t.kind === 'struct') return typedLiteral(v, t);
  if (v === null) return 'NULL';
  if (t.kind === 'primitive' && t.name === 'binary' && v instanceof Uint8Array) {
    return `from_hex(${quoteString(Buffer.from(v).toString('hex'))})`;
  }
  return quoteString(primitiveText(v, t));
}

export function primitiveText(v: Value, t: DataType): string {
  if (t.kind === 'decimal' && typeof v === 'bigint') return unscaledToDecimalText(v, t.scale);
  if (typeof v === 'number')
    return Number.isNaN(v) ? 'NaN' : v === Infinity ? 'Infinity' : v === -Infinity ? '-Infinity' : String(v);
  if (typeof v === 'string' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  throw new Error(`no text form for a ${t.kind} value`);
}

function typedLiteral(v: Value, t: DataType): string {
  const duck = toDuckDBType(t);
  if (v === null) return `CAST(NULL AS ${duck})`;
  switch (t.kind) {
    case 'array':
      return `CAST([${(v as readonly Value[]).map((e) => typedLiteral(e, t.elementType)).join(', ')}] AS ${duck})`;
    case 'struct': {
      const s = taggedValue(v);
      const fields = s?.kind === 'struct' ? s.fields : {};
      return `struct_pack(${t.fields.map((f) => `${quoteIdentifier(f.name)} := ${typedLiteral(fields[f.name] ?? null, f.type)}`).join(', ')})`;
    }
    case 'map': {
      const m = taggedValue(v);
      const entries = m?.kind === 'map' ? m.entries : [];
      if (entries.length === 0) return `CAST(MAP {} AS ${duck})`;
      return `CAST(MAP {${entries.map(([k, x]) => `${typedLiteral(k, t.keyType)}: ${typedLiteral(x, t.valueType)}`).join(', ')}} AS ${duck})`;
    }
    case 'primitive':
    case 'decimal':
    case 'char':
    case 'varchar':
      return outerCast(innerCell(v, t), t);
    case 'yearMonthInterval':
    case 'dayTimeInterval':
    case 'calendarInterval':
      throw new Error(`no file literal for ${t.kind}`);
    default:
      return assertNever(t);
  }
}

/** The column list of a schema, for the empty-read case and for callers that wrap the SQL. */
export function schemaColumns(schema: StructType): string {
  return schema.fields.map((f) => quoteIdentifier(f.name)).join(', ');
}
