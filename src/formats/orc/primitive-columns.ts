/**
 * Readers for the fixed-width types (ORCv1.md "Column Encodings"): boolean (boolean RLE), tinyint (byte
 * RLE), smallint/int/bigint/date (signed integer RLE v1 or v2), float and double (IEEE 754 little endian).
 * Each reads the non-null values densely and spreads them over the rows.
 */
import { BooleanRleReader, ByteRleReader } from './byte-rle.js';
import { type ColumnReadContext, type Presence, requiredStream, rleVersion } from './column-context.js';
import type { ColumnVector } from './column-vector.js';
import { integerReader } from './integer-rle.js';
import type { OrcType } from './type-tree.js';

export function readBoolean(ctx: ColumnReadContext, t: OrcType, count: number, p: Presence): ColumnVector {
  const bits = new BooleanRleReader(requiredStream(ctx, t, 'DATA', 'BooleanColumn', p.nonNull));
  const values = new Uint8Array(count);
  for (let i = 0; i < count; i++)
    if (p.present === undefined || p.present[i] === 1) values[i] = bits.next() ? 1 : 0;
  return { kind: 'boolean', type: t, length: count, present: p.present, values };
}

export function readTinyint(ctx: ColumnReadContext, t: OrcType, count: number, p: Presence): ColumnVector {
  const bytes = new ByteRleReader(requiredStream(ctx, t, 'DATA', 'ByteColumn', p.nonNull));
  const values = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    if (p.present !== undefined && p.present[i] === 0) continue;
    const b = bytes.next();
    values[i] = b < 128 ? b : b - 256;
  }
  return { kind: 'int', type: t, length: count, present: p.present, values };
}

/** Reads `p.nonNull` signed integers from the DATA stream as bigints, spread over `count` rows. */
export function readSignedIntegers(
  ctx: ColumnReadContext,
  t: OrcType,
  count: number,
  p: Presence,
  reader: string,
): BigInt64Array {
  const dense = new BigInt64Array(p.nonNull);
  integerReader(requiredStream(ctx, t, 'DATA', reader, p.nonNull), true, rleVersion(ctx, t)).read(
    dense,
    0,
    p.nonNull,
  );
  if (p.present === undefined) return dense;
  const out = new BigInt64Array(count);
  let j = 0;
  for (let i = 0; i < count; i++) if (p.present[i] === 1) out[i] = dense[j++]!;
  return out;
}

/**
 * The same as numbers (the fast path: no BigInt). `out` is Int32Array for smallint, int and date, whose
 * values fit 32 bits, and Float64Array for timestamp seconds, exact within 2^53 seconds.
 */
export function readSignedNumbers<T extends Int32Array | Float64Array>(
  ctx: ColumnReadContext,
  t: OrcType,
  out: T,
  p: Presence,
  reader: string,
): T {
  const r = integerReader(requiredStream(ctx, t, 'DATA', reader, p.nonNull), true, rleVersion(ctx, t));
  if (p.present === undefined) {
    r.readNumbers(out, 0, p.nonNull);
    return out;
  }
  const dense = new Float64Array(p.nonNull);
  r.readNumbers(dense, 0, p.nonNull);
  let j = 0;
  for (let i = 0; i < out.length; i++) if (p.present[i] === 1) out[i] = dense[j++]!;
  return out;
}

export function readInt(ctx: ColumnReadContext, t: OrcType, count: number, p: Presence): ColumnVector {
  const values = readSignedNumbers(ctx, t, new Int32Array(count), p, 'IntegerColumn');
  return { kind: 'int', type: t, length: count, present: p.present, values };
}

export function readLong(ctx: ColumnReadContext, t: OrcType, count: number, p: Presence): ColumnVector {
  const values = readSignedIntegers(ctx, t, count, p, 'IntegerColumn');
  return { kind: 'long', type: t, length: count, present: p.present, values };
}

export function readFloating(ctx: ColumnReadContext, t: OrcType, count: number, p: Presence): ColumnVector {
  const width = t.kind === 'float' ? 4 : 8;
  const raw = requiredStream(ctx, t, 'DATA', 'DoubleColumn', p.nonNull).take(p.nonNull * width);
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const values = width === 4 ? new Float32Array(count) : new Float64Array(count);
  let j = 0;
  for (let i = 0; i < count; i++) {
    if (p.present !== undefined && p.present[i] === 0) continue;
    values[i] = width === 4 ? view.getFloat32(j * 4, true) : view.getFloat64(j * 8, true);
    j++;
  }
  return values instanceof Float32Array
    ? { kind: 'float', type: t, length: count, present: p.present, values }
    : { kind: 'double', type: t, length: count, present: p.present, values };
}
