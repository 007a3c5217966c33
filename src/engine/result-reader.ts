/**
 * Reads a query's result out of DuckDB into lakesql's Values (types/value.ts), converting each column by
 * the Spark type the plan says it has, not by DuckDB's type: the compiled SQL may hand back a wider or
 * different DuckDB type (HUGEINT for a bigint sum, DOUBLE for a float, INTERVAL for a year-month
 * interval), and the Value must still be exactly the Spark type's representation.
 *
 * Results are pulled chunk by chunk (`fetchChunk`) with DuckDB's typed values and converted column-wise with
 * one converter per column chosen up front; no row objects are built (FINDINGS.md, "Getting data out").
 */
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import {
  DuckDBArrayValue,
  DuckDBBlobValue,
  DuckDBDateValue,
  DuckDBDecimalValue,
  DuckDBIntervalValue,
  DuckDBListValue,
  DuckDBMapValue,
  DuckDBStructValue,
  DuckDBTimestampMillisecondsValue,
  DuckDBTimestampNanosecondsValue,
  DuckDBTimestampSecondsValue,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
} from '@duckdb/node-api';
import { LakesqlError } from '../errors/index.js';
import { readVariant } from '../formats/variant/variant-blob.js';
import { assertNever, type DataType, type StructType } from '../types/data-types.js';
import type { Value } from '../types/value.js';
import { nameDamagedFile } from './damaged-file-probe.js';
import { translateDuckDBError } from './duckdb-error.js';
import type { EngineSession } from './engine-session.js';
import { allocationFailure, ResultSizeGuard } from './result-size.js';

export interface ReadOptions {
  /** Stop after this many rows (DataFrame.take/show read no further than they need). */
  readonly limit?: number;
  /** spark.driver.maxResultSize in bytes (result-size.ts); unset or 0: only the heap bound applies. */
  readonly maxResultBytes?: number;
}

/**
 * Runs the query `sql` on a connection of the session's own (a fresh one, or one an earlier query left
 * idle: the query must leave no state behind) and returns its rows as Values of `schema`'s types.
 */
export async function readResult(
  session: EngineSession,
  sql: string,
  schema: StructType,
  options: ReadOptions = {},
): Promise<Value[][]> {
  const read = (connection: DuckDBConnection) => readResultOn(connection, sql, schema, options);
  // A read stopped at a limit leaves its result, and DuckDB's transaction under it, open: not a connection
  // to keep.
  if (options.limit !== undefined) return session.withConnection(read);
  return session.withQueryConnection(read);
}

/** As readResult, on a connection the caller holds (its temp tables and settings apply). */
export async function readResultOn(
  connection: DuckDBConnection,
  sql: string,
  schema: StructType,
  options: ReadOptions = {},
): Promise<Value[][]> {
  const rows: Value[][] = [];
  for await (const chunk of readResultChunks(connection, sql, schema, options)) {
    for (const row of chunk) rows.push(row);
  }
  return rows;
}

/** The result as batches of rows (one per DuckDB chunk), stopping at `limit`. */
export async function* readResultChunks(
  connection: DuckDBConnection,
  sql: string,
  schema: StructType,
  options: ReadOptions = {},
): AsyncGenerator<Value[][]> {
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  if (limit <= 0) return;
  let result: Awaited<ReturnType<DuckDBConnection['stream']>>;
  try {
    result = await connection.stream(sql);
  } catch (e) {
    throw await nameDamagedFile(translateDuckDBError(e, sql), sql, connection);
  }
  if (result.columnCount !== schema.fields.length) {
    throw new LakesqlError('INTERNAL_ERROR', {
      message: `query returned ${result.columnCount} columns, the plan expects ${schema.fields.length}`,
    });
  }
  const converters = schema.fields.map((f) => converterFor(f.type));
  const size = new ResultSizeGuard(options.maxResultBytes ?? 0);
  let read = 0;
  while (read < limit) {
    let chunk: Awaited<ReturnType<typeof result.fetchChunk>>;
    try {
      chunk = await result.fetchChunk();
    } catch (e) {
      throw await nameDamagedFile(translateDuckDBError(e, sql), sql, connection);
    }
    if (chunk === null || chunk.rowCount === 0) return;
    const take = Math.min(chunk.rowCount, limit - read);
    const rows: Value[][] = Array.from({ length: take }, () => new Array<Value>(converters.length));
    try {
      converters.forEach((convert, c) => {
        const column = chunk.getColumnValues(c);
        for (let r = 0; r < take; r++) (rows[r] as Value[])[c] = convert(column[r] ?? null);
      });
    } catch (e) {
      // A value past V8's string or array limits (a DuckDB VARCHAR of a gigabyte) cannot become a JS value.
      throw allocationFailure(e, 'reading the query result') ?? e;
    }
    read += take;
    size.add(rows);
    yield rows;
  }
}

type Converter = (v: DuckDBValue) => Value;

/** The conversion of one DuckDB value to the Value of Spark type `t`; null stays null at every depth. */
export function converterFor(t: DataType): Converter {
  const convert = nonNullConverter(t);
  return (v) => (v === null ? null : convert(v));
}

function nonNullConverter(t: DataType): Converter {
  switch (t.kind) {
    case 'primitive':
      switch (t.name) {
        case 'boolean':
          return (v) => Boolean(v);
        case 'byte':
        case 'short':
        case 'integer':
        case 'float':
        case 'double':
          return toNumber;
        case 'long':
          return toBigInt;
        case 'string':
          return (v) => (typeof v === 'string' ? v : String(v));
        case 'variant':
          // A variant reaches users as its JSON text (Spark's VariantVal.toJson), decoded here at the edge.
          return (v) => (v instanceof DuckDBBlobValue ? readVariant(v.bytes).toJson() : String(v));
        case 'binary':
          // A plain Uint8Array copy: the binding hands out Node Buffers over its own memory.
          return (v) =>
            v instanceof DuckDBBlobValue ? new Uint8Array(v.bytes) : new TextEncoder().encode(String(v));
        case 'date':
          return (v) => (v instanceof DuckDBDateValue ? v.days : Number(v));
        case 'timestamp':
        case 'timestamp_ntz':
          return toMicros;
        case 'void':
          return () => null;
        default:
          return assertNever(t.name);
      }
    case 'decimal': {
      const scale = t.scale;
      return (v) => toUnscaled(v, scale);
    }
    case 'char':
    case 'varchar':
      return (v) => String(v);
    case 'array': {
      const element = converterFor(t.elementType);
      return (v) => itemsOf(v).map(element);
    }
    case 'map': {
      const key = converterFor(t.keyType);
      const value = converterFor(t.valueType);
      return (v) => {
        if (!(v instanceof DuckDBMapValue)) throw unexpected(v, 'map');
        return { kind: 'map', entries: v.entries.map((e) => [key(e.key), value(e.value)] as const) };
      };
    }
    case 'struct': {
      const fields = t.fields.map((f) => ({ name: f.name, convert: converterFor(f.type) }));
      return (v) => {
        if (!(v instanceof DuckDBStructValue)) throw unexpected(v, 'struct');
        // By position: DuckDB may have renamed duplicate or case-colliding Spark field names.
        const values = Object.values(v.entries);
        const out: Record<string, Value> = {};
        fields.forEach((f, i) => {
          out[f.name] = f.convert(v.entries[f.name] ?? values[i] ?? null);
        });
        return { kind: 'struct', fields: out };
      };
    }
    case 'yearMonthInterval':
      return (v) => (v instanceof DuckDBIntervalValue ? v.months : toNumber(v));
    case 'dayTimeInterval':
      return (v) => {
        if (!(v instanceof DuckDBIntervalValue)) return toBigInt(v);
        // A day-time interval has no months; DuckDB's day is always 24 hours, as Spark's is.
        if (v.months !== 0) throw unexpected(v, 'day-time interval (it has months)');
        return BigInt(v.days) * 86_400_000_000n + v.micros;
      };
    case 'calendarInterval':
      return (v) => {
        if (!(v instanceof DuckDBIntervalValue)) throw unexpected(v, 'interval');
        return { kind: 'calendarInterval', months: v.months, days: v.days, microseconds: v.micros };
      };
    default:
      return assertNever(t);
  }
}

function toNumber(v: DuckDBValue): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof DuckDBDecimalValue) return v.toDouble();
  if (typeof v === 'boolean') return v ? 1 : 0;
  return Number(String(v));
}

function toBigInt(v: DuckDBValue): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') return BigInt(Math.trunc(v));
  if (v instanceof DuckDBDecimalValue) return toUnscaled(v, 0) as bigint;
  return BigInt(String(v));
}

/** The unscaled value at `scale`; a DuckDB decimal of another scale is rescaled (rounding half up). */
function toUnscaled(v: DuckDBValue, scale: number): bigint {
  if (v instanceof DuckDBDecimalValue) return rescale(v.value, v.scale, scale);
  if (typeof v === 'bigint') return v * 10n ** BigInt(scale);
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v) * 10n ** BigInt(scale);
  const text = typeof v === 'number' ? v.toFixed(scale) : String(v);
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!m) throw unexpected(v, 'decimal');
  const fraction = m[3] ?? '';
  const unscaled = BigInt(`${m[2] || '0'}${fraction}`);
  return (m[1] === '-' ? -1n : 1n) * rescale(unscaled, fraction.length, scale);
}

function rescale(unscaled: bigint, from: number, to: number): bigint {
  if (from === to) return unscaled;
  if (from < to) return unscaled * 10n ** BigInt(to - from);
  const divisor = 10n ** BigInt(from - to);
  const q = unscaled / divisor;
  const r = unscaled % divisor;
  const half = (r < 0n ? -r : r) * 2n >= divisor;
  return half ? q + (unscaled < 0n ? -1n : 1n) : q;
}

function toMicros(v: DuckDBValue): bigint {
  if (v instanceof DuckDBTimestampTZValue || v instanceof DuckDBTimestampValue) return v.micros;
  if (v instanceof DuckDBTimestampMillisecondsValue) return v.millis * 1000n;
  if (v instanceof DuckDBTimestampSecondsValue) return v.seconds * 1_000_000n;
  if (v instanceof DuckDBTimestampNanosecondsValue) return floorDiv(v.nanos, 1000n);
  if (v instanceof DuckDBDateValue) return BigInt(v.days) * 86_400_000_000n;
  return toBigInt(v);
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

function itemsOf(v: DuckDBValue): readonly DuckDBValue[] {
  if (v instanceof DuckDBListValue || v instanceof DuckDBArrayValue) return v.items;
  throw unexpected(v, 'array');
}

function unexpected(v: DuckDBValue, expected: string): LakesqlError {
  return new LakesqlError('INTERNAL_ERROR', {
    message: `result reader: expected a DuckDB ${expected}, got ${String(v)}`,
  });
}
