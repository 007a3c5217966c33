/**
 * The shapes of a plain CSV file's tokens (csv-plain-read.ts), per column, found in one pass over the bytes.
 * A native reader (DuckDB's read_csv) and Spark's UnivocityParser agree on a token only in some shapes:
 * Java's parsers take `+5`, ` 12`, `1d`, `0x1p3`, `Infinity`, and DuckDB's casts take `1_000` or ` 5`. So:
 * - int / long: `-?[0-9]{1,18}` (Integer.parseInt and DuckDB both take leading zeros), told apart by value;
 * - double: `-?[0-9]+\.[0-9]+`;
 * - date: `yyyy-mm-dd`, a valid date from year 1000 (clear of the readers' differing eras);
 * - boolean: `true`/`false` in any case;
 * - string: starts with an ASCII letter or `_` that no number, date, timestamp or boolean text of Spark's
 *   starts with: not N or I (NaN, Infinity), T or t (`T10:00` times, true), F or f (false);
 * - other: anything else (the TypeScript reader decides those).
 * An empty token is NULL (the default `nullValue`) and has no shape.
 *
 * The shapes decide Spark's inferred type where CSVInferSchema's fold depends only on them (`inferredType`)
 * and whether a column of a given type reads alike in both readers (`readsAlike`).
 */
import {
  BooleanType,
  type DataType,
  DateType,
  DoubleType,
  IntegerType,
  LongType,
  StringType,
} from '../../types/data-types.js';
import { lengthOfMonth } from '../../types/proleptic-calendar.js';

/** Token shapes, one bit each; a column's shapes are their union. */
export const SHAPE = {
  int: 1,
  long: 2,
  double: 4,
  date: 8,
  boolean: 16,
  string: 32,
  other: 64,
} as const;

const isDigit = (b: number) => b >= 48 && b <= 57;

/** Whether a first byte makes a token a string whatever follows. */
function stringStart(b: number): boolean {
  if (b === 95) return true;
  if (b >= 97 && b <= 122) return b !== 102 && b !== 116;
  if (b >= 65 && b <= 90) return b !== 70 && b !== 73 && b !== 78 && b !== 84;
  return false;
}

/** The shape of the token `bytes[start, end)` (non-empty). */
export function tokenShape(bytes: Uint8Array, start: number, end: number): number {
  const first = bytes[start]!;
  if (stringStart(first)) return SHAPE.string;
  const n = end - start;
  if (first === 116 || first === 84 || first === 102 || first === 70) return booleanShape(bytes, start, n);
  let i = first === 45 ? start + 1 : start;
  const digitsFrom = i;
  let value = 0;
  while (i < end && isDigit(bytes[i]!)) {
    value = value * 10 + bytes[i]! - 48;
    i += 1;
  }
  const intDigits = i - digitsFrom;
  if (intDigits === 0) return SHAPE.other;
  if (i === end) {
    if (intDigits > 18) return SHAPE.other;
    const v = first === 45 ? -value : value;
    return v >= -2147483648 && v <= 2147483647 ? SHAPE.int : SHAPE.long;
  }
  const b = bytes[i]!;
  if (b === 46) {
    let j = i + 1;
    while (j < end && isDigit(bytes[j]!)) j += 1;
    return j === end && j > i + 1 ? SHAPE.double : SHAPE.other;
  }
  if (b === 45 && first !== 45 && n === 10 && intDigits === 4 && first !== 48) return dateShape(bytes, start);
  return SHAPE.other;
}

function dateShape(bytes: Uint8Array, s: number): number {
  const m1 = bytes[s + 5]! - 48;
  const m2 = bytes[s + 6]! - 48;
  const d1 = bytes[s + 8]! - 48;
  const d2 = bytes[s + 9]! - 48;
  if (
    bytes[s + 7] !== 45 ||
    !(m1 >= 0 && m1 <= 9 && m2 >= 0 && m2 <= 9 && d1 >= 0 && d1 <= 9 && d2 >= 0 && d2 <= 9)
  )
    return SHAPE.other;
  const year =
    (bytes[s]! - 48) * 1000 + (bytes[s + 1]! - 48) * 100 + (bytes[s + 2]! - 48) * 10 + bytes[s + 3]! - 48;
  const month = m1 * 10 + m2;
  const day = d1 * 10 + d2;
  // A valid proleptic Gregorian date (only its validity matters here, not its day number).
  return month >= 1 && month <= 12 && day >= 1 && day <= lengthOfMonth(year, month)
    ? SHAPE.date
    : SHAPE.other;
}

const TRUE = [116, 114, 117, 101];
const FALSE = [102, 97, 108, 115, 101];

function booleanShape(bytes: Uint8Array, s: number, n: number): number {
  const word = n === 4 ? TRUE : n === 5 ? FALSE : undefined;
  if (word === undefined) return SHAPE.other;
  for (let k = 0; k < n; k++) if ((bytes[s + k]! | 0x20) !== word[k]) return SHAPE.other;
  return SHAPE.boolean;
}

/**
 * CSVInferSchema's result (csv-schema-inference.ts) for a column whose tokens have `shapes`: any string makes
 * a string; ints, longs and doubles widen to the widest; dates alone are dates, booleans alone booleans; no
 * value at all is a string. Undefined where the fold depends on more than the shapes (a token of another
 * shape; dates or booleans mixed with other shapes, where the outcome may depend on the order).
 */
export function inferredType(shapes: number): DataType | undefined {
  if (shapes & SHAPE.string) return StringType;
  if (shapes & SHAPE.other) return undefined;
  if (shapes === 0) return StringType;
  if ((shapes & ~(SHAPE.int | SHAPE.long | SHAPE.double)) === 0) {
    return shapes & SHAPE.double ? DoubleType : shapes & SHAPE.long ? LongType : IntegerType;
  }
  if (shapes === SHAPE.date) return DateType;
  if (shapes === SHAPE.boolean) return BooleanType;
  return undefined;
}

/** Whether tokens of `shapes` all convert to `type` alike in UnivocityParser and DuckDB's read_csv. */
export function readsAlike(type: DataType, shapes: number): boolean {
  const only = (allowed: number) => (shapes & ~allowed) === 0;
  if (type.kind !== 'primitive') return false;
  switch (type.name) {
    case 'string':
      return true;
    case 'integer':
      return only(SHAPE.int);
    case 'long':
      return only(SHAPE.int | SHAPE.long);
    case 'double':
      return only(SHAPE.int | SHAPE.long | SHAPE.double);
    case 'date':
      return only(SHAPE.date);
    case 'boolean':
      return only(SHAPE.boolean);
    default:
      return false;
  }
}
