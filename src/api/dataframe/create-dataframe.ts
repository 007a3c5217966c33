/**
 * spark.createDataFrame(rows, schema) and the rows of an executed statement as a VALUES table:
 * `SELECT * FROM VALUES (…), (…) AS t(c1, c2)`, each value a literal of its column's exact type
 * (value-literal.ts). Rows are arrays (by position) or objects (by field name, a missing key is NULL).
 * Zero rows are one row of typed NULLs filtered out by `WHERE false`, so the schema survives.
 *
 * A NULL cell is a bare NULL literal when another row gives the column its type (Spark's inline-table typing
 * widens it to that type); only an all-NULL column needs CAST(NULL AS type).
 */

import { parseSchemaDdl } from '../../plan/types/parse-data-type.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { type Frame, openFrame, queryFrame } from '../../sql/ast/frame.js';
import { emptySelect, inlineTable, literal, query } from '../../sql/ast/node-builders.js';
import {
  BinaryType,
  BooleanType,
  type DataType,
  DoubleType,
  field,
  LongType,
  type StructType as RawStructType,
  StringType,
  struct,
  TimestampType,
} from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import { jsToValue } from './js-to-value.js';
import { StructType } from './schema.js';
import { typedNull, valueLiteral } from './value-literal.js';

/** A schema as a DDL string (`'id int, name string'`), a StructType, or column names (types inferred). */
export type SchemaLike = string | StructType | RawStructType | readonly string[];

export type InputRow = readonly unknown[] | Readonly<Record<string, unknown>>;

export function createDataFrameFrame(
  rows: readonly InputRow[],
  schema: SchemaLike | undefined,
  alias: string,
): Frame {
  const resolved = resolveSchema(rows, schema);
  const values = rows.map((row) =>
    resolved.fields.map((f, i) => {
      const raw = Array.isArray(row) ? row[i] : (row as Record<string, unknown>)[f.name];
      return jsToValue(raw, f.type, f.name);
    }),
  );
  return valuesFrame(resolved, values, alias);
}

/** A frame over rows of Values with the given schema. */
export function valuesFrame(
  schema: RawStructType,
  rows: readonly (readonly Value[])[],
  alias: string,
): Frame {
  const names = schema.fields.map((f) => f.name);
  if (rows.length === 0) {
    const nulls = schema.fields.map((f) => typedNull(f.type));
    return openFrame(inlineTable([nulls], alias, names), literal({ type: 'boolean', value: false }));
  }
  const typedByOthers = schema.fields.map((_, c) => rows.some((r) => (r[c] ?? null) !== null));
  const literalRows: Expression[][] = rows.map((r) =>
    schema.fields.map((f, c) => {
      const v = r[c] ?? null;
      if (v === null && typedByOthers[c]) return literal({ type: 'null' });
      return valueLiteral(v, f.type);
    }),
  );
  return openFrame(inlineTable(literalRows, alias, names));
}

/** No columns and no rows: what DDL statements return (`SELECT` of nothing from one filtered-out row). */
export function emptyFrame(): Frame {
  const from = inlineTable([[literal({ type: 'int', value: 1n })]], '__empty', ['c']);
  return queryFrame(
    query({ ...emptySelect([from]), items: [], where: literal({ type: 'boolean', value: false }) }),
  );
}

function resolveSchema(rows: readonly InputRow[], schema: SchemaLike | undefined): RawStructType {
  if (typeof schema === 'string') return parseSchemaDdl(schema);
  if (schema instanceof StructType) return schema.raw;
  if (schema && !Array.isArray(schema)) return schema as RawStructType;
  return inferSchema(rows, schema as readonly string[] | undefined);
}

/**
 * PySpark's schema inference, for JS values: bigint → bigint, an integral number → bigint (PySpark types
 * Python ints as long), other numbers → double, strings, booleans, Uint8Array → binary, Date → timestamp,
 * a `YYYY-MM-DD` string stays a string. Object rows name their columns by their keys (first row's order).
 */
function inferSchema(rows: readonly InputRow[], names: readonly string[] | undefined): RawStructType {
  const first = rows[0];
  const columnNames =
    names ??
    (first === undefined
      ? []
      : Array.isArray(first)
        ? first.map((_, i) => `_${i + 1}`)
        : Object.keys(first as Record<string, unknown>));
  const fields = columnNames.map((name, i) => {
    const values = rows.map((r) => (Array.isArray(r) ? r[i] : (r as Record<string, unknown>)[name]));
    return field(name, inferType(values), true);
  });
  return struct(fields);
}

function inferType(values: readonly unknown[]): DataType {
  const present = values.filter((v) => v !== null && v !== undefined);
  const v = present[0];
  if (v === undefined) return StringType;
  if (typeof v === 'bigint') return LongType;
  if (typeof v === 'number') return present.every((x) => Number.isInteger(x)) ? LongType : DoubleType;
  if (typeof v === 'boolean') return BooleanType;
  if (v instanceof Uint8Array) return BinaryType;
  if (v instanceof Date) return TimestampType;
  return StringType;
}
