import { describe, expect, it } from 'vitest';
import { BooleanRleReader, ByteRleReader } from './byte-rle.js';
import { ByteStream } from './byte-stream.js';
import { integerReader, type RleVersion } from './integer-rle.js';

function decode(bytes: number[], count: number, signed: boolean, version: RleVersion): bigint[] {
  const out = new BigInt64Array(count);
  integerReader(new ByteStream(Uint8Array.from(bytes), 'test'), signed, version).read(out, 0, count);
  return [...out];
}

const big = (xs: number[]) => xs.map(BigInt);

// The worked examples of ORCv1.md "Run Length Encoding".
describe('integer RLE v2 (ORCv1.md examples)', () => {
  it('SHORT_REPEAT: five 10000s', () => {
    expect(decode([0x0a, 0x27, 0x10], 5, false, 2)).toEqual(big([10000, 10000, 10000, 10000, 10000]));
  });
  it('DIRECT: 16-bit values', () => {
    const bytes = [0x5e, 0x03, 0x5c, 0xa1, 0xab, 0x1e, 0xde, 0xad, 0xbe, 0xef];
    expect(decode(bytes, 4, false, 2)).toEqual(big([23713, 43806, 57005, 48879]));
  });
  it('PATCHED_BASE: one outlier patched over 8-bit values', () => {
    const bytes = [
      0x8e, 0x13, 0x2b, 0x21, 0x07, 0xd0, 0x1e, 0x00, 0x14, 0x70, 0x28, 0x32, 0x3c, 0x46, 0x50, 0x5a, 0x64,
      0x6e, 0x78, 0x82, 0x8c, 0x96, 0xa0, 0xaa, 0xb4, 0xbe, 0xfc, 0xe8,
    ];
    expect(decode(bytes, 20, false, 2)).toEqual(
      big([
        2030, 2000, 2020, 1000000, 2040, 2050, 2060, 2070, 2080, 2090, 2100, 2110, 2120, 2130, 2140, 2150,
        2160, 2170, 2180, 2190,
      ]),
    );
  });
  it('DELTA: the first primes', () => {
    const bytes = [0xc6, 0x09, 0x02, 0x02, 0x22, 0x42, 0x42, 0x46];
    expect(decode(bytes, 10, false, 2)).toEqual(big([2, 3, 5, 7, 11, 13, 17, 19, 23, 29]));
  });
  it('DELTA with width 0 is a fixed step; signed base is zigzag', () => {
    // header: delta (3), width code 0, length 5; base zigzag(-2) = 3; delta base zigzag(-3) = 5.
    expect(decode([0xc0, 0x04, 0x03, 0x05], 5, true, 2)).toEqual(big([-2, -5, -8, -11, -14]));
  });
  it('DIRECT signed 64-bit extremes', () => {
    // width 64 (code 31), length 2: zigzag(9223372036854775807) and zigzag(-9223372036854775808).
    const bytes = [0x7e, 0x01, ...Array(7).fill(0xff), 0xfe, ...Array(8).fill(0xff)];
    expect(decode(bytes, 2, true, 2)).toEqual([9223372036854775807n, -9223372036854775808n]);
  });
  it('fails past the end of a stream rather than inventing values', () => {
    expect(() => decode([0x5e, 0x03, 0x5c], 4, false, 2)).toThrow(
      /ORC: test: read of 8 byte\(s\) at 2 runs past the stream end \(3\)/,
    );
  });
});

describe('integer RLE v1 (ORCv1.md examples)', () => {
  it('a run of 100 sevens', () => {
    expect(decode([0x61, 0x00, 0x07], 100, false, 1)).toEqual(Array(100).fill(7n));
  });
  it('a run from 100 down to 1', () => {
    expect(decode([0x61, 0xff, 0x64], 100, false, 1)).toEqual(
      big(Array.from({ length: 100 }, (_, i) => 100 - i)),
    );
  });
  it('literals: the first primes', () => {
    expect(decode([0xfb, 0x02, 0x03, 0x04, 0x07, 0x0b], 5, false, 1)).toEqual(big([2, 3, 4, 7, 11]));
  });
  it('signed literals are zigzag varints', () => {
    expect(decode([0xfd, 0x01, 0x80, 0x01, 0x04], 3, true, 1)).toEqual(big([-1, 64, 2]));
  });
});

describe('byte and boolean RLE (ORCv1.md examples)', () => {
  it('a hundred zeros, then literals', () => {
    const r = new ByteRleReader(new ByteStream(Uint8Array.from([0x61, 0x00, 0xfe, 0x44, 0x45]), 't'));
    const out = new Uint8Array(102);
    r.read(out, 102);
    expect([...out.subarray(98)]).toEqual([0, 0, 0x44, 0x45]);
  });
  it('[0xff, 0x80] is one true then seven false', () => {
    const r = new BooleanRleReader(new ByteStream(Uint8Array.from([0xff, 0x80]), 't'));
    expect(Array.from({ length: 8 }, () => r.next())).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
