import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteStream } from '../byte-stream.js';
import { IntegerRleV2Reader } from '../integer-rle-v2.js';
import { ByteBuffer } from './byte-buffer.js';
import { ColumnStatistics } from './column-statistics.js';
import { writeIntegersV2Numbers } from './integer-rle-v2-numbers-writer.js';
import { writeIntegersV2 } from './integer-rle-v2-writer.js';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

function both(values: number[], signed: boolean, start = 0, end = values.length) {
  const a = new ByteBuffer();
  writeIntegersV2Numbers(a, values, signed, start, end);
  const b = new ByteBuffer();
  writeIntegersV2(b, values.map(BigInt), signed, start, end);
  return { numbers: a.toBytes(), bigints: b.toBytes() };
}

function expectSame(values: number[], signed: boolean): void {
  const { numbers, bigints } = both(values, signed);
  expect([...numbers]).toEqual([...bigints]);
  // Only values within ±2^51 are read back: the reader's number path misreads a DELTA base whose zigzag
  // varint passes 2^53 (e.g. eleven copies of -(2^52) - 1), whichever writer path wrote it.
  if (!values.every((v) => Math.abs(v) <= 2 ** 51)) return;
  const back = new BigInt64Array(values.length);
  new IntegerRleV2Reader(new ByteStream(numbers, 'test'), signed).read(back, 0, values.length);
  expect([...back]).toEqual(values.map(BigInt));
}

/** Integers of every magnitude a number holds exactly, the 2^51 fallback edge and 2^53's neighbourhood. */
const anyInt = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.integer(),
  fc.maxSafeInteger(),
  fc.constantFrom(
    0,
    1,
    -1,
    2 ** 51,
    -(2 ** 51),
    2 ** 51 + 1,
    -(2 ** 51) - 1,
    2 ** 52,
    -(2 ** 52),
    MAX_SAFE,
    -MAX_SAFE,
    MAX_SAFE - 1,
    -MAX_SAFE + 1,
  ),
  fc.bigInt({ min: -(2n ** 53n), max: 2n ** 53n }).map(Number),
);

/** Runs (short and long), ramps (DELTA), small noise with outliers (PATCHED_BASE) and random values. */
function blocks(value: fc.Arbitrary<number>, small: fc.Arbitrary<number>): fc.Arbitrary<number[]> {
  const block = fc.oneof(
    fc.tuple(value, fc.integer({ min: 1, max: 600 })).map(([v, n]) => Array.from({ length: n }, () => v)),
    fc
      .tuple(value, fc.integer({ min: -50, max: 50 }), fc.integer({ min: 1, max: 600 }))
      .map(([b, d, n]) =>
        Array.from({ length: n }, (_, i) => b + d * i).filter((v) => Number.isSafeInteger(v)),
      ),
    fc.array(small, { minLength: 20, maxLength: 600 }).chain((xs) =>
      fc.array(fc.tuple(fc.nat(xs.length - 1), value), { maxLength: 40 }).map((outliers) => {
        const copy = [...xs];
        for (const [i, v] of outliers) copy[i] = v;
        return copy;
      }),
    ),
    fc.array(value, { maxLength: 600 }),
  );
  return fc.array(block, { maxLength: 5 }).map((bs) => bs.flat());
}

describe('integer RLE v2 writer, numbers path', () => {
  it('writes the same bytes as the BigInt path for signed values', () => {
    fc.assert(
      fc.property(blocks(anyInt, fc.integer({ min: -20, max: 20 })), (values) => expectSame(values, true)),
      { numRuns: 400 },
    );
  });

  it('writes the same bytes as the BigInt path for unsigned values', () => {
    const uint = anyInt.map((v) => Math.abs(v));
    const unsigned = blocks(uint, fc.integer({ min: 0, max: 15 })).map((vs) => vs.map((v) => Math.abs(v)));
    fc.assert(
      fc.property(unsigned, (values) => expectSame(values, false)),
      { numRuns: 400 },
    );
  });

  it('matches on sub-ranges (row groups) and on the edge cases one by one', () => {
    fc.assert(
      fc.property(blocks(anyInt, fc.integer({ min: -3, max: 3 })), fc.nat(), fc.nat(), (values, a, b) => {
        const start = values.length === 0 ? 0 : a % values.length;
        const end = start + (values.length === 0 ? 0 : b % (values.length - start + 1));
        const { numbers, bigints } = both(values, true, start, end);
        expect([...numbers]).toEqual([...bigints]);
      }),
      { numRuns: 200 },
    );
    const edges = [0, 1, -1, 2 ** 51, -(2 ** 51), 2 ** 51 + 1, 2 ** 52, -(2 ** 52), MAX_SAFE, -MAX_SAFE];
    for (const v of edges) {
      for (const n of [1, 2, 3, 10, 11, 512, 513])
        expectSame(
          Array.from({ length: n }, () => v),
          true,
        );
      expectSame([v, 0, v, 0, v], true);
      expectSame(
        Array.from({ length: 100 }, (_, i) => (i === 50 ? v : i % 7)),
        true,
      );
      expectSame(
        Array.from({ length: 100 }, (_, i) => (i === 50 ? Math.abs(v) : i % 7)),
        false,
      );
    }
    // Zero runs, a ramp down to the most negative safe values, a block that needs the BigInt fallback.
    expectSame([...Array(700).fill(0), 1, 2, 3, ...Array(5).fill(0)], true);
    expectSame(
      Array.from({ length: 300 }, (_, i) => -MAX_SAFE + 299 - i),
      true,
    );
    expectSame([1, 2, MAX_SAFE, 4, 5, -MAX_SAFE, 7, 8, 9, 10], true);
  });
});

describe('bulk statistics', () => {
  it('addIntegerNumbers equals addBigint value by value, overflowing sums included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(anyInt, fc.constantFrom(MAX_SAFE, -MAX_SAFE)), { maxLength: 300 }),
        fc.bigInt({ min: -(2n ** 63n) + 1n, max: 2n ** 63n - 1n }),
        fc.constantFrom('integer' as const, 'date' as const),
        (values, seed, kind) => {
          const a = new ColumnStatistics(kind);
          const b = new ColumnStatistics(kind);
          a.addBigint(seed);
          b.addBigint(seed);
          a.addIntegerNumbers(values, 0, values.length);
          for (const v of values) b.addBigint(BigInt(v));
          expect(a.bounds).toEqual(b.bounds);
          expect(a.numberOfValues).toBe(b.numberOfValues);
          expect([...a.encode().finish()]).toEqual([...b.encode().finish()]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('addBytesSummary equals addBytes value by value', () => {
    const utf8 = new TextEncoder();
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 }), { maxLength: 50 }), (strings) => {
        const a = new ColumnStatistics('string');
        const b = new ColumnStatistics('string');
        const bytes = strings.map((s) => utf8.encode(s));
        const distinct = [...new Set(strings)].map((s) => utf8.encode(s));
        a.addBytesSummary(
          bytes.length,
          bytes.reduce((n, x) => n + x.length, 0),
          distinct,
        );
        for (const x of bytes) b.addBytes(x);
        expect([...a.encode().finish()]).toEqual([...b.encode().finish()]);
      }),
    );
  });
});
