/**
 * `lit(value)`: a JS value as a Spark literal, with PySpark's typing of Python values mapped to JS:
 * an integral number is an int literal when it fits in 32 bits and a bigint otherwise (PySpark's lit(1) is
 * int, lit(2**40) bigint); other numbers are doubles; bigint is bigint; string, boolean, Uint8Array (binary),
 * Date (a timestamp, the instant it holds) and arrays (Spark's array(...)).
 */

import { formatTimestampNtz } from '../../exec/value-format/datetime-text.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { call, cast, literal, stringLiteral } from '../../sql/ast/node-builders.js';
import { DoubleType } from '../../types/data-types.js';

export type LiteralValue =
  | null
  | undefined
  | boolean
  | number
  | bigint
  | string
  | Date
  | Uint8Array
  | readonly LiteralValue[];

const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

export function jsLiteral(v: LiteralValue): Expression {
  if (v === null || v === undefined) return literal({ type: 'null' });
  if (typeof v === 'boolean') return literal({ type: 'boolean', value: v });
  if (typeof v === 'string') return stringLiteral(v);
  if (typeof v === 'bigint') {
    if (v >= LONG_MIN && v <= LONG_MAX) return literal({ type: 'bigint', value: v });
    const digits = (v < 0n ? -v : v).toString().length;
    return literal({ type: 'decimal', unscaled: v, precision: digits, scale: 0 });
  }
  if (typeof v === 'number') return numberLiteral(v);
  if (v instanceof Date) return timestampLiteral(BigInt(v.getTime()) * 1000n);
  if (v instanceof Uint8Array) return literal({ type: 'binary', value: v });
  if (Array.isArray(v)) return call('array', v.map(jsLiteral));
  throw new TypeError(`lit() cannot take a value of type ${typeof v}`);
}

export function numberLiteral(v: number): Expression {
  if (Number.isInteger(v) && v >= INT_MIN && v <= INT_MAX) return literal({ type: 'int', value: BigInt(v) });
  if (Number.isSafeInteger(v)) return literal({ type: 'bigint', value: BigInt(v) });
  return doubleLiteral(v);
}

/** A double literal; NaN and the infinities, which have no literal form, as Spark's CAST from a string. */
export function doubleLiteral(v: number): Expression {
  if (!Number.isFinite(v)) {
    const text = Number.isNaN(v) ? 'NaN' : v > 0 ? 'Infinity' : '-Infinity';
    return cast(stringLiteral(text), DoubleType);
  }
  return literal({ type: 'double', value: v, text: String(v) });
}

/** A timestamp literal for an instant given in microseconds since the epoch: its UTC text with a `Z` zone. */
export function timestampLiteral(micros: bigint): Expression {
  return literal({ type: 'timestamp', value: `${formatTimestampNtz(micros)}Z` });
}
