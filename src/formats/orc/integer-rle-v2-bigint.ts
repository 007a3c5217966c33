/**
 * RLE v2 runs decoded in BigInt arithmetic (ORCv1.md "Integer Run Length Encoding, version 2"): the
 * general path, used when a run's widths let its values pass 2^53 (bigint columns near the 64-bit range).
 * Each function reads one run, header included, into `out` and returns its length.
 */
import { type ByteStream, unzigzag } from './byte-stream.js';
import { closestFixedBits, decodeBitWidth } from './integer-rle-v2-widths.js';
import { orcCheck } from './orc-error.js';

export function bigintRun(stream: ByteStream, signed: boolean, out: BigInt64Array): number {
  const header = stream.byte();
  switch (header >>> 6) {
    case 0:
      return shortRepeat(stream, header, signed, out);
    case 1:
      return direct(stream, header, signed, out);
    case 2:
      return patchedBase(stream, header, out);
    default:
      return delta(stream, header, signed, out);
  }
}

function shortRepeat(stream: ByteStream, header: number, signed: boolean, out: BigInt64Array): number {
  const width = ((header >>> 3) & 7) + 1;
  const count = (header & 7) + 3;
  let v = 0n;
  for (let i = 0; i < width; i++) v = (v << 8n) | BigInt(stream.byte());
  if (signed) v = unzigzag(v);
  out.fill(v, 0, count);
  return count;
}

function direct(stream: ByteStream, header: number, signed: boolean, out: BigInt64Array): number {
  const width = decodeBitWidth((header >>> 1) & 0x1f);
  const length = (((header & 1) << 8) | stream.byte()) + 1;
  const bits = new BitReader(stream);
  for (let i = 0; i < length; i++) {
    const v = bits.read(width);
    out[i] = signed ? unzigzag(v) : v;
  }
  return length;
}

function patchedBase(stream: ByteStream, header: number, out: BigInt64Array): number {
  const width = decodeBitWidth((header >>> 1) & 0x1f);
  const length = (((header & 1) << 8) | stream.byte()) + 1;
  const third = stream.byte();
  const baseWidth = ((third >>> 5) & 7) + 1;
  const patchWidth = decodeBitWidth(third & 0x1f);
  const fourth = stream.byte();
  const patchGapWidth = ((fourth >>> 5) & 7) + 1;
  const patchListLength = fourth & 0x1f;
  // The base is sign-magnitude: the top bit of its first byte is the sign.
  let base = 0n;
  for (let i = 0; i < baseWidth; i++) base = (base << 8n) | BigInt(stream.byte());
  const signBit = 1n << BigInt(baseWidth * 8 - 1);
  if (base & signBit) base = -(base & (signBit - 1n));
  const bits = new BitReader(stream);
  for (let i = 0; i < length; i++) out[i] = bits.read(width);
  bits.align();
  orcCheck(
    patchWidth + patchGapWidth <= 64,
    () => `ORC: ${stream.name}: patch width ${patchWidth} + gap width ${patchGapWidth} exceeds 64 bits`,
  );
  const entryWidth = closestFixedBits(patchWidth + patchGapWidth);
  const patchMask = (1n << BigInt(patchWidth)) - 1n;
  let pos = 0;
  for (let p = 0; p < patchListLength; p++) {
    const entry = bits.read(entryWidth);
    pos += Number(entry >> BigInt(patchWidth));
    const patch = entry & patchMask;
    // A gap over 255 is written as filler entries (gap 255, patch 0): OR-ing 0 changes nothing.
    if (patch === 0n) continue;
    orcCheck(pos < length, () => `ORC: ${stream.name}: patch at ${pos} beyond run length ${length}`);
    out[pos] = BigInt.asUintN(64, out[pos]!) | (patch << BigInt(width));
  }
  for (let i = 0; i < length; i++) out[i] = base + BigInt.asUintN(64, out[i]!);
  return length;
}

function delta(stream: ByteStream, header: number, signed: boolean, out: BigInt64Array): number {
  const code = (header >>> 1) & 0x1f;
  const width = code === 0 ? 0 : decodeBitWidth(code);
  const length = (((header & 1) << 8) | stream.byte()) + 1;
  const base = signed ? stream.svarint() : stream.uvarint();
  const deltaBase = stream.svarint();
  out[0] = base;
  if (length > 1) out[1] = base + deltaBase;
  if (width === 0) {
    for (let i = 2; i < length; i++) out[i] = out[i - 1]! + deltaBase;
  } else {
    const bits = new BitReader(stream);
    const decreasing = deltaBase < 0n;
    for (let i = 2; i < length; i++) {
      const d = bits.read(width);
      out[i] = decreasing ? out[i - 1]! - d : out[i - 1]! + d;
    }
  }
  return length;
}

/** Big-endian bit unpacking of up to 64 bits; a run's values start on a byte boundary. */
class BitReader {
  private current = 0;
  private bitsLeft = 0;

  constructor(private readonly stream: ByteStream) {}

  read(width: number): bigint {
    if (width <= 48) return BigInt(this.readNumber(width));
    const high = this.readNumber(width - 32);
    const low = this.readNumber(32);
    return (BigInt(high) << 32n) | BigInt(low);
  }

  align(): void {
    this.bitsLeft = 0;
  }

  private readNumber(width: number): number {
    let result = 0;
    let need = width;
    while (need > 0) {
      if (this.bitsLeft === 0) {
        this.current = this.stream.byte();
        this.bitsLeft = 8;
      }
      const take = Math.min(need, this.bitsLeft);
      const chunk = (this.current >>> (this.bitsLeft - take)) & ((1 << take) - 1);
      result = result * (1 << take) + chunk;
      this.bitsLeft -= take;
      need -= take;
    }
    return result;
  }
}
