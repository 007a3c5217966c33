import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLakesqlError } from '../../errors/index.js';
import { RoaringBitmap } from './roaring-bitmap.js';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const fromHex = (text: string): Uint8Array => new Uint8Array(Buffer.from(text.replace(/\s/g, ''), 'hex'));
const range = (from: number, to: number, step = 1): number[] => {
  const out: number[] = [];
  for (let v = from; v < to; v += step) out.push(v);
  return out;
};

/** Sets with sparse values, long runs and dense scattered blocks, so all three container kinds occur. */
const uint32Sets = fc
  .array(
    fc.oneof(
      fc.array(fc.nat({ max: 0xffffffff }), { maxLength: 50 }),
      fc
        .record({ start: fc.nat({ max: 0xffffffff }), length: fc.integer({ min: 1, max: 20000 }) })
        .map(({ start, length }) => range(start, Math.min(start + length, 0x100000000))),
      fc
        .record({ key: fc.nat({ max: 0xffff }), step: fc.integer({ min: 2, max: 9 }) })
        .map(({ key, step }) => range(key * 0x10000, key * 0x10000 + 0x10000, step)),
    ),
    { maxLength: 4 },
  )
  .map((parts) => parts.flat());

const sortedUnique = (values: readonly number[]): Uint32Array => Uint32Array.from(new Set(values)).sort();

/** Element-wise check that reports the first difference (vitest's deep equality is slow on 100k elements). */
function expectSameValues(actual: Uint32Array, expected: Uint32Array): void {
  expect(actual.length).toBe(expected.length);
  const at = actual.findIndex((v, i) => v !== expected[i]);
  expect(at === -1 ? 'equal' : `differs at ${at}: ${actual[at]} vs ${expected[at]}`).toBe('equal');
}

describe('RoaringBitmap', () => {
  it('adds, answers has and cardinality, and iterates ascending', () => {
    const bitmap = RoaringBitmap.from([70000, 5, 0xffffffff, 5, 0, 65536]);
    expect(bitmap.cardinality).toBe(5);
    expect(Array.from(bitmap.toArray())).toEqual([0, 5, 65536, 70000, 0xffffffff]);
    expect([...bitmap]).toEqual([0, 5, 65536, 70000, 0xffffffff]);
    expect([0, 5, 65536, 70000, 0xffffffff].map((v) => bitmap.has(v))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([1, 4, 65535, 65537, 0xfffffffe, -1, 2 ** 32, 0.5].map((v) => bitmap.has(v))).toEqual(
      Array(8).fill(false),
    );
    expect(() => bitmap.add(-1)).toThrow(RangeError);
    expect(() => bitmap.add(2 ** 32)).toThrow(RangeError);
  });

  it('serializes a small set exactly as Delta writes it (run-less cookie, array container)', () => {
    // The 32-bit part of kernel-rs/table-with-dv-small's DV (rows 0 and 9).
    expect(hex(RoaringBitmap.from([0, 9]).serialize())).toBe('3a300000010000000000010010000000' + '00000900');
    expect(hex(RoaringBitmap.empty().serialize())).toBe('3a30000000000000');
  });

  it('writes a run container with the run cookie when that is smaller', () => {
    const bytes = RoaringBitmap.from(range(10, 110)).serialize();
    // cookie 12347 | (1 - 1) << 16, run flags 0b1, key 0 / cardinality-1 99, no offsets (< 4 containers),
    // one run: start 10, length-1 99.
    expect(hex(bytes)).toBe('3b300000' + '01' + '00006300' + '0100' + '0a006300');
    expect(Array.from(RoaringBitmap.deserialize(bytes).bitmap.toArray())).toEqual(range(10, 110));
  });

  it('writes a bitmap container for dense scattered values', () => {
    const values = range(0, 0x10000, 2);
    const bytes = RoaringBitmap.from(values).serialize();
    expect(bytes.length).toBe(8 + 8 + 8192);
    const { bitmap, end } = RoaringBitmap.deserialize(bytes);
    expect(end).toBe(bytes.length);
    expect(bitmap.cardinality).toBe(32768);
    expect(bitmap.has(65534)).toBe(true);
    expect(bitmap.has(65535)).toBe(false);
  });

  it('reads the 32-bit bitmap of the PROTOCOL.md inline example (rows 3, 4, 7, 11, 18, 29)', () => {
    const bytes = fromHex('3a300000 01000000 00000500 10000000 0300 0400 0700 0b00 1200 1d00');
    expect(Array.from(RoaringBitmap.deserialize(bytes).bitmap.toArray())).toEqual([3, 4, 7, 11, 18, 29]);
  });

  it('reads the run cookie with an offset header once there are 4 or more containers', () => {
    // Four containers: keys 0..3; container 1 is a run [5..7], the others arrays.
    const bytes = fromHex(
      '3b300300' + // SERIAL_COOKIE, 4 containers
        '02' + // run flags: container 1
        '00000000 01000200 02000000 03000100' + // keys and cardinality - 1
        '00000000 00000000 00000000 00000000' + // offsets (ignored by sequential reading)
        '0100' + // container 0: [1]
        '0100 05000200' + // container 1: one run 5..7
        '0900' + // container 2: [9]
        '0000 ffff', // container 3: [0, 65535]
    );
    const { bitmap, end } = RoaringBitmap.deserialize(bytes);
    expect(end).toBe(bytes.length);
    expect(Array.from(bitmap.toArray())).toEqual([
      1,
      65536 + 5,
      65536 + 6,
      65536 + 7,
      131072 + 9,
      196608,
      262143,
    ]);
  });

  it('round-trips any set through the portable format', () => {
    fc.assert(
      fc.property(uint32Sets, (values) => {
        const expected = sortedUnique(values);
        const bitmap = RoaringBitmap.from(values);
        const { bitmap: back, end } = RoaringBitmap.deserialize(bitmap.serialize());
        expect(end).toBe(bitmap.serialize().length);
        expect(back.cardinality).toBe(expected.length);
        expectSameValues(back.toArray(), expected);
        expect(values.every((v) => back.has(v))).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('keeps a deserialized bitmap writable: adding into run, bitmap and array containers', () => {
    fc.assert(
      fc.property(uint32Sets, fc.array(fc.nat({ max: 0xffffffff }), { maxLength: 30 }), (values, more) => {
        const bitmap = RoaringBitmap.deserialize(RoaringBitmap.from(values).serialize()).bitmap;
        for (const v of more) bitmap.add(v);
        const near = values.slice(0, 20).map((v) => Math.min(v + 1, 0xffffffff));
        for (const v of near) bitmap.add(v);
        expectSameValues(bitmap.toArray(), sortedUnique([...values, ...more, ...near]));
      }),
      { numRuns: 30 },
    );
  });

  it('turns malformed bytes into DELTA_INVALID_DELETION_VECTOR', () => {
    const bad = [
      fromHex('39300000 00000000'), // unknown cookie
      fromHex('3a300000 01000000 00000100'), // truncated header
      fromHex('3a300000 01000000 00000100 10000000 0900 0000'), // array not sorted
      fromHex('3a300000 02000000 01000000 00000000 18000000 1a000000 0100 0100'), // keys not ascending
      fromHex('3b300000 01 00000100 0100 05000200'), // run holds 3 values, header says 2
    ];
    for (const bytes of bad) {
      expect(() => RoaringBitmap.deserialize(bytes)).toThrow(
        expect.objectContaining({ errorClass: 'DELTA_INVALID_DELETION_VECTOR' }),
      );
      try {
        RoaringBitmap.deserialize(bytes);
      } catch (e) {
        expect(isLakesqlError(e, 'DELTA_INVALID_DELETION_VECTOR')).toBe(true);
      }
    }
  });
});
