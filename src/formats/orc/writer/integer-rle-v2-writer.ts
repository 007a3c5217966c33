/**
 * Integer run-length encoding version 2 (ORCv1.md "Integer Run Length Encoding, version 2"), the encoder
 * for ../integer-rle-v2.ts. Runs of 3..10 equal values are SHORT_REPEAT and longer ones a width-0 DELTA;
 * other values are cut into blocks of up to 512 and each block takes the cheapest of DIRECT, DELTA (when
 * monotonic) and PATCHED_BASE (when a few outliers would otherwise widen every value), as Apache ORC's
 * RunLengthIntegerWriterV2 decides between them.
 */
import { BitWriter, bitLength, closestFixedBits, encodeBitWidth, FIXED_WIDTHS } from './bit-packing.js';
import type { ByteBuffer } from './byte-buffer.js';

const MAX_RUN = 512;
const MAX_SHORT_REPEAT = 10;
const MIN_REPEAT = 3;
const MAX_PATCHES = 31;
const MAX_GAP = 255;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

const zigzag = (v: bigint): bigint => BigInt.asUintN(64, (v << 1n) ^ (v >> 63n));

/** Encodes `values[start..end)` as complete runs (nothing is left pending). */
export function writeIntegersV2(
  out: ByteBuffer,
  values: ArrayLike<bigint>,
  signed: boolean,
  start = 0,
  end = values.length,
): void {
  let i = start;
  while (i < end) {
    const v = values[i]!;
    let r = 1;
    while (i + r < end && r < MAX_RUN && values[i + r] === v) r++;
    if (r >= MIN_REPEAT) {
      if (r <= MAX_SHORT_REPEAT) shortRepeat(out, v, r, signed);
      else fixedDelta(out, v, r, signed);
      i += r;
      continue;
    }
    let j = i + 1;
    while (j < end && j - i < MAX_RUN && !repeatStartsAt(values, j, end)) j++;
    literalBlock(out, values, i, j, signed);
    i = j;
  }
}

function repeatStartsAt(values: ArrayLike<bigint>, j: number, end: number): boolean {
  return j + 2 < end && values[j] === values[j + 1] && values[j] === values[j + 2];
}

export function shortRepeat(out: ByteBuffer, v: bigint, count: number, signed: boolean): void {
  const u = signed ? zigzag(v) : v;
  const bytes = Math.max(1, Math.ceil(bitLength(u) / 8));
  out.byte(((bytes - 1) << 3) | (count - MIN_REPEAT));
  for (let b = bytes - 1; b >= 0; b--) out.byte(Number((u >> BigInt(b * 8)) & 0xffn));
}

export function fixedDelta(out: ByteBuffer, v: bigint, count: number, signed: boolean): void {
  deltaHeader(out, 0, count);
  if (signed) out.svarint(v);
  else out.uvarint(v);
  out.svarint(0n);
}

function deltaHeader(out: ByteBuffer, widthCode: number, count: number): void {
  out.byte((3 << 6) | (widthCode << 1) | ((count - 1) >>> 8));
  out.byte((count - 1) & 0xff);
}

function varintLength(u: bigint): number {
  return Math.max(1, Math.ceil(bitLength(u) / 7));
}

export function literalBlock(
  out: ByteBuffer,
  values: ArrayLike<bigint>,
  start: number,
  end: number,
  signed: boolean,
): void {
  const n = end - start;
  let maxBits = 0;
  for (let i = start; i < end; i++) {
    const b = bitLength(signed ? zigzag(values[i]!) : values[i]!);
    if (b > maxBits) maxBits = b;
  }
  const directWidth = closestFixedBits(maxBits);
  const directCost = 2 + Math.ceil((n * directWidth) / 8);
  const delta = n >= 3 ? deltaPlan(values, start, end, signed) : undefined;
  const patched = n >= 8 ? patchedPlan(values, start, end, directWidth) : undefined;
  const best = Math.min(directCost, delta?.cost ?? Infinity, patched?.cost ?? Infinity);
  if (delta !== undefined && delta.cost === best) writeDelta(out, values, start, end, signed, delta);
  else if (patched !== undefined && patched.cost === best && best < directCost)
    writePatched(out, values, start, end, patched);
  else writeDirect(out, values, start, end, signed, directWidth);
}

function writeDirect(
  out: ByteBuffer,
  values: ArrayLike<bigint>,
  start: number,
  end: number,
  signed: boolean,
  width: number,
): void {
  const n = end - start;
  out.byte((1 << 6) | (encodeBitWidth(width) << 1) | ((n - 1) >>> 8));
  out.byte((n - 1) & 0xff);
  const bits = new BitWriter(out);
  for (let i = start; i < end; i++) bits.write(signed ? zigzag(values[i]!) : values[i]!, width);
  bits.finish();
}

interface DeltaPlan {
  readonly cost: number;
  /** 0 when every delta equals the first (a fixed delta). */
  readonly width: number;
}

/** DELTA fits a monotonic block whose deltas stay within int64; the first delta's sign gives the direction. */
function deltaPlan(
  values: ArrayLike<bigint>,
  start: number,
  end: number,
  signed: boolean,
): DeltaPlan | undefined {
  const first = values[start]!;
  if (!signed && first < 0n) return undefined;
  const deltaBase = values[start + 1]! - first;
  if (deltaBase < INT64_MIN || deltaBase > INT64_MAX) return undefined;
  const decreasing = deltaBase < 0n;
  let fixed = true;
  let maxBits = 0;
  for (let i = start + 2; i < end; i++) {
    const d = values[i]! - values[i - 1]!;
    if (d !== deltaBase) fixed = false;
    if (decreasing ? d > 0n : d < 0n) return undefined;
    const magnitude = d < 0n ? -d : d;
    if (magnitude > INT64_MAX) return undefined;
    const b = bitLength(magnitude);
    if (b > maxBits) maxBits = b;
  }
  const baseBytes = varintLength(signed ? zigzag(first) : first) + varintLength(zigzag(deltaBase));
  if (fixed) return { cost: 2 + baseBytes, width: 0 };
  // Width code 0 means "fixed delta" in DELTA, so a 1-bit width is written as 2 (as Apache ORC does).
  const width = Math.max(2, closestFixedBits(maxBits));
  return { cost: 2 + baseBytes + Math.ceil(((end - start - 2) * width) / 8), width };
}

function writeDelta(
  out: ByteBuffer,
  values: ArrayLike<bigint>,
  start: number,
  end: number,
  signed: boolean,
  plan: DeltaPlan,
): void {
  const n = end - start;
  deltaHeader(out, plan.width === 0 ? 0 : encodeBitWidth(plan.width), n);
  const first = values[start]!;
  if (signed) out.svarint(first);
  else out.uvarint(first);
  out.svarint(values[start + 1]! - first);
  if (plan.width === 0) return;
  const bits = new BitWriter(out);
  for (let i = start + 2; i < end; i++) {
    const d = values[i]! - values[i - 1]!;
    bits.write(d < 0n ? -d : d, plan.width);
  }
  bits.finish();
}

interface PatchedPlan {
  readonly cost: number;
  readonly base: bigint;
  readonly baseBytes: number;
  readonly width: number;
  readonly patchWidth: number;
  readonly gapWidth: number;
  /** (gap, patch) entries, filler entries for gaps over 255 included. */
  readonly entries: readonly (readonly [number, bigint])[];
}

/**
 * PATCHED_BASE: values are stored as offsets from the block's minimum in a narrow width; the few that do
 * not fit keep their high bits in a patch list of at most 31 (gap, patch) entries.
 */
function patchedPlan(
  values: ArrayLike<bigint>,
  start: number,
  end: number,
  directWidth: number,
): PatchedPlan | undefined {
  let base = values[start]!;
  for (let i = start + 1; i < end; i++) if (values[i]! < base) base = values[i]!;
  const magnitude = base < 0n ? -base : base;
  // The base is sign-magnitude in at most 8 bytes, so int64's minimum cannot be one.
  const baseBytes = Math.ceil((bitLength(magnitude) + 1) / 8);
  if (baseBytes > 8) return undefined;
  const n = end - start;
  const offsets: bigint[] = new Array(n);
  const widths = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    offsets[i] = values[start + i]! - base;
    widths[i] = bitLength(offsets[i]!);
  }
  let best: PatchedPlan | undefined;
  for (const width of FIXED_WIDTHS) {
    if (width >= directWidth) break;
    let count = 0;
    for (let i = 0; i < n && count <= MAX_PATCHES; i++) if (widths[i]! > width) count++;
    if (count === 0 || count > MAX_PATCHES) continue;
    const plan = patchList(offsets, widths, width, base, baseBytes);
    if (plan !== undefined && (best === undefined || plan.cost < best.cost)) best = plan;
  }
  return best;
}

function patchList(
  offsets: readonly bigint[],
  widths: Uint8Array,
  width: number,
  base: bigint,
  baseBytes: number,
): PatchedPlan | undefined {
  const entries: [number, bigint][] = [];
  let last = 0;
  let maxGap = 0;
  let maxPatchBits = 0;
  for (let i = 0; i < offsets.length; i++) {
    if (widths[i]! <= width) continue;
    let gap = i - last;
    while (gap > MAX_GAP) {
      entries.push([MAX_GAP, 0n]);
      maxGap = MAX_GAP;
      gap -= MAX_GAP;
    }
    const patch = offsets[i]! >> BigInt(width);
    entries.push([gap, patch]);
    maxGap = Math.max(maxGap, gap);
    maxPatchBits = Math.max(maxPatchBits, bitLength(patch));
    last = i;
  }
  if (entries.length > MAX_PATCHES) return undefined;
  const gapWidth = Math.max(1, bitLength(BigInt(maxGap)));
  const patchWidth = closestFixedBits(maxPatchBits);
  const entryWidth = closestFixedBits(patchWidth + gapWidth);
  if (patchWidth + gapWidth > 64) return undefined;
  const cost =
    4 + baseBytes + Math.ceil((offsets.length * width) / 8) + Math.ceil((entries.length * entryWidth) / 8);
  return { cost, base, baseBytes, width, patchWidth, gapWidth, entries };
}

function writePatched(
  out: ByteBuffer,
  values: ArrayLike<bigint>,
  start: number,
  end: number,
  plan: PatchedPlan,
): void {
  const n = end - start;
  out.byte((2 << 6) | (encodeBitWidth(plan.width) << 1) | ((n - 1) >>> 8));
  out.byte((n - 1) & 0xff);
  out.byte(((plan.baseBytes - 1) << 5) | encodeBitWidth(plan.patchWidth));
  out.byte(((plan.gapWidth - 1) << 5) | plan.entries.length);
  const magnitude = plan.base < 0n ? -plan.base : plan.base;
  const signed = plan.base < 0n ? magnitude | (1n << BigInt(plan.baseBytes * 8 - 1)) : magnitude;
  for (let b = plan.baseBytes - 1; b >= 0; b--) out.byte(Number((signed >> BigInt(b * 8)) & 0xffn));
  const mask = (1n << BigInt(plan.width)) - 1n;
  const bits = new BitWriter(out);
  for (let i = start; i < end; i++) bits.write((values[i]! - plan.base) & mask, plan.width);
  bits.finish();
  const entryWidth = closestFixedBits(plan.patchWidth + plan.gapWidth);
  for (const [gap, patch] of plan.entries)
    bits.write((BigInt(gap) << BigInt(plan.patchWidth)) | patch, entryWidth);
  bits.finish();
}
