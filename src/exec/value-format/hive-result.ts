/**
 * HiveResult.toHiveString (apache/spark sql/core/.../execution/HiveResult.scala): the string form of a value
 * that spark-sql's CLI prints and that Spark's SQL golden files (`*.sql.out`) hold, one row per line with
 * columns joined by a tab.
 *   NULL at top level, `null` nested; strings raw at top level and double-quoted (not escaped) when nested;
 *   binary as its bytes decoded as UTF-8; decimals via BigDecimal#toPlainString; floats/doubles as Java
 *   prints them; arrays `[1,2]`; maps `{k:v,...}` with the entries' texts SORTED; structs
 *   `{"a":1,"b":"x"}`; intervals in HIVE_STYLE; calendar intervals via CalendarInterval#toString.
 */
import { assertNever, type DataType } from '../../types/data-types.js';
import {
  calendarIntervalText,
  dayTimeIntervalText,
  yearMonthIntervalText,
} from '../../types/interval-text.js';
import type { CalendarIntervalValue, MapValue, StructValue, Value } from '../../types/value.js';
import { decimalText, type FormatOptions, primitiveText, utf8Text } from './scalar-text.js';

export function hiveResultString(value: Value, type: DataType, options: FormatOptions): string {
  return toHiveString(value, type, false, options);
}

/** One result row as a golden-file line: the columns' hive strings joined by a tab. */
export function hiveResultLine(
  row: readonly Value[],
  types: readonly DataType[],
  options: FormatOptions,
): string {
  return row
    .map((v, i) => {
      const type = types[i];
      if (type === undefined) throw new Error(`hiveResultLine: no type for column ${i}`);
      return toHiveString(v, type, false, options);
    })
    .join('\t');
}

function toHiveString(value: Value, type: DataType, nested: boolean, options: FormatOptions): string {
  if (value === null) return nested ? 'null' : 'NULL';
  switch (type.kind) {
    case 'primitive': {
      if (type.name === 'binary') return utf8Text(value as Uint8Array);
      if (type.name === 'string' || type.name === 'variant' || type.name === 'void') {
        return nested ? `"${String(value)}"` : String(value);
      }
      return primitiveText(value, type.name, options) ?? String(value);
    }
    case 'char':
    case 'varchar':
      return nested ? `"${String(value)}"` : String(value);
    case 'decimal':
      return decimalText(value, type);
    case 'array':
      return `[${(value as readonly Value[]).map((e) => toHiveString(e, type.elementType, true, options)).join(',')}]`;
    case 'map': {
      const entries = (value as MapValue).entries.map(
        ([k, v]) =>
          `${toHiveString(k, type.keyType, true, options)}:${toHiveString(v, type.valueType, true, options)}`,
      );
      // Scala's `Seq[String].sorted`: UTF-16 code unit order, which is JS's default sort.
      return `{${entries.sort().join(',')}}`;
    }
    case 'struct': {
      const fields = (value as StructValue).fields;
      return `{${type.fields.map((f) => `"${f.name}":${toHiveString(fields[f.name] ?? null, f.type, true, options)}`).join(',')}}`;
    }
    case 'yearMonthInterval':
      return yearMonthIntervalText(Number(value), 'hive', type.startField, type.endField);
    case 'dayTimeInterval':
      return dayTimeIntervalText(BigInt(value as bigint), 'hive', type.startField, type.endField);
    case 'calendarInterval':
      return calendarIntervalText(value as CalendarIntervalValue);
    default:
      return assertNever(type);
  }
}
