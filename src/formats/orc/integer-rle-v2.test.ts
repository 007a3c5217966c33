import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unpackNumbers } from './bit-unpack.js';
import { ByteStream } from './byte-stream.js';
import { IntegerRleV2Reader } from './integer-rle-v2.js';
import { bigintRun } from './integer-rle-v2-bigint.js';
import { ByteBuffer } from './writer/byte-buffer.js';
import { writeIntegersV2 } from './writer/integer-rle-v2-writer.js';

/** Packs values most significant bit first, as the RLE v2 writer does. */
function pack(values: readonly number[], width: number): Uint8Array {
  const out = new Uint8Array(Math.ceil((values.length * width) / 8));
  let bit = 0;
  for (const v of values) {
    for (let b = width - 1; b >= 0; b--) {
      if (Math.floor(v / 2 ** b) % 2 === 1) out[bit >>> 3]! |= 0x80 >>> (bit & 7);
      bit++;
    }
  }
  return out;
}

describe('unpackNumbers', () => {
  it('inverts big-endian packing at every width up to 48 bits', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 48 })
          .chain((w) =>
            fc.tuple(
              fc.constant(w),
              fc.array(fc.integer({ min: 0, max: 2 ** Math.min(w, 52) - 1 }), { maxLength: 40 }),
            ),
          ),
        ([width, raw]) => {
          const values = raw.map((v) => v % 2 ** width);
          const out = new Float64Array(values.length);
          const stream = new ByteStream(pack(values, width), 't');
          unpackNumbers(stream, width, values.length, out, 0);
          expect([...out]).toEqual(values);
          expect(stream.remaining).toBe(0);
        },
      ),
    );
  });
});

describe('RLE v2 number fast path', () => {
  // Any bytes, decoded as numbers and as bigints, give the same values (or the same kind of failure):
  // the fast path never changes a result, it only avoids BigInt.
  it('agrees with the bigint decoder on arbitrary input', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 80 }), fc.boolean(), (bytes, signed) => {
        const big = new BigInt64Array(512);
        let expected: bigint[] | 'error';
        try {
          expected = [...big.subarray(0, bigintRun(new ByteStream(bytes, 't'), signed, big))];
        } catch {
          expected = 'error';
        }
        const reader = new IntegerRleV2Reader(new ByteStream(bytes, 't'), signed);
        if (expected === 'error') {
          expect(() => reader.read(new BigInt64Array(512), 0, 512)).toThrow(/ORC: t/);
          return;
        }
        const got = new BigInt64Array(expected.length);
        reader.read(got, 0, expected.length);
        expect([...got]).toEqual(expected);
        const asNumbers = new Float64Array(expected.length);
        new IntegerRleV2Reader(new ByteStream(bytes, 't'), signed).readNumbers(asNumbers, 0, expected.length);
        expect([...asNumbers]).toEqual(expected.map(Number));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('RLE v2 values whose zigzag form passes 2^53', () => {
  it('fall back to BigInt instead of reading a rounded value', () => {
    for (const v of [-(2n ** 52n) - 1n, 2n ** 52n + 1n, -(2n ** 53n) + 1n, 2n ** 53n - 1n]) {
      const out = new ByteBuffer();
      writeIntegersV2(out, new Array<bigint>(11).fill(v), true);
      const read = new Float64Array(11);
      new IntegerRleV2Reader(new ByteStream(out.toBytes(), 't'), true).readNumbers(read, 0, 11);
      expect([...read]).toEqual(new Array<number>(11).fill(Number(v)));
    }
  });
});
