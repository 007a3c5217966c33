/**
 * Spark's ToPrettyString (catalyst/expressions/ToPrettyString.scala over ToStringBase): the text
 * Dataset.show() prints for a cell. It is CAST(... AS STRING) with two changes: null prints as `NULL` at
 * every depth, and binary prints as hex bytes `[23 79 AC FE]`.
 *   arrays `[1, 2]`; structs `{1, a}` (values only); maps `{1 -> a, 2 -> b}` in entry order; strings never
 *   quoted; decimals plain; intervals in ANSI_STYLE (`INTERVAL '1' DAY`).
 */
import { assertNever, type DataType } from '../../types/data-types.js';
import {
  calendarIntervalText,
  dayTimeIntervalText,
  yearMonthIntervalText,
} from '../../types/interval-text.js';
import type { CalendarIntervalValue, MapValue, StructValue, Value } from '../../types/value.js';
import { decimalText, type FormatOptions, primitiveText } from './scalar-text.js';

export function prettyString(value: Value, type: DataType, options: FormatOptions): string {
  if (value === null) return 'NULL';
  switch (type.kind) {
    case 'primitive':
      if (type.name === 'binary') return hexBytes(value as Uint8Array);
      return primitiveText(value, type.name, options) ?? String(value);
    case 'char':
    case 'varchar':
      return String(value);
    case 'decimal':
      return decimalText(value, type);
    case 'array':
      return `[${(value as readonly Value[]).map((e) => prettyString(e, type.elementType, options)).join(', ')}]`;
    case 'map':
      return `{${(value as MapValue).entries
        .map(
          ([k, v]) =>
            `${prettyString(k, type.keyType, options)} -> ${prettyString(v, type.valueType, options)}`,
        )
        .join(', ')}}`;
    case 'struct': {
      const fields = (value as StructValue).fields;
      return `{${type.fields.map((f) => prettyString(fields[f.name] ?? null, f.type, options)).join(', ')}}`;
    }
    case 'yearMonthInterval':
      return yearMonthIntervalText(Number(value), 'ansi', type.startField, type.endField);
    case 'dayTimeInterval':
      return dayTimeIntervalText(BigInt(value as bigint), 'ansi', type.startField, type.endField);
    case 'calendarInterval':
      return calendarIntervalText(value as CalendarIntervalValue);
    default:
      return assertNever(type);
  }
}

/** SparkStringUtils.getHexString: upper-case hex bytes, space-separated, in brackets. */
function hexBytes(bytes: Uint8Array): string {
  return `[${Array.from(bytes, (b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ')}]`;
}
