/**
 * Rows held in JavaScript turned into a DuckDB relation: a typed `VALUES` list, every literal rendered by
 * the engine's scalarToSql so that quoting and typing are the engine's one implementation.
 * Suits DataFrame-sized batches built in code; bulk data comes in through files.
 */

import { toDuckDBType } from '../engine/duckdb-types.js';
import { quoteIdentifier, scalarToSql } from '../engine/sql-text.js';
import { LakesqlError } from '../errors/index.js';
import type { DataType, StructType } from '../types/data-types.js';
import type { ScalarValue } from '../types/scalar.js';

export type JsRow = Readonly<Record<string, unknown>>;

export function valuesRelationSql(rows: readonly JsRow[], schema: StructType): string {
  const columns = schema.fields.map((f) => quoteIdentifier(f.name));
  const casts = schema.fields.map(
    (f) => `CAST(${quoteIdentifier(f.name)} AS ${toDuckDBType(f.type)}) AS ${quoteIdentifier(f.name)}`,
  );
  if (rows.length === 0) {
    const nulls = schema.fields.map(
      (f) => `CAST(NULL AS ${toDuckDBType(f.type)}) AS ${quoteIdentifier(f.name)}`,
    );
    return `SELECT ${nulls.join(', ')} WHERE false`;
  }
  const tuples = rows.map(
    (row) =>
      `(${schema.fields.map((f) => scalarToSql(toScalar(row[f.name], f.type, f.name), f.type)).join(', ')})`,
  );
  return `SELECT ${casts.join(', ')} FROM (VALUES ${tuples.join(', ')}) AS v(${columns.join(', ')})`;
}

/** A JS value converted to the ScalarValue form of its column type (src/types/scalar.ts). */
export function toScalar(value: unknown, type: DataType, column: string): ScalarValue {
  if (value === null || value === undefined) return null;
  const bad = () =>
    new LakesqlError('DELTA_SCHEMA_MISMATCH', {
      detail: `Value ${String(value)} of column ${column} does not fit its type.`,
    });
  switch (type.kind) {
    case 'decimal': {
      const text = typeof value === 'string' ? value : String(value);
      const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
      if (!m) throw bad();
      const frac = (m[3] ?? '').padEnd(type.scale, '0');
      if (frac.length > type.scale) throw bad();
      return BigInt(`${m[1]}${m[2] || '0'}${frac}`);
    }
    case 'primitive':
      switch (type.name) {
        case 'long':
          if (typeof value === 'bigint') return value;
          if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
          throw bad();
        case 'integer':
        case 'short':
        case 'byte':
        case 'float':
        case 'double':
          if (typeof value === 'number') return value;
          if (typeof value === 'bigint') return Number(value);
          throw bad();
        case 'boolean':
          if (typeof value === 'boolean') return value;
          throw bad();
        case 'string':
          return String(value);
        case 'binary':
          if (value instanceof Uint8Array) return value;
          throw bad();
        case 'date': {
          const ms = value instanceof Date ? value.getTime() : Date.parse(`${String(value)}T00:00:00Z`);
          if (Number.isNaN(ms)) throw bad();
          return Math.floor(ms / 86_400_000);
        }
        case 'timestamp':
        case 'timestamp_ntz': {
          const ms = value instanceof Date ? value.getTime() : Date.parse(String(value));
          if (Number.isNaN(ms)) throw bad();
          return BigInt(ms) * 1000n;
        }
        default:
          throw new LakesqlError('UNSUPPORTED_FEATURE', {
            feature: `writing ${type.name} values from JavaScript`,
          });
      }
    default:
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `writing ${type.kind} values from JavaScript rows`,
      });
  }
}
