/**
 * Bit widths and big-endian bit packing for integer RLE v2 (ORCv1.md "Integer Run Length Encoding,
 * version 2"): widths are stored as 5-bit codes into a fixed table (1..24, 26, 28, 30, 32, 40, 48, 56, 64).
 */
import type { ByteBuffer } from './byte-buffer.js';

const WIDE_WIDTHS = [26, 28, 30, 32, 40, 48, 56, 64];

/** The 5-bit code of a width from the table (the inverse of the reader's decodeBitWidth). */
export function encodeBitWidth(width: number): number {
  if (width >= 1 && width <= 24) return width - 1;
  const i = WIDE_WIDTHS.indexOf(width);
  if (i < 0) throw new Error(`ORC writer: ${width} is not an RLE v2 bit width`);
  return 24 + i;
}

/** The narrowest width in the table that holds `bits` (at least 1). */
export function closestFixedBits(bits: number): number {
  if (bits <= 1) return 1;
  if (bits <= 24) return bits;
  for (const w of WIDE_WIDTHS) if (bits <= w) return w;
  return 64;
}

/** Every width the table allows, ascending. */
export const FIXED_WIDTHS: readonly number[] = [
  ...Array.from({ length: 24 }, (_, i) => i + 1),
  ...WIDE_WIDTHS,
];

/** Bits needed for a non-negative value below 2^64 (0 for 0). */
export function bitLength(u: bigint): number {
  if (u <= 0xffffffffn) {
    const n = Number(u);
    return n === 0 ? 0 : 32 - Math.clz32(n);
  }
  const high = Number(u >> 32n);
  return 64 - Math.clz32(high);
}

/** Packs values most significant bit first; `finish` pads the last byte with zeros. */
export class BitWriter {
  private current = 0;
  private used = 0;

  constructor(private readonly out: ByteBuffer) {}

  write(value: bigint, width: number): void {
    if (width <= 32) {
      this.writeNumber(Number(value), width);
      return;
    }
    this.writeNumber(Number(value >> 32n), width - 32);
    this.writeNumber(Number(value & 0xffffffffn), 32);
  }

  /** `value` must be a non-negative integer below 2^width, width <= 32. */
  private writeNumber(value: number, width: number): void {
    let left = width;
    while (left > 0) {
      const room = 8 - this.used;
      const take = Math.min(room, left);
      const chunk = Math.floor(value / 2 ** (left - take)) & ((1 << take) - 1);
      this.current = (this.current << take) | chunk;
      this.used += take;
      left -= take;
      if (this.used === 8) {
        this.out.byte(this.current);
        this.current = 0;
        this.used = 0;
      }
    }
  }

  finish(): void {
    if (this.used > 0) {
      this.out.byte(this.current << (8 - this.used));
      this.current = 0;
      this.used = 0;
    }
  }
}
