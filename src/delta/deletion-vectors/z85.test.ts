import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  z85Decode,
  z85DecodePadded,
  z85DecodeUuid,
  z85Encode,
  z85EncodePadded,
  z85EncodeUuid,
} from './z85.js';

const invalid = expect.objectContaining({ errorClass: 'DELTA_INVALID_DELETION_VECTOR' });

describe('Z85', () => {
  it('encodes and decodes the ZeroMQ test vector', () => {
    const bytes = new Uint8Array([0x86, 0x4f, 0xd2, 0x6f, 0xb5, 0x59, 0xf7, 0x5b]);
    expect(z85Encode(bytes)).toBe('HelloWorld');
    expect(Array.from(z85Decode('HelloWorld'))).toEqual(Array.from(bytes));
    expect(z85Encode(new Uint8Array(0))).toBe('');
    expect(z85Encode(new Uint8Array([0xff, 0xff, 0xff, 0xff]))).toBe('%nSc0');
  });

  it('round-trips any bytes whose length is a multiple of 4', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (raw) => {
        const bytes = raw.subarray(0, raw.length - (raw.length % 4));
        const text = z85Encode(bytes);
        expect(text.length).toBe((bytes.length / 4) * 5);
        expect(Array.from(z85Decode(text))).toEqual(Array.from(bytes));
      }),
    );
  });

  it("round-trips any bytes through Delta's zero-padded form", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const text = z85EncodePadded(bytes);
        expect(text.length).toBe(Math.ceil(bytes.length / 4) * 5);
        expect(Array.from(z85DecodePadded(text, bytes.length))).toEqual(Array.from(bytes));
      }),
    );
  });

  it("reads the Rust z85 crate's '#' tail that delta-kernel-rs writes", () => {
    // '##093': two bytes missing from the last group; '093' is 0x0300 big-endian, i.e. bytes 03 00.
    const decoded = z85DecodePadded('HelloWorld##093', 10);
    expect(Array.from(decoded)).toEqual([0x86, 0x4f, 0xd2, 0x6f, 0xb5, 0x59, 0xf7, 0x5b, 0x03, 0x00]);
    expect(Array.from(z85DecodePadded('#0000', 3))).toEqual([0, 0, 0]);
    expect(() => z85DecodePadded('####0', 0)).toThrow(invalid);
    expect(() => z85DecodePadded('##%%%', 2)).toThrow(invalid); // exceeds 2 bytes
  });

  it('encodes a UUID in 20 characters, most significant byte first (PROTOCOL.md JSON Example 1)', () => {
    expect(z85DecodeUuid('^-aqEH.-t@S}K{vb[*k^')).toBe('d2c639aa-8816-431a-aaf6-d3fe2512ff61');
    expect(z85EncodeUuid('d2c639aa-8816-431a-aaf6-d3fe2512ff61')).toBe('^-aqEH.-t@S}K{vb[*k^');
    expect(z85EncodeUuid('D2C639AA-8816-431A-AAF6-D3FE2512FF61')).toBe('^-aqEH.-t@S}K{vb[*k^');
    fc.assert(
      fc.property(fc.uuid(), (uuid) => {
        expect(z85DecodeUuid(z85EncodeUuid(uuid))).toBe(uuid);
      }),
    );
    expect(() => z85EncodeUuid('not-a-uuid')).toThrow(RangeError);
    expect(() => z85DecodeUuid('short')).toThrow(invalid);
  });

  it('rejects malformed text', () => {
    expect(() => z85Encode(new Uint8Array(3))).toThrow(RangeError);
    expect(() => z85Decode('Hello1')).toThrow(invalid); // length
    expect(() => z85Decode('Hell"')).toThrow(invalid); // character outside the alphabet
    expect(() => z85Decode('Hellé')).toThrow(invalid);
    expect(() => z85Decode('#####')).toThrow(invalid); // above 2^32
    expect(z85DecodePadded('HelloWorld', 7).length).toBe(7);
    expect(() => z85DecodePadded('HelloWorld', 9)).toThrow(invalid); // fewer bytes than the size says
  });
});
