/**
 * The text of a non-nested value that HiveResult and CAST(... AS STRING) print alike: numbers, decimals,
 * booleans, dates, timestamps. Nested values, strings, binary and intervals differ between the two forms
 * and are handled by hive-result.ts and cast-to-string.ts.
 */
import type { DecimalType, PrimitiveTypeName } from '../../types/data-types.js';
import { decimalToPlainString } from '../../types/decimal-text.js';
import { javaDoubleToString, javaFloatToString } from '../../types/java-double-text.js';
import type { Value } from '../../types/value.js';
import { formatDate, formatTimestamp, formatTimestampNtz } from './datetime-text.js';

export interface FormatOptions {
  /** The session time zone (spark.sql.session.timeZone) that timestamps are printed in. */
  readonly timeZone: string;
}

/** Text of a primitive (non-string, non-binary) value; undefined when the type is not one of those. */
export function primitiveText(
  value: Value,
  name: PrimitiveTypeName,
  options: FormatOptions,
): string | undefined {
  switch (name) {
    case 'boolean':
    case 'byte':
    case 'short':
    case 'integer':
    case 'long':
      return String(value);
    case 'float':
      return javaFloatToString(Number(value));
    case 'double':
      return javaDoubleToString(Number(value));
    case 'date':
      return formatDate(Number(value));
    case 'timestamp':
      return formatTimestamp(BigInt(value as bigint), options.timeZone);
    case 'timestamp_ntz':
      return formatTimestampNtz(BigInt(value as bigint));
    case 'string':
    case 'binary':
    case 'void':
    case 'variant':
      return undefined;
    default:
      return name satisfies never;
  }
}

export function decimalText(value: Value, type: DecimalType): string {
  if (typeof value === 'bigint') return decimalToPlainString(value, type.scale);
  return String(value);
}

/** Java's `new String(bytes, UTF_8)`: malformed sequences become U+FFFD. */
export function utf8Text(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

const decoder = new TextDecoder('utf-8');
