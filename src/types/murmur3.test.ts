import { describe, expect, it } from 'vitest';
import { murmur3Bytes, scalaBytesHash } from './murmur3.js';

const bytes = (...b: number[]) => Uint8Array.from(b);
const unsigned = (h: number) => h >>> 0;

describe('MurmurHash3 x86_32', () => {
  it('scalaBytesHash is the standard hash: the published test vectors', () => {
    expect(unsigned(scalaBytesHash(bytes(), 0))).toBe(0);
    expect(unsigned(scalaBytesHash(bytes(), 1))).toBe(0x514e28b7);
    expect(unsigned(scalaBytesHash(bytes(0xff, 0xff, 0xff, 0xff), 0))).toBe(0x76293b50);
    expect(unsigned(scalaBytesHash(bytes(0x21, 0x43, 0x65, 0x87), 0))).toBe(0xf55b516b);
    expect(unsigned(scalaBytesHash(bytes(0x21, 0x43, 0x65), 0))).toBe(0x7e4a8634);
    expect(unsigned(scalaBytesHash(bytes(0x21, 0x43), 0))).toBe(0xa0f7b07a);
    expect(unsigned(scalaBytesHash(bytes(0x21), 0))).toBe(0x72661cf4);
    expect(unsigned(scalaBytesHash(new TextEncoder().encode('Hello, world!'), 1234))).toBe(0xfaf6cdb3);
  });

  it('Spark’s variant differs only in the tail', () => {
    const whole = bytes(1, 2, 3, 4, 5, 6, 7, 8);
    expect(murmur3Bytes(whole, 42)).toBe(scalaBytesHash(whole, 42));
    const tail = bytes(1, 2, 3, 4, 5);
    expect(murmur3Bytes(tail, 42)).not.toBe(scalaBytesHash(tail, 42));
  });
});
