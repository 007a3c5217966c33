/**
 * The rows collect() returns: plain objects keyed by column name (values as value-to-js.ts describes) whose
 * prototype gives them PySpark Row's asDict() and a toJSON() for JSON.stringify.
 *
 * BIGINT values stay JS bigints (exact), which JSON.stringify refuses; toJSON turns each bigint, at any
 * depth, into a JSON number when it is a safe integer (|n| <= 2^53 - 1) and into its decimal string
 * otherwise, so that no digit is lost. Maps become objects keyed by the key's JSON text (as to_json writes a
 * map), binary values become base64 (as to_json writes BINARY), dates and timestamps their ISO text.
 *
 * The methods live on the prototype, so a column named `asDict` or `toJSON` hides them on its rows.
 */
import type { JsValue } from './value-to-js.js';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface RowMethods {
  /** A plain object copy of the row (PySpark's Row.asDict()); nested structs are plain objects already. */
  asDict(): Record<string, JsValue>;
  /** The row as JSON-safe values (see above); JSON.stringify(rows) calls it. */
  toJSON(): Record<string, JsonValue>;
}

export type Row = Record<string, JsValue> & RowMethods;

const ROW_PROTOTYPE: RowMethods = Object.create(Object.prototype, {
  asDict: {
    value(this: Record<string, JsValue>): Record<string, JsValue> {
      return { ...this };
    },
  },
  toJSON: {
    value(this: Record<string, JsValue>): Record<string, JsonValue> {
      const out: Record<string, JsonValue> = {};
      for (const [k, v] of Object.entries(this)) out[k] = toJsonValue(v);
      return out;
    },
  },
});

/** A new, empty row; callers assign its columns in order. */
export function newRow(): Row {
  return Object.create(ROW_PROTOTYPE) as Row;
}

export function toJsonValue(v: JsValue): JsonValue {
  if (v === null || typeof v === 'boolean' || typeof v === 'number' || typeof v === 'string') return v;
  if (typeof v === 'bigint') {
    return v >= -BigInt(Number.MAX_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(v)
      : v.toString();
  }
  if (v instanceof Date) return v.toISOString();
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
  if (Array.isArray(v)) return v.map(toJsonValue);
  if (v instanceof Map) {
    const out: Record<string, JsonValue> = {};
    for (const [k, x] of v) out[typeof k === 'string' ? k : JSON.stringify(toJsonValue(k))] = toJsonValue(x);
    return out;
  }
  const out: Record<string, JsonValue> = {};
  for (const [k, x] of Object.entries(v)) out[k] = toJsonValue(x);
  return out;
}
