/**
 * Partition values: the strings in `add.partitionValues` and their typed values
 * (PROTOCOL.md, "Partition Value Serialization"). Typed values follow src/types/scalar.ts.
 *
 * Decisions, each checked against real logs in test/data (copied from the conformance sets):
 *  - NULL is JSON null. "An empty string for any type translates to a null partition value", so an empty
 *    string partition is written as null, exactly as Spark does; the literal string "null" stays a string.
 *  - `timestamp` values are written as ISO-8601 in UTC with six fraction digits (`1970-01-01T00:00:00.123456Z`):
 *    the protocol "highly recommend[s] that modern writers adjust the timestamp to UTC and store the
 *    timestamp in ISO8601 format", because the zoneless form means "the time zone of the system which wrote
 *    to the table", which the log does not record. Reading accepts both; the zoneless form is read in
 *    `timeZone` (default UTC, as delta-kernel-rs does; golden/data-reader-partition-values was written in
 *    America/Los_Angeles and needs that zone passed).
 *  - `timestamp_ntz` is `YYYY-MM-DD HH:MM:SS[.ffffff]` (Spark's cast to string: zero fraction left out).
 *  - numbers print as Spark prints them (Java's Double.toString / Float.toString layout: `1.0`, `1.0E20`,
 *    `NaN`, `Infinity`); decimals print plainly at their scale (`1.50`), never with an exponent.
 *  - `binary` is the bytes read as UTF-8 text: Spark writes the value cast to string (UTF-8 decoding) and
 *    delta-kernel reads the string's UTF-8 bytes. Byte sequences that are not UTF-8 cannot be written.
 */
import { LakesqlError } from '../errors/index.js';
import { type DataType, sqlTypeName } from '../types/data-types.js';
import type { ScalarValue } from '../types/scalar.js';
import {
  formatDate,
  formatTimestampIso,
  formatTimestampSpaced,
  parseDate,
  parseTimestampText,
  wallClockToUtc,
} from './datetime-text.js';
import { formatDecimal, formatJavaDouble, formatJavaFloat, parseDecimal } from './number-text.js';

export {
  decodeAddPath,
  encodeAddPath,
  escapePartitionPathValue,
  HIVE_DEFAULT_PARTITION,
  partitionDirectory,
  unescapePartitionPathValue,
} from './partition-path.js';

export interface PartitionValueOptions {
  /** Time zone for zoneless `timestamp` strings (IANA name or `+HH:MM`); default UTC. */
  readonly timeZone?: string;
  /** The column, for error messages. */
  readonly column?: string;
}

/** The log's string for a typed partition value; null for NULL (and for the empty string, see above). */
export function serializePartitionValue(value: ScalarValue, type: DataType, column = '?'): string | null {
  if (value === null) return null;
  const bad = (): LakesqlError => invalidValue(String(value), type, column);
  if (type.kind === 'decimal') {
    if (typeof value !== 'bigint') throw bad();
    return formatDecimal(value, type.scale);
  }
  if (type.kind !== 'primitive') throw bad();
  switch (type.name) {
    case 'string':
      if (typeof value !== 'string') throw bad();
      return value === '' ? null : value;
    case 'boolean':
      if (typeof value !== 'boolean') throw bad();
      return value ? 'true' : 'false';
    case 'byte':
    case 'short':
    case 'integer':
    case 'date':
      if (typeof value !== 'number' || !Number.isInteger(value)) throw bad();
      return type.name === 'date' ? formatDate(value) : String(value);
    case 'long':
      if (typeof value !== 'bigint') throw bad();
      return value.toString();
    case 'float':
      if (typeof value !== 'number') throw bad();
      return formatJavaFloat(value);
    case 'double':
      if (typeof value !== 'number') throw bad();
      return formatJavaDouble(value);
    case 'timestamp':
      if (typeof value !== 'bigint') throw bad();
      return formatTimestampIso(value);
    case 'timestamp_ntz':
      if (typeof value !== 'bigint') throw bad();
      return formatTimestampSpaced(value);
    case 'binary': {
      if (!(value instanceof Uint8Array)) throw bad();
      try {
        return value.length === 0 ? null : strictUtf8.decode(value);
      } catch {
        throw bad();
      }
    }
    case 'void':
    case 'variant':
      throw bad();
  }
}

const INTEGER_RANGES = {
  byte: [-128, 127],
  short: [-32768, 32767],
  integer: [-2147483648, 2147483647],
} as const;

const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

/** The typed value of a partition value string from the log. Malformed strings raise DELTA_INVALID_PARTITION_VALUE. */
export function parsePartitionValue(
  raw: string | null | undefined,
  type: DataType,
  options: PartitionValueOptions = {},
): ScalarValue {
  if (raw === null || raw === undefined || raw === '') return null;
  const bad = (): LakesqlError => invalidValue(raw, type, options.column ?? '?');
  if (type.kind === 'decimal') {
    const v = parseDecimal(raw, type.precision, type.scale);
    if (v === undefined) throw bad();
    return v;
  }
  if (type.kind !== 'primitive') throw bad();
  switch (type.name) {
    case 'string':
      return raw;
    case 'boolean': {
      const l = raw.toLowerCase();
      if (l === 'true') return true;
      if (l === 'false') return false;
      throw bad();
    }
    case 'byte':
    case 'short':
    case 'integer': {
      if (!/^[+-]?\d+$/.test(raw)) throw bad();
      const n = Number(raw);
      const [lo, hi] = INTEGER_RANGES[type.name];
      if (n < lo || n > hi) throw bad();
      return n;
    }
    case 'long': {
      if (!/^[+-]?\d+$/.test(raw)) throw bad();
      const n = BigInt(raw);
      if (n < LONG_MIN || n > LONG_MAX) throw bad();
      return n;
    }
    case 'float':
    case 'double': {
      const n = parseFloatingText(raw);
      if (n === undefined) throw bad();
      return type.name === 'float' ? Math.fround(n) : n;
    }
    case 'date': {
      const d = parseDate(raw);
      if (d === undefined) throw bad();
      return d;
    }
    case 'timestamp': {
      const t = parseTimestampText(raw);
      if (t === undefined) throw bad();
      if (t.offsetMicros !== undefined) return t.wallMicros - t.offsetMicros;
      return wallClockToUtc(t.wallMicros, options.timeZone ?? 'UTC');
    }
    case 'timestamp_ntz': {
      const t = parseTimestampText(raw);
      if (t === undefined || t.offsetMicros !== undefined) throw bad();
      return t.wallMicros;
    }
    case 'binary':
      return new TextEncoder().encode(raw);
    case 'void':
    case 'variant':
      throw bad();
  }
}

/** Spark's string-to-double cast: decimal or exponent notation, `NaN`, `Infinity`/`inf` with a sign. */
export function parseFloatingText(raw: string): number | undefined {
  const t = raw.trim();
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[dDfF]?$/.test(t)) return Number(t.replace(/[dDfF]$/, ''));
  const l = t.toLowerCase();
  if (l === 'nan') return Number.NaN;
  if (/^\+?(inf|infinity)$/.test(l)) return Number.POSITIVE_INFINITY;
  if (/^-(inf|infinity)$/.test(l)) return Number.NEGATIVE_INFINITY;
  return undefined;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function invalidValue(value: string, type: DataType, column: string): LakesqlError {
  return new LakesqlError('DELTA_INVALID_PARTITION_VALUE', {
    value: JSON.stringify(value),
    column,
    dataType: sqlTypeName(type),
  });
}
