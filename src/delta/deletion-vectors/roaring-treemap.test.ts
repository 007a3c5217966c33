import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RoaringBitmap } from './roaring-bitmap.js';
import {
  NATIVE_ROARING_BITMAP_ARRAY_MAGIC,
  PORTABLE_ROARING_BITMAP_ARRAY_MAGIC,
  RoaringBitmapArray,
} from './roaring-treemap.js';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const fromHex = (text: string): Uint8Array => new Uint8Array(Buffer.from(text.replace(/\s/g, ''), 'hex'));
const MAX_ROW_INDEX = 2n ** 63n - 1n;

/** Row indexes near zero (the usual case), near bucket edges and anywhere below 2^63. */
const rowIndexes = fc
  .array(
    fc.oneof(
      fc.bigInt({ min: 0n, max: 100_000n }),
      fc
        .bigInt({ min: 0n, max: 3n })
        .chain((k) => fc.bigInt({ min: k * 2n ** 32n - 50n, max: k * 2n ** 32n + 50n })),
      fc.bigInt({ min: 0n, max: MAX_ROW_INDEX }),
    ),
    { maxLength: 200 },
  )
  .map((values) => values.filter((v) => v >= 0n));

const sortedUnique = (values: readonly bigint[]): bigint[] =>
  [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

describe('RoaringBitmapArray', () => {
  it('serializes the portable format exactly as Delta does', () => {
    // The bitmap of kernel-rs/table-with-dv-small's DV (rows 0 and 9): magic, one bucket, key 0, 32-bit bitmap.
    expect(hex(RoaringBitmapArray.from([0, 9]).serialize())).toBe(
      'd1d33964' + '0100000000000000' + '00000000' + '3a300000010000000000010010000000' + '00000900',
    );
    expect(hex(RoaringBitmapArray.empty().serialize())).toBe('d1d33964' + '0000000000000000');
    expect(PORTABLE_ROARING_BITMAP_ARRAY_MAGIC).toBe(1681511377);
  });

  it('round-trips any set of row indexes and answers has for bigint and number', () => {
    fc.assert(
      fc.property(rowIndexes, (values) => {
        const expected = sortedUnique(values);
        const set = RoaringBitmapArray.deserialize(RoaringBitmapArray.from(values).serialize());
        expect(set.cardinality).toBe(expected.length);
        expect(Array.from(set.toBigUint64Array())).toEqual(expected);
        for (const v of expected) {
          expect(set.has(v)).toBe(true);
          if (v <= BigInt(Number.MAX_SAFE_INTEGER)) expect(set.has(Number(v))).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('answers has for values that are not members, and for non-row-indexes', () => {
    const set = RoaringBitmapArray.from([0n, 9n, 2n ** 32n + 1n, 2n ** 40n]);
    expect([1n, 8n, 2n ** 32n, 2n ** 32n + 2n, 2n ** 41n, -1n, 2n ** 64n].map((v) => set.has(v))).toEqual(
      Array(7).fill(false),
    );
    expect([0, 9, 2 ** 32 + 1, 2 ** 40].map((v) => set.has(v))).toEqual([true, true, true, true]);
    expect([-1, 0.5, 9.5, Number.NaN, 2 ** 64].map((v) => set.has(v))).toEqual(Array(5).fill(false));
    const single = RoaringBitmapArray.from([5]);
    expect([single.has(5), single.has(2 ** 32 + 5), single.has(5n + 2n ** 32n)]).toEqual([
      true,
      false,
      false,
    ]);
    expect(RoaringBitmapArray.empty().has(0)).toBe(false);
  });

  it('refuses row indexes outside [0, 2^63)', () => {
    expect(() => RoaringBitmapArray.from([-1])).toThrow(RangeError);
    expect(() => RoaringBitmapArray.from([2n ** 63n])).toThrow(RangeError);
    expect(() => RoaringBitmapArray.from([1.5])).toThrow(RangeError);
    expect(RoaringBitmapArray.from([MAX_ROW_INDEX]).toBigUint64Array()[0]).toBe(MAX_ROW_INDEX);
  });

  it('reads buckets with empty bitmaps, as Delta writes for keys below the largest', () => {
    const bytes = fromHex(
      'd1d33964 0200000000000000' +
        '00000000 3a30000000000000' + // key 0: empty bitmap
        '01000000 3a300000 01000000 00000000 10000000 0700', // key 1: [7]
    );
    const set = RoaringBitmapArray.deserialize(bytes);
    expect(Array.from(set.toBigUint64Array())).toEqual([2n ** 32n + 7n]);
    expect(set.has(7)).toBe(false);
    expect(set.has(2 ** 32 + 7)).toBe(true);
    // Serializing drops the empty bucket.
    expect(hex(set.serialize()).slice(8, 24)).toBe('0100000000000000');
  });

  it("reads Delta's native layout (magic 1681511376: count, then length-framed bitmaps keyed 0, 1, ...)", () => {
    const first = RoaringBitmap.from([3, 4]).serialize();
    const second = RoaringBitmap.from([1]).serialize();
    const bytes = new Uint8Array(8 + 4 + first.length + 4 + second.length);
    const view = new DataView(bytes.buffer);
    view.setUint32(0, NATIVE_ROARING_BITMAP_ARRAY_MAGIC, true);
    view.setInt32(4, 2, true);
    view.setInt32(8, first.length, true);
    bytes.set(first, 12);
    view.setInt32(12 + first.length, second.length, true);
    bytes.set(second, 16 + first.length);
    expect(Array.from(RoaringBitmapArray.deserialize(bytes).toBigUint64Array())).toEqual([
      3n,
      4n,
      2n ** 32n + 1n,
    ]);
  });

  it('turns malformed bytes into DELTA_INVALID_DELETION_VECTOR', () => {
    const invalid = expect.objectContaining({ errorClass: 'DELTA_INVALID_DELETION_VECTOR' });
    const bad = [
      fromHex('d1d339'), // too short
      fromHex('ffffffff 0000000000000000'), // wrong magic
      fromHex('d1d33964 0100000001000000'), // bucket count beyond 2^32
      fromHex('d1d33964 0500000000000000 00000000 3a30000000000000'), // more buckets than bytes
      fromHex('d1d33964 0100000000000000 00000080 3a30000000000000'), // key with its top bit set
      fromHex('d1d33964 0200000000000000 01000000 3a30000000000000 01000000 3a30000000000000'), // keys repeat
    ];
    for (const bytes of bad) expect(() => RoaringBitmapArray.deserialize(bytes)).toThrow(invalid);
  });

  it('builds, serializes and reads back a million row indexes', () => {
    const rows = new BigUint64Array(1_000_000);
    // Every third row of a 3M-row file (array and bitmap containers) ...
    for (let i = 0; i < 700_000; i++) rows[i] = BigInt(i * 3);
    // ... then a solid block (run containers) in the next bucket.
    for (let i = 700_000; i < 1_000_000; i++) rows[i] = 2n ** 32n + BigInt(i);
    const built = RoaringBitmapArray.from(rows);
    const back = RoaringBitmapArray.deserialize(built.serialize());
    expect(back.cardinality).toBe(1_000_000);
    const all = back.toBigUint64Array();
    expect(all.length).toBe(1_000_000);
    expect(all[0]).toBe(0n);
    expect(all[699_999]).toBe(2_099_997n);
    expect(all[700_000]).toBe(2n ** 32n + 700_000n);
    expect(all[999_999]).toBe(2n ** 32n + 999_999n);
    let hits = 0;
    for (let i = 0; i < 1_000_000; i++) if (back.has(i)) hits++;
    expect(hits).toBe(Math.ceil(1_000_000 / 3));
  });
});
