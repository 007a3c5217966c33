/**
 * The integer run-length decoders share one shape: fill `count` values into a BigInt64Array. Values are
 * 64-bit (bigint, bigint columns and timestamps use the full range), signed (zigzag) or unsigned.
 */
import type { ByteStream } from './byte-stream.js';
import { IntegerRleV1Reader } from './integer-rle-v1.js';
import { IntegerRleV2Reader } from './integer-rle-v2.js';

export interface IntegerReader {
  /** Writes the next `count` values to `out[offset..offset+count)`. */
  read(out: BigInt64Array, offset: number, count: number): void;
}

export type RleVersion = 1 | 2;

export function integerReader(stream: ByteStream, signed: boolean, version: RleVersion): IntegerReader {
  return version === 1 ? new IntegerRleV1Reader(stream, signed) : new IntegerRleV2Reader(stream, signed);
}

/** Reads `count` values as JS numbers (lengths, dictionary ids, int columns: all within 2^53). */
export function readNumbers(reader: IntegerReader, count: number): Float64Array {
  const big = new BigInt64Array(count);
  reader.read(big, 0, count);
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) out[i] = Number(big[i]!);
  return out;
}
