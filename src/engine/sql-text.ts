import { assertNever, type DataType } from '../types/data-types.js';
import { localDateOf } from '../types/proleptic-calendar.js';
import type { ScalarValue } from '../types/scalar.js';
import { toDuckDBType } from './duckdb-types.js';

/**
 * Text of DuckDB SQL that lakesql emits. Every identifier is double-quoted (DuckDB reserves words such as
 * `dec` that are plain column names in Spark) and every literal is typed, so no value is ever spliced raw.
 */

export function quoteIdentifier(name: string): string {
  if (name.includes('\u0000')) throw new Error('identifier contains a NUL character');
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * A VARCHAR literal. SQL text cannot carry a NUL byte, so NULs are spliced in as `chr(0)`
 * (DuckDB VARCHARs themselves may hold them), as the arguments of one flat `concat`: a chain of `||` nests
 * one level per NUL and passed DuckDB's expression depth limit (1,000) for a value with 500 NULs.
 */
export function quoteString(s: string): string {
  const parts = s.split('\u0000').map((p) => `'${p.replaceAll("'", "''")}'`);
  return parts.length === 1 ? parts[0]! : `concat(${parts.join(', chr(0), ')})`;
}

/** A typed DuckDB literal holding `value` (in scalar.ts's JS representation) as a value of Delta type `type`. */
export function scalarToSql(value: ScalarValue, type: DataType): string {
  const duckType = toDuckDBType(type);
  if (value === null) return `CAST(NULL AS ${duckType})`;
  if (type.kind === 'decimal') {
    return `CAST(${quoteString(unscaledToDecimalText(expect(value, 'bigint', type), type.scale))} AS ${duckType})`;
  }
  if (type.kind !== 'primitive') throw new Error(`no scalar literal for a ${type.kind} type`);
  switch (type.name) {
    case 'string':
      return `CAST(${quoteString(expect(value, 'string', type))} AS VARCHAR)`;
    case 'boolean':
      return expect(value, 'boolean', type) ? 'TRUE' : 'FALSE';
    case 'byte':
    case 'short':
    case 'integer': {
      const n = expect(value, 'number', type);
      if (!Number.isInteger(n)) throw new Error(`${type.name} literal must be an integer: ${n}`);
      return `CAST(${n} AS ${duckType})`;
    }
    case 'long':
      return `CAST(${expect(value, 'bigint', type)} AS BIGINT)`;
    case 'float':
    case 'double':
      // Through text so that NaN, ±Infinity, -0 and exponents all parse the same way.
      return `CAST(${quoteString(floatText(expect(value, 'number', type)))} AS ${duckType})`;
    case 'binary':
      return `from_hex(${quoteString(Buffer.from(expectBinary(value, type)).toString('hex'))})`;
    case 'date': {
      const days = expect(value, 'number', type);
      if (!Number.isInteger(days)) throw new Error(`date literal must be whole days: ${days}`);
      // A plain literal binds as one constant (a scan's per-file partition values are lists of them, and
      // the arithmetic form cost a 30-file scan a tenth of its time to bind); DuckDB's DATE is proleptic
      // Gregorian as Spark's. Years outside 0001-9999 have no such literal: date arithmetic is exact there.
      const { year, month, day } = localDateOf(days);
      if (year < 1 || year > 9999) return `CAST(DATE '1970-01-01' + CAST(${days} AS INTEGER) AS DATE)`;
      return `DATE '${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}'`;
    }
    case 'timestamp':
      // make_timestamptz(micros) is an instant: independent of the session time zone.
      return `make_timestamptz(CAST(${expect(value, 'bigint', type)} AS BIGINT))`;
    case 'timestamp_ntz':
      return `make_timestamp(CAST(${expect(value, 'bigint', type)} AS BIGINT))`;
    case 'void':
    case 'variant':
      throw new Error(`no scalar literal for ${type.name}`);
    default:
      return assertNever(type.name);
  }
}

/** `12345n`, scale 2 -> `123.45`; `-5n`, scale 3 -> `-0.005`. */
export function unscaledToDecimalText(unscaled: bigint, scale: number): string {
  const negative = unscaled < 0n;
  const digits = (negative ? -unscaled : unscaled).toString().padStart(scale + 1, '0');
  const text =
    scale === 0 ? digits : `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`;
  return negative ? `-${text}` : text;
}

function floatText(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Number.POSITIVE_INFINITY) return 'Infinity';
  if (n === Number.NEGATIVE_INFINITY) return '-Infinity';
  if (Object.is(n, -0)) return '-0.0';
  return String(n);
}

type JsTypeName = { string: string; number: number; bigint: bigint; boolean: boolean };

function expect<K extends keyof JsTypeName>(value: ScalarValue, js: K, type: DataType): JsTypeName[K] {
  if (typeof value !== js) {
    throw new Error(`a ${JSON.stringify(type)} literal needs a JS ${js}, got ${typeof value}`);
  }
  return value as JsTypeName[K];
}

function expectBinary(value: ScalarValue, type: DataType): Uint8Array {
  if (!(value instanceof Uint8Array)) throw new Error(`a ${JSON.stringify(type)} literal needs a Uint8Array`);
  return value;
}
