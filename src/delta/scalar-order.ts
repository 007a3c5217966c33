/**
 * Spark's ordering of ScalarValues of one Delta type, for comparing literals with statistics and partition
 * values. Strings and binary compare as UTF-8 bytes, as Spark's UTF8String does (JS `<` on strings is
 * UTF-16 order, which puts U+E000..U+FFFF above supplementary characters); floating point puts NaN above
 * every number and -0.0 equal to 0.0; decimals compare their unscaled values at the type's scale.
 */
import type { DataType } from '../types/data-types.js';
import type { ScalarValue } from '../types/scalar.js';

/** Negative, zero or positive. Both values must already be of the type's JS representation (see coerceLiteral). */
export function compareScalars(a: ScalarValue, b: ScalarValue): number {
  if (typeof a === 'string' && typeof b === 'string') return compareUtf8(a, b);
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number' && typeof b === 'number') return compareNumbers(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (a instanceof Uint8Array && b instanceof Uint8Array) return compareBytes(a, b);
  throw new Error(`compareScalars: values of different kinds (${typeof a}, ${typeof b})`);
}

/** UTF-8 byte order of two JS strings, without encoding them. */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (U+D800..U+DFFF) encode code points above U+FFFF, which sort after all BMP characters.
    return weight(x) - weight(y);
  }
  return a.length - b.length;
}

function weight(unit: number): number {
  return unit >= 0xd800 && unit <= 0xdfff ? unit + 0x10000 : unit;
}

function compareNumbers(a: number, b: number): number {
  const an = Number.isNaN(a);
  const bn = Number.isNaN(b);
  if (an || bn) return an && bn ? 0 : an ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/**
 * A pushed-down literal in the column type's JS representation, or undefined when it cannot be compared
 * with the column (then nothing may be skipped on it). Integral numbers and bigints convert to each other;
 * a decimal literal must already be the unscaled bigint at the column's scale.
 */
export function coerceLiteral(v: ScalarValue, type: DataType): ScalarValue | undefined {
  if (v === null) return null;
  if (type.kind === 'decimal') return typeof v === 'bigint' ? v : undefined;
  if (type.kind !== 'primitive') return undefined;
  switch (type.name) {
    case 'long':
    case 'timestamp':
    case 'timestamp_ntz':
      if (typeof v === 'bigint') return v;
      return typeof v === 'number' && Number.isInteger(v) ? BigInt(v) : undefined;
    case 'byte':
    case 'short':
    case 'integer':
    case 'date':
    case 'float':
    case 'double':
      if (typeof v === 'number') return v;
      return typeof v === 'bigint' && Number.isSafeInteger(Number(v)) ? Number(v) : undefined;
    case 'string':
      return typeof v === 'string' ? v : undefined;
    case 'boolean':
      return typeof v === 'boolean' ? v : undefined;
    case 'binary':
      return v instanceof Uint8Array ? v : undefined;
    case 'void':
    case 'variant':
      return undefined;
  }
}
