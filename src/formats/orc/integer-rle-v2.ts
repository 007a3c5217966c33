/**
 * Integer run-length encoding version 2 (ORCv1.md "Integer Run Length Encoding, version 2"). Each run
 * starts with a header whose top two bits pick the sub-encoding: SHORT_REPEAT (0), DIRECT (1),
 * PATCHED_BASE (2) or DELTA (3). A run is decoded whole (at most 512 values) into a buffer that `read`
 * then drains, since runs do not line up with the caller's batches.
 */
import { type ByteStream, unzigzag } from './byte-stream.js';
import type { IntegerReader } from './integer-rle.js';
import { orcCheck } from './orc-error.js';

/** The 5-bit width code (ORCv1.md "Direct", the width table); DELTA reads code 0 as width 0. */
export function decodeBitWidth(code: number): number {
  if (code <= 23) return code + 1;
  return [26, 28, 30, 32, 40, 48, 56, 64][code - 24]!;
}

/** The width a patch entry of `bits` bits is really packed with (the Java writer rounds it up). */
export function closestFixedBits(bits: number): number {
  if (bits === 0) return 1;
  if (bits <= 24) return bits;
  for (const w of [26, 28, 30, 32, 40, 48, 56, 64]) if (bits <= w) return w;
  return 64;
}

export class IntegerRleV2Reader implements IntegerReader {
  private readonly run = new BigInt64Array(512);
  private runLength = 0;
  private runPos = 0;

  constructor(
    private readonly stream: ByteStream,
    private readonly signed: boolean,
  ) {}

  read(out: BigInt64Array, offset: number, count: number): void {
    let done = 0;
    while (done < count) {
      if (this.runPos === this.runLength) this.readRun();
      const n = Math.min(count - done, this.runLength - this.runPos);
      out.set(this.run.subarray(this.runPos, this.runPos + n), offset + done);
      this.runPos += n;
      done += n;
    }
  }

  private readRun(): void {
    const header = this.stream.byte();
    this.runPos = 0;
    switch (header >>> 6) {
      case 0:
        this.shortRepeat(header);
        return;
      case 1:
        this.direct(header);
        return;
      case 2:
        this.patchedBase(header);
        return;
      default:
        this.delta(header);
    }
  }

  private shortRepeat(header: number): void {
    const width = ((header >>> 3) & 7) + 1;
    const count = (header & 7) + 3;
    let v = 0n;
    for (let i = 0; i < width; i++) v = (v << 8n) | BigInt(this.stream.byte());
    if (this.signed) v = unzigzag(v);
    this.run.fill(v, 0, count);
    this.runLength = count;
  }

  private direct(header: number): void {
    const width = decodeBitWidth((header >>> 1) & 0x1f);
    const length = (((header & 1) << 8) | this.stream.byte()) + 1;
    const bits = new BitReader(this.stream);
    for (let i = 0; i < length; i++) {
      const v = bits.read(width);
      this.run[i] = this.signed ? unzigzag(v) : v;
    }
    this.runLength = length;
  }

  private patchedBase(header: number): void {
    const width = decodeBitWidth((header >>> 1) & 0x1f);
    const length = (((header & 1) << 8) | this.stream.byte()) + 1;
    const third = this.stream.byte();
    const baseWidth = ((third >>> 5) & 7) + 1;
    const patchWidth = decodeBitWidth(third & 0x1f);
    const fourth = this.stream.byte();
    const patchGapWidth = ((fourth >>> 5) & 7) + 1;
    const patchListLength = fourth & 0x1f;
    // The base is sign-magnitude: the top bit of its first byte is the sign.
    let base = 0n;
    for (let i = 0; i < baseWidth; i++) base = (base << 8n) | BigInt(this.stream.byte());
    const signBit = 1n << BigInt(baseWidth * 8 - 1);
    if (base & signBit) base = -(base & (signBit - 1n));
    const bits = new BitReader(this.stream);
    const data = this.run;
    for (let i = 0; i < length; i++) data[i] = bits.read(width);
    bits.align();
    orcCheck(
      patchWidth + patchGapWidth <= 64,
      () =>
        `ORC: ${this.stream.name}: patch width ${patchWidth} + gap width ${patchGapWidth} exceeds 64 bits`,
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
      orcCheck(pos < length, () => `ORC: ${this.stream.name}: patch at ${pos} beyond run length ${length}`);
      data[pos] = BigInt.asUintN(64, data[pos]!) | (patch << BigInt(width));
    }
    for (let i = 0; i < length; i++) data[i] = base + BigInt.asUintN(64, data[i]!);
    this.runLength = length;
  }

  private delta(header: number): void {
    const code = (header >>> 1) & 0x1f;
    const width = code === 0 ? 0 : decodeBitWidth(code);
    const length = (((header & 1) << 8) | this.stream.byte()) + 1;
    const base = this.signed ? this.stream.svarint() : this.stream.uvarint();
    const deltaBase = this.stream.svarint();
    const data = this.run;
    data[0] = base;
    if (length > 1) data[1] = base + deltaBase;
    if (width === 0) {
      for (let i = 2; i < length; i++) data[i] = data[i - 1]! + deltaBase;
    } else {
      const bits = new BitReader(this.stream);
      const decreasing = deltaBase < 0n;
      for (let i = 2; i < length; i++) {
        const d = bits.read(width);
        data[i] = decreasing ? data[i - 1]! - d : data[i - 1]! + d;
      }
    }
    this.runLength = length;
  }
}

/** Big-endian bit unpacking; a run's values start on a byte boundary and end padded to one. */
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
