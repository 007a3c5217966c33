import { describe, expect, it } from 'vitest';
import { ProtoReader } from './protobuf.js';

describe('ProtoReader', () => {
  it('reads varints, zigzag, strings and packed repeated fields', () => {
    // field 1 varint 300; field 2 string "hi"; field 4 packed [0, 12]; field 5 sint64 -3 (zigzag 5).
    const bytes = Uint8Array.from([
      0x08, 0xac, 0x02, 0x12, 0x02, 0x68, 0x69, 0x22, 0x02, 0x00, 0x0c, 0x28, 0x05,
    ]);
    const r = new ProtoReader(bytes);
    const seen: unknown[] = [];
    while (!r.done) {
      const f = r.nextField();
      if (f.fieldNumber === 1) seen.push(r.uint64());
      else if (f.fieldNumber === 2) seen.push(r.string());
      else if (f.fieldNumber === 4) {
        const xs: number[] = [];
        r.packedUint64(f.wireType, xs);
        seen.push(xs);
      } else seen.push(r.sint64());
    }
    expect(seen).toEqual([300, 'hi', [0, 12], -3n]);
  });
  it('accepts unpacked repeated values and skips unknown fields', () => {
    const r = new ProtoReader(Uint8Array.from([0x20, 0x07, 0x31, 1, 2, 3, 4, 5, 6, 7, 8, 0x20, 0x09]));
    const xs: number[] = [];
    while (!r.done) {
      const f = r.nextField();
      if (f.fieldNumber === 4) r.packedUint64(f.wireType, xs);
      else r.skip(f.wireType);
    }
    expect(xs).toEqual([7, 9]);
  });
  it('rejects a length that runs past the message', () => {
    const r = new ProtoReader(Uint8Array.from([0x12, 0x09, 0x68]));
    r.nextField();
    expect(() => r.bytesField()).toThrow(
      'ORC: protobuf field of 9 bytes at byte 2 runs past the message end (3)',
    );
  });
});
