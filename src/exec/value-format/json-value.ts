/**
 * The JSON form of a value for `lakesql sql --format json` (issue 3, "The command line"): integers as JSON
 * numbers (as strings beyond ±2^53, where a JSON reader would lose digits), decimals as strings (their scale
 * kept), dates `YYYY-MM-DD`, timestamps `YYYY-MM-DD HH:MM:SS[.ffffff]` in the session time zone (fraction
 * only when non-zero, as Spark prints it), arrays as arrays, structs and maps as objects (map keys as their
 * text). Values JSON has no number for (NaN, ±Infinity) become strings as Spark's JSON writer writes them;
 * binary becomes base64 as in Spark's to_json; intervals their CAST(... AS STRING) text.
 */
import { assertNever, type DataType } from '../../types/data-types.js';
import { javaFloatToString } from '../../types/java-double-text.js';
import type { MapValue, StructValue, Value } from '../../types/value.js';
import { hiveResultString } from './hive-result.js';
import { prettyString } from './pretty-string.js';
import { decimalText, type FormatOptions, primitiveText } from './scalar-text.js';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export function jsonValue(value: Value, type: DataType, options: FormatOptions): JsonValue {
  if (value === null) return null;
  switch (type.kind) {
    case 'primitive':
      switch (type.name) {
        case 'boolean':
          return Boolean(value);
        case 'byte':
        case 'short':
        case 'integer':
          return Number(value);
        case 'long': {
          const n = BigInt(value as bigint);
          return n > MAX_SAFE || n < -MAX_SAFE ? n.toString() : Number(n);
        }
        case 'float':
          return finiteOrText(Number(javaFloatToString(Number(value))));
        case 'double':
          return finiteOrText(Number(value));
        case 'binary':
          return Buffer.from(value as Uint8Array).toString('base64');
        case 'string':
        case 'variant':
        case 'void':
          return String(value);
        default:
          return primitiveText(value, type.name, options) ?? String(value);
      }
    case 'char':
    case 'varchar':
      return String(value);
    case 'decimal':
      return decimalText(value, type);
    case 'array':
      return (value as readonly Value[]).map((e) => jsonValue(e, type.elementType, options));
    case 'map': {
      const out: { [key: string]: JsonValue } = {};
      for (const [k, v] of (value as MapValue).entries) {
        out[hiveResultString(k, type.keyType, options)] = jsonValue(v, type.valueType, options);
      }
      return out;
    }
    case 'struct': {
      const fields = (value as StructValue).fields;
      const out: { [key: string]: JsonValue } = {};
      for (const f of type.fields) out[f.name] = jsonValue(fields[f.name] ?? null, f.type, options);
      return out;
    }
    case 'yearMonthInterval':
    case 'dayTimeInterval':
    case 'calendarInterval':
      return prettyString(value, type, options);
    default:
      return assertNever(type);
  }
}

function finiteOrText(n: number): number | string {
  if (Number.isFinite(n)) return n;
  return Number.isNaN(n) ? 'NaN' : n > 0 ? 'Infinity' : '-Infinity';
}
