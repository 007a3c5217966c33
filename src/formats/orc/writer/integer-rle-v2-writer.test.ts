import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BooleanRleReader, ByteRleReader } from '../byte-rle.js';
import { ByteStream } from '../byte-stream.js';
import { IntegerRleV2Reader } from '../integer-rle-v2.js';
import { ByteBuffer } from './byte-buffer.js';
import { BooleanRleWriter, ByteRleWriter } from './byte-rle-writer.js';
import { writeIntegersV2 } from './integer-rle-v2-writer.js';

function roundTrip(values: bigint[], signed: boolean): { back: bigint[]; bytes: Uint8Array } {
  const out = new ByteBuffer();
  writeIntegersV2(out, values, signed);
  const bytes = out.toBytes();
  const read = new BigInt64Array(values.length);
  new IntegerRleV2Reader(new ByteStream(bytes, 'test'), signed).read(read, 0, values.length);
  return { back: [...read], bytes };
}

describe('integer RLE v2 writer', () => {
  it('writes the spec examples byte for byte (ORCv1.md)', () => {
    const enc = (v: number[], signed = false) => {
      const out = new ByteBuffer();
      writeIntegersV2(out, v.map(BigInt), signed);
      return [...out.toBytes()];
    };
    // SHORT_REPEAT: [10000, 10000, 10000, 10000, 10000] -> 0x0a 0x27 0x10
    expect(enc([10000, 10000, 10000, 10000, 10000])).toEqual([0x0a, 0x27, 0x10]);
    // DIRECT: [23713, 43806, 57005, 48879] -> 0x5e 0x03 0x5c 0xa1 0xab 0x1e 0xde 0xad 0xbe 0xef
    expect(enc([23713, 43806, 57005, 48879])).toEqual([
      0x5e, 0x03, 0x5c, 0xa1, 0xab, 0x1e, 0xde, 0xad, 0xbe, 0xef,
    ]);
    // DELTA: the spec packs [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]'s deltas in 4 bits (Java aligns the
    // width); the narrowest table width, 3, is as valid and one byte shorter.
    expect(enc([2, 3, 5, 7, 11, 13, 17, 19, 23, 29])).toEqual([0xc4, 0x09, 0x02, 0x02, 0x4a, 0x28, 0xa6]);
  });

  it('uses PATCHED_BASE for a few outliers among small values', () => {
    const values = Array.from({ length: 100 }, (_, i) => BigInt(i % 10));
    values[37] = 1_000_000_000n;
    values[80] = 2_000_000_000n;
    const { back, bytes } = roundTrip(values, true);
    expect(back).toEqual(values);
    expect(bytes[0]! >>> 6).toBe(2);
  });

  it('round-trips any int64 sequence, signed and unsigned', () => {
    const int64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
    const small = fc.bigInt({ min: -1000n, max: 1000n });
    const value = fc.oneof(int64, small, fc.constantFrom(-(2n ** 63n), 2n ** 63n - 1n, 0n));
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            value,
            small.map((v) => v),
            fc.constant(7n),
          ),
          { maxLength: 1200 },
        ),
        (values) => {
          expect(roundTrip(values, true).back).toEqual(values);
        },
      ),
      { numRuns: 300 },
    );
    const uint = fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }), fc.bigInt({ min: 0n, max: 300n }));
    fc.assert(
      fc.property(fc.array(uint, { maxLength: 1200 }), (values) => {
        expect(roundTrip(values, false).back).toEqual(values);
      }),
      { numRuns: 200 },
    );
  });

  it('round-trips runs, ramps and outliers', () => {
    const block = fc.oneof(
      fc
        .tuple(fc.bigInt({ min: -(2n ** 40n), max: 2n ** 40n }), fc.integer({ min: 1, max: 600 }))
        .map(([v, n]) => Array.from({ length: n }, () => v)),
      fc
        .tuple(
          fc.bigInt({ min: -(2n ** 40n), max: 2n ** 40n }),
          fc.bigInt({ min: -50n, max: 50n }),
          fc.integer({ min: 1, max: 600 }),
        )
        .map(([b, d, n]) => Array.from({ length: n }, (_, i) => b + d * BigInt(i))),
      fc.array(fc.bigInt({ min: 0n, max: 15n }), { minLength: 20, maxLength: 600 }).chain((xs) =>
        fc
          .array(fc.tuple(fc.nat(xs.length - 1), fc.bigInt({ min: 0n, max: 2n ** 62n })), { maxLength: 40 })
          .map((outliers) => {
            const copy = [...xs];
            for (const [i, v] of outliers) copy[i] = v;
            return copy;
          }),
      ),
    );
    fc.assert(
      fc.property(fc.array(block, { maxLength: 5 }), (blocks) => {
        const values = blocks.flat();
        expect(roundTrip(values, true).back).toEqual(values);
        const unsigned = values.map((v) => (v < 0n ? -v : v));
        expect(roundTrip(unsigned, false).back).toEqual(unsigned);
      }),
      { numRuns: 300 },
    );
  });
});

describe('byte and boolean RLE writers', () => {
  it('writes runs and literals as the spec example', () => {
    const out = new ByteBuffer();
    const w = new ByteRleWriter(out);
    for (let i = 0; i < 100; i++) w.write(0);
    w.write(0x44);
    w.write(0x45);
    w.flush();
    // ORCv1.md: [0x61, 0x00] for 100 zeros, [0xfe, 0x44, 0x45] for two literals.
    expect([...out.toBytes()]).toEqual([0x61, 0x00, 0xfe, 0x44, 0x45]);
  });

  it('round-trips bytes and bits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constant(9)), { maxLength: 700 }),
        (bytes) => {
          const out = new ByteBuffer();
          const w = new ByteRleWriter(out);
          for (const b of bytes) w.write(b);
          w.flush();
          const back = new Uint8Array(bytes.length);
          new ByteRleReader(new ByteStream(out.toBytes(), 't')).read(back, bytes.length);
          expect([...back]).toEqual(bytes);
        },
      ),
    );
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 700 }), (bits) => {
        const out = new ByteBuffer();
        const w = new BooleanRleWriter(out);
        for (const b of bits) w.write(b);
        w.flush();
        const r = new BooleanRleReader(new ByteStream(out.toBytes(), 't'));
        expect(bits.map(() => r.next())).toEqual(bits);
      }),
    );
  });
});
