/**
 * The integer run-length decoders share one shape. Values are 64-bit and signed (zigzag) or unsigned; a
 * reader hands them out as bigints (bigint columns, decimal64, where the full range is used) or as JS
 * numbers (lengths, dictionary ids, tinyint..int and date columns, timestamp parts: all within 2^53),
 * which skips BigInt arithmetic entirely on the fast path. Use one of the two per reader.
 */
import type { ByteStream } from './byte-stream.js';
import { IntegerRleV1Reader } from './integer-rle-v1.js';
import { IntegerRleV2Reader } from './integer-rle-v2.js';

export interface IntegerReader {
  /** Writes the next `count` values to `out[offset..offset+count)`. */
  read(out: BigInt64Array, offset: number, count: number): void;
  /**
   * The same as numbers: exact up to 2^53, rounded beyond (an Int32Array keeps the low 32 bits, as
   * Java's `(int) long` cast does).
   */
  readNumbers(out: Float64Array | Int32Array, offset: number, count: number): void;
  /** Passes over the next `count` values. */
  skip(count: number): void;
}

export type RleVersion = 1 | 2;

/** A reader over `stream`; one opened at a row group first skips the values of earlier rows (runSkip). */
export function integerReader(stream: ByteStream, signed: boolean, version: RleVersion): IntegerReader {
  const r = version === 1 ? new IntegerRleV1Reader(stream, signed) : new IntegerRleV2Reader(stream, signed);
  const skip = stream.runSkip[0] ?? 0;
  if (skip > 0) r.skip(skip);
  return r;
}

/** Reads `count` values as JS numbers (lengths, dictionary ids, int columns: all within 2^53). */
export function readNumbers(reader: IntegerReader, count: number): Float64Array {
  const out = new Float64Array(count);
  reader.readNumbers(out, 0, count);
  return out;
}
