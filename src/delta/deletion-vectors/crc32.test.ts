import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32.js';

describe('crc32', () => {
  it('matches the standard check value and known vectors', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
    expect(crc32(new TextEncoder().encode('The quick brown fox jumps over the lazy dog'))).toBe(0x414fa339);
  });

  it('agrees with node:zlib crc32 where that exists', async () => {
    const zlib = (await import('node:zlib')) as { crc32?: (data: Uint8Array) => number };
    if (typeof zlib.crc32 !== 'function') return;
    const reference = zlib.crc32;
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(crc32(bytes)).toBe(reference(bytes));
      }),
    );
  });
});
