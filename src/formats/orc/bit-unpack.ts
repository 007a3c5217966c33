/**
 * Big-endian bit unpacking into JS numbers (ORCv1.md "Integer Run Length Encoding, version 2": values are
 * packed most significant bit first, a group starting on a byte boundary and padded to one). The byte
 * count is checked once per group, so the inner loops read the buffer without per-byte bounds checks.
 * Widths up to 48 bits stay exact in a double; wider runs take the bigint path (integer-rle-v2-bigint.ts).
 */
import type { ByteStream } from './byte-stream.js';

/** The widest group unpacked in numbers: the RLE v2 width table goes 48 -> 56, past 2^53. */
export const MAX_NUMBER_BIT_WIDTH = 48;

/** Reads `count` unsigned values of `width` bits (1..48) into `out[offset..]`, consuming whole bytes. */
export function unpackNumbers(
  stream: ByteStream,
  width: number,
  count: number,
  out: Float64Array,
  offset: number,
): void {
  const byteCount = Math.ceil((width * count) / 8);
  if (!stream.ensure(byteCount)) throw stream.pastEnd(byteCount);
  const bytes = stream.bytes;
  let pos = stream.pos;
  stream.pos += byteCount;
  if (width % 8 === 0) {
    // Whole bytes: the common widths 8, 16, 24, 32 (and 40, 48) need no bit shuffling.
    const size = width / 8;
    for (let i = 0; i < count; i++) {
      let v = 0;
      for (let k = 0; k < size; k++) v = v * 256 + bytes[pos++]!;
      out[offset + i] = v;
    }
    return;
  }
  if (width <= 24) {
    // Each value lies within the 4 bytes from its first byte (width + 7 <= 31 bits): one big-endian word,
    // one shift, one mask. Near the buffer's end the missing look-ahead bytes read as 0.
    const mask = 2 ** width - 1;
    const safeEnd = bytes.length - 3;
    let bit = 0;
    for (let i = 0; i < count; i++) {
      const word =
        pos < safeEnd
          ? ((bytes[pos]! << 24) | (bytes[pos + 1]! << 16) | (bytes[pos + 2]! << 8) | bytes[pos + 3]!) >>> 0
          : tailWord(bytes, pos);
      out[offset + i] = (word >>> (32 - width - bit)) & mask;
      bit += width;
      pos += bit >>> 3;
      bit &= 7;
    }
    return;
  }
  let current = 0;
  let bitsLeft = 0;
  for (let i = 0; i < count; i++) {
    let result = 0;
    let need = width;
    while (need > 0) {
      if (bitsLeft === 0) {
        current = bytes[pos++]!;
        bitsLeft = 8;
      }
      const take = Math.min(need, bitsLeft);
      result = result * (1 << take) + ((current >>> (bitsLeft - take)) & ((1 << take) - 1));
      bitsLeft -= take;
      need -= take;
    }
    out[offset + i] = result;
  }
}

function tailWord(bytes: Uint8Array, pos: number): number {
  let word = 0;
  for (let k = 0; k < 4; k++) word = word * 256 + (pos + k < bytes.length ? bytes[pos + k]! : 0);
  return word;
}
