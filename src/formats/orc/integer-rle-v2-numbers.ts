/**
 * RLE v2 runs decoded in JS number arithmetic: the fast path. Lengths, dictionary ids, int/date columns
 * and almost every bigint run fit in 2^53, and doubles decode them several times faster than BigInt.
 * Each function reads one run, header included, into `out` and returns its length, or UNSAFE when the
 * run's widths (or a delta run's values) could pass 2^53: the caller then rewinds to the header and
 * decodes the run with the bigint path (integer-rle-v2-bigint.ts), so results never lose precision.
 */

import { MAX_NUMBER_BIT_WIDTH, unpackNumbers } from './bit-unpack.js';
import { type ByteStream, unzigzagNumber } from './byte-stream.js';
import { closestFixedBits, decodeBitWidth } from './integer-rle-v2-widths.js';
import { orcCheck } from './orc-error.js';

export const UNSAFE = -1;

export function numberRun(stream: ByteStream, signed: boolean, out: Float64Array): number {
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

function shortRepeat(stream: ByteStream, header: number, signed: boolean, out: Float64Array): number {
  const width = ((header >>> 3) & 7) + 1;
  if (width > 6) return UNSAFE;
  const count = (header & 7) + 3;
  let v = 0;
  for (let i = 0; i < width; i++) v = v * 256 + stream.byte();
  out.fill(signed ? unzigzagNumber(v) : v, 0, count);
  return count;
}

function direct(stream: ByteStream, header: number, signed: boolean, out: Float64Array): number {
  const width = decodeBitWidth((header >>> 1) & 0x1f);
  if (width > MAX_NUMBER_BIT_WIDTH) return UNSAFE;
  const length = (((header & 1) << 8) | stream.byte()) + 1;
  unpackNumbers(stream, width, length, out, 0);
  if (signed) for (let i = 0; i < length; i++) out[i] = unzigzagNumber(out[i]!);
  return length;
}

function patchedBase(stream: ByteStream, header: number, out: Float64Array): number {
  const width = decodeBitWidth((header >>> 1) & 0x1f);
  const length = (((header & 1) << 8) | stream.byte()) + 1;
  const third = stream.byte();
  const baseWidth = ((third >>> 5) & 7) + 1;
  const patchWidth = decodeBitWidth(third & 0x1f);
  const fourth = stream.byte();
  const patchGapWidth = ((fourth >>> 5) & 7) + 1;
  const patchListLength = fourth & 0x1f;
  const entryWidth = closestFixedBits(patchWidth + patchGapWidth);
  // Patched values have width + patchWidth bits; with a base of at most 47 bits their sum stays exact.
  if (width + patchWidth > 52 || baseWidth > 6 || entryWidth > MAX_NUMBER_BIT_WIDTH) return UNSAFE;
  // The base is sign-magnitude: the top bit of its first byte is the sign.
  let base = 0;
  for (let i = 0; i < baseWidth; i++) base = base * 256 + stream.byte();
  const signBit = 2 ** (baseWidth * 8 - 1);
  if (base >= signBit) base = -(base - signBit);
  unpackNumbers(stream, width, length, out, 0);
  const entries = new Float64Array(patchListLength);
  unpackNumbers(stream, entryWidth, patchListLength, entries, 0);
  const patchScale = 2 ** patchWidth;
  const valueScale = 2 ** width;
  let pos = 0;
  for (let p = 0; p < patchListLength; p++) {
    const entry = entries[p]!;
    pos += Math.floor(entry / patchScale);
    const patch = entry % patchScale;
    // A gap over 255 is written as filler entries (gap 255, patch 0): adding 0 changes nothing.
    if (patch === 0) continue;
    orcCheck(pos < length, () => `ORC: ${stream.name}: patch at ${pos} beyond run length ${length}`);
    // The value's own bits are below `width`, so adding the shifted patch is the spec's OR.
    out[pos] = out[pos]! + patch * valueScale;
  }
  for (let i = 0; i < length; i++) out[i] = base + out[i]!;
  return length;
}

function delta(stream: ByteStream, header: number, signed: boolean, out: Float64Array): number {
  const code = (header >>> 1) & 0x1f;
  const width = code === 0 ? 0 : decodeBitWidth(code);
  if (width > MAX_NUMBER_BIT_WIDTH) return UNSAFE;
  const length = (((header & 1) << 8) | stream.byte()) + 1;
  const base = signed ? stream.svarintNumber() : stream.uvarintNumber();
  const deltaBase = stream.svarintNumber();
  if (!Number.isSafeInteger(base) || !Number.isSafeInteger(deltaBase)) return UNSAFE;
  out[0] = base;
  if (length > 1) out[1] = base + deltaBase;
  if (width === 0) {
    for (let i = 2; i < length; i++) out[i] = out[i - 1]! + deltaBase;
  } else if (length > 2) {
    unpackNumbers(stream, width, length - 2, out, 2);
    if (deltaBase < 0) for (let i = 2; i < length; i++) out[i] = out[i - 1]! - out[i]!;
    else for (let i = 2; i < length; i++) out[i] = out[i - 1]! + out[i]!;
  }
  // The run is monotone from out[1] on, so its extremes are its ends: if they are exact, all are.
  if (!Number.isSafeInteger(out[length - 1]!) || (length > 1 && !Number.isSafeInteger(out[1]!)))
    return UNSAFE;
  return length;
}
