/**
 * The canonical value encoding of the conformance data (README "Expected result formats", table of
 * encodings), produced by DuckDB itself so expected parquet and actual rows go through one function.
 *
 * Every value is first CAST to the DuckDB type of its Delta type (so an INT96 timestamp, read by DuckDB
 * as TIMESTAMP, becomes the instant it holds), then turned into a JSON value:
 * long and decimal as strings, float/double as numbers with non-finite values as strings, binary in
 * DuckDB's blob text, timestamps as UTC `…+00` text, maps as `[{key, value}]`. The session time zone
 * must be UTC (`SET TimeZone='UTC'`), which `prepareConnection` does.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  assertNever,
  type DataType,
  type PrimitiveTypeName,
  type StructType,
} from '../../types/data-types.js';

/** One row as a JSON array in schema order, values in the canonical encoding. */
export type EncodedRow = unknown[];

/**
 * An encoded row, either parsed or still as the JSON text DuckDB produced: rows straight from DuckDB stay
 * text so a million-row comparison can match equal rows on their text without parsing them.
 */
export type RowData = EncodedRow | string;

export function parseRow(r: RowData): EncodedRow {
  return typeof r === 'string' ? (JSON.parse(r) as EncodedRow) : r;
}

export async function prepareConnection(connection: DuckDBConnection): Promise<void> {
  await connection.run(`SET TimeZone='UTC'`);
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function quoteString(s: string): string {
  return `'${s.replaceAll("'", "''")}'`;
}

/** A SQL query with one VARCHAR column `row`: each row of `sql` as a JSON array in `schema` order. */
export function encodedRowsSql(sql: string, schema: StructType): string {
  const values = schema.fields.map((f) => encodeValueSql(`"__t".${quoteIdent(f.name)}`, f.type, 0));
  // list_value of JSON values serializes each one raw: a JSON array of the encoded values.
  return `SELECT CAST(to_json(list_value(${values.join(', ')})) AS VARCHAR) AS "row" FROM (${sql}) AS "__t"`;
}

/** Runs `sql` and returns its rows in the canonical encoding, as JSON text. */
export async function readEncodedRows(
  connection: DuckDBConnection,
  sql: string,
  schema: StructType,
): Promise<string[]> {
  if (schema.fields.length === 0) {
    const count = await connection.runAndReadAll(`SELECT count(*) AS n FROM (${sql})`);
    return Array.from({ length: Number(count.getColumnsJS()[0]?.[0] ?? 0) }, () => '[]');
  }
  const reader = await connection.runAndReadAll(encodedRowsSql(sql, schema));
  return (reader.getColumns()[0] ?? []).map((text) => String(text));
}

/**
 * A SQL expression of DuckDB type JSON encoding `expr` (of Delta type `t`). `depth` names lambda
 * parameters uniquely when arrays and maps nest.
 */
export function encodeValueSql(expr: string, t: DataType, depth: number): string {
  switch (t.kind) {
    case 'primitive':
      return encodePrimitiveSql(expr, t.name);
    case 'decimal':
      // DuckDB prints a DECIMAL(p,s) with exactly s fraction digits, as the README requires.
      return `to_json(CAST(CAST(${expr} AS DECIMAL(${Math.max(t.precision, 1)},${t.scale})) AS VARCHAR))`;
    case 'array': {
      const x = `__e${depth}`;
      return `to_json(list_transform(${expr}, ${x} -> ${encodeValueSql(x, t.elementType, depth + 1)}))`;
    }
    case 'map': {
      const x = `__m${depth}`;
      const key = encodeValueSql(`${x}.key`, t.keyType, depth + 1);
      const value = encodeValueSql(`${x}.value`, t.valueType, depth + 1);
      return `to_json(list_transform(map_entries(${expr}), ${x} -> struct_pack("key" := ${key}, "value" := ${value})))`;
    }
    case 'struct': {
      const fields = t.fields.map(
        (f) =>
          `${quoteIdent(f.name)} := ${encodeValueSql(`struct_extract(${expr}, ${quoteString(f.name)})`, f.type, depth + 1)}`,
      );
      // struct_pack of NULL fields is not NULL: keep a NULL struct NULL.
      return `(CASE WHEN (${expr}) IS NULL THEN NULL ELSE to_json(struct_pack(${fields.join(', ')})) END)`;
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

function encodePrimitiveSql(expr: string, name: PrimitiveTypeName): string {
  switch (name) {
    case 'boolean':
      return `to_json(CAST(${expr} AS BOOLEAN))`;
    case 'byte':
      return `to_json(CAST(${expr} AS TINYINT))`;
    case 'short':
      return `to_json(CAST(${expr} AS SMALLINT))`;
    case 'integer':
      return `to_json(CAST(${expr} AS INTEGER))`;
    case 'long':
      return `to_json(CAST(CAST(${expr} AS BIGINT) AS VARCHAR))`;
    case 'float':
      // Widened to double, as Spark prints a float read back: 3.4f is 3.4000000953674316.
      return encodeFloatingSql(`CAST(CAST(${expr} AS FLOAT) AS DOUBLE)`);
    case 'double':
      return encodeFloatingSql(`CAST(${expr} AS DOUBLE)`);
    case 'string':
      return `to_json(CAST(${expr} AS VARCHAR))`;
    case 'binary':
      return `to_json(CAST(CAST(${expr} AS BLOB) AS VARCHAR))`;
    case 'date':
      return `to_json(CAST(CAST(${expr} AS DATE) AS VARCHAR))`;
    case 'timestamp':
      return `to_json(CAST(CAST(${expr} AS TIMESTAMPTZ) AS VARCHAR))`;
    case 'timestamp_ntz':
      return `to_json(CAST(CAST(${expr} AS TIMESTAMP) AS VARCHAR))`;
    default:
      throw new Error(`no canonical encoding for Delta type ${name}`);
  }
}

/** JSON has no NaN or Infinity: the README writes them as the strings "NaN", "Infinity", "-Infinity". */
function encodeFloatingSql(v: string): string {
  return (
    `(CASE WHEN ${v} IS NULL THEN NULL WHEN isnan(${v}) THEN '"NaN"'::JSON ` +
    `WHEN ${v} = 'Infinity'::DOUBLE THEN '"Infinity"'::JSON ` +
    `WHEN ${v} = '-Infinity'::DOUBLE THEN '"-Infinity"'::JSON ELSE to_json(${v}) END)`
  );
}
