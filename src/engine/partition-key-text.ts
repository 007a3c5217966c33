import { LakesqlError } from '../errors/index.js';
import { assertNever, type DataType } from '../types/data-types.js';
import type { ScalarValue } from '../types/scalar.js';

/**
 * A partition value crosses from DuckDB to JS as text: COPY … PARTITION_BY reports each file's partition
 * keys as VARCHAR. These are the exact text forms lakesql partitions by (dates as day numbers, timestamps as
 * epoch microseconds, binary as hex) and their parsing back into scalar.ts values, which partition-values.ts
 * then serializes the way the log writes them.
 */
export function partitionKeyTextExpression(column: string, type: DataType): string {
  if (type.kind === 'decimal') return `CAST(${column} AS VARCHAR)`;
  if (type.kind !== 'primitive') {
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `partitioning by a ${type.kind} column` });
  }
  switch (type.name) {
    case 'string':
      return column;
    case 'byte':
    case 'short':
    case 'integer':
    case 'long':
    case 'boolean':
    case 'float':
    case 'double':
      return `CAST(${column} AS VARCHAR)`;
    case 'date':
      return `CAST(date_diff('day', DATE '1970-01-01', ${column}) AS VARCHAR)`;
    case 'timestamp':
    case 'timestamp_ntz':
      return `CAST(epoch_us(${column}) AS VARCHAR)`;
    case 'binary':
      return `hex(${column})`;
    case 'void':
    case 'variant':
      throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `partitioning by a ${type.name} column` });
    default:
      return assertNever(type.name);
  }
}

export function parsePartitionKeyText(text: string | null, type: DataType): ScalarValue {
  if (text === null) return null;
  if (type.kind === 'decimal') {
    const negative = text.startsWith('-');
    const [whole = '0', frac = ''] = (negative ? text.slice(1) : text).split('.');
    const unscaled = BigInt(whole + frac.padEnd(type.scale, '0').slice(0, type.scale));
    return negative ? -unscaled : unscaled;
  }
  if (type.kind !== 'primitive') throw new Error(`not a partition type: ${type.kind}`);
  switch (type.name) {
    case 'string':
      return text;
    case 'byte':
    case 'short':
    case 'integer':
    case 'date':
      return Number(text);
    case 'long':
    case 'timestamp':
    case 'timestamp_ntz':
      return BigInt(text);
    case 'boolean':
      return text === 'true';
    case 'float':
    case 'double':
      return parseDuckDBFloat(text);
    case 'binary':
      return new Uint8Array(Buffer.from(text, 'hex'));
    case 'void':
    case 'variant':
      throw new Error(`not a partition type: ${type.name}`);
    default:
      return assertNever(type.name);
  }
}

function parseDuckDBFloat(text: string): number {
  switch (text.toLowerCase()) {
    case 'nan':
    case '-nan':
      return Number.NaN;
    case 'inf':
    case 'infinity':
      return Number.POSITIVE_INFINITY;
    case '-inf':
    case '-infinity':
      return Number.NEGATIVE_INFINITY;
    default:
      return Number(text);
  }
}
