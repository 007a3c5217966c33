/**
 * Result values as the JS values `collect()` returns (decided for a JS-friendly API; PySpark's choices in
 * brackets): integers up to int as number, bigint as bigint [int]; float/double as number; decimal as its
 * plain string, scale kept (`'12.30'`) [Decimal]; string/char/varchar as string; boolean; binary as
 * Uint8Array [bytearray]; date as `'YYYY-MM-DD'` [datetime.date]; timestamp as a Date for the instant
 * (microseconds beyond the millisecond are dropped) [datetime]; timestamp_ntz as a Date whose UTC fields are
 * the wall clock [naive datetime]; arrays as arrays; structs as plain objects [Row]; maps as Map [dict];
 * intervals in their internal form (months as a number, day-time micros as bigint, calendar intervals as
 * {months, days, microseconds}) [timedelta].
 */

import { formatDate } from '../../exec/value-format/datetime-text.js';
import { assertNever, type DataType } from '../../types/data-types.js';
import { decimalToPlainString } from '../../types/decimal-text.js';
import type { MapValue, StructValue, Value } from '../../types/value.js';

export type JsValue =
  | null
  | boolean
  | number
  | bigint
  | string
  | Date
  | Uint8Array
  | JsValue[]
  | Map<JsValue, JsValue>
  | { [key: string]: JsValue };

export function valueToJs(value: Value, type: DataType): JsValue {
  if (value === null) return null;
  switch (type.kind) {
    case 'primitive':
      switch (type.name) {
        case 'long':
          return BigInt(value as bigint);
        case 'date':
          return formatDate(Number(value));
        case 'timestamp':
        case 'timestamp_ntz':
          return new Date(Number(BigInt(value as bigint) / 1000n));
        default:
          return value as JsValue;
      }
    case 'decimal':
      return decimalToPlainString(BigInt(value as bigint), type.scale);
    case 'char':
    case 'varchar':
      return String(value);
    case 'array':
      return (value as readonly Value[]).map((v) => valueToJs(v, type.elementType));
    case 'map':
      return new Map(
        (value as MapValue).entries.map(([k, v]) => [
          valueToJs(k, type.keyType),
          valueToJs(v, type.valueType),
        ]),
      );
    case 'struct': {
      const fields = (value as StructValue).fields;
      const out: { [key: string]: JsValue } = {};
      for (const f of type.fields) out[f.name] = valueToJs(fields[f.name] ?? null, f.type);
      return out;
    }
    case 'yearMonthInterval':
    case 'dayTimeInterval':
    case 'calendarInterval':
      return value as JsValue;
    default:
      return assertNever(type);
  }
}
