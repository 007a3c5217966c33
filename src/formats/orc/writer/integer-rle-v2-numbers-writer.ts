/**
 * The plain-number twin of ./integer-rle-v2-writer.ts (the encoder side of ../integer-rle-v2-numbers.ts):
 * the same runs, blocks and encoding choices, byte for byte, without BigInt. A run or block whose values
 * all lie within ±2^51 is encoded with numbers: then every zigzag value, delta and offset from the block's
 * minimum stays below 2^53 and is exact. Any other run or block (or a negative value in an unsigned
 * stream) is handed to the BigInt encoder as is, so the output never depends on which path wrote it.
 */
import { closestFixedBits, encodeBitWidth, FIXED_WIDTHS } from './bit-packing.js';
import type { ByteBuffer } from './byte-buffer.js';
import { fixedDelta, literalBlock, shortRepeat } from './integer-rle-v2-writer.js';

const MAX_RUN = 512;
const MAX_SHORT_REPEAT = 10;
const MIN_REPEAT = 3;
const MAX_PATCHES = 31;
const MAX_GAP = 255;
/** Values within ±2^51 keep zigzag values, deltas and offsets below 2^53. */
const LIMIT = 2 ** 51;
const TWO_32 = 2 ** 32;

const zigzag = (v: number): number => (v >= 0 ? v * 2 : -v * 2 - 1);

/** Bits needed for a non-negative integer below 2^53 (0 for 0). */
function bitLength(u: number): number {
  if (u < TWO_32) return 32 - Math.clz32(u);
  return 64 - Math.clz32(Math.floor(u / TWO_32));
}

const varintLength = (u: number): number => Math.max(1, Math.ceil(bitLength(u) / 7));

function fits(v: number, signed: boolean): boolean {
  return signed ? v >= -LIMIT && v <= LIMIT : v >= 0 && v <= LIMIT;
}

function toBigints(values: ArrayLike<number>, start: number, end: number): bigint[] {
  const out: bigint[] = new Array(end - start);
  for (let i = start; i < end; i++) out[i - start] = BigInt(values[i]!);
  return out;
}

/**
 * Encodes the integers `values[start..end)` as complete runs, exactly as writeIntegersV2 encodes the same
 * values as bigints. Every value must be an integer (a number beyond 2^53 is taken as the integer it is).
 */
export function writeIntegersV2Numbers(
  out: ByteBuffer,
  values: ArrayLike<number>,
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
      if (!fits(v, signed)) {
        if (r <= MAX_SHORT_REPEAT) shortRepeat(out, BigInt(v), r, signed);
        else fixedDelta(out, BigInt(v), r, signed);
      } else if (r <= MAX_SHORT_REPEAT) shortRepeatNumber(out, v, r, signed);
      else fixedDeltaNumber(out, v, r, signed);
      i += r;
      continue;
    }
    let j = i + 1;
    let safe = fits(v, signed);
    while (j < end && j - i < MAX_RUN && !repeatStartsAt(values, j, end)) {
      if (safe && !fits(values[j]!, signed)) safe = false;
      j++;
    }
    if (safe) literalBlockNumber(out, values, i, j, signed);
    else literalBlock(out, toBigints(values, i, j), 0, j - i, signed);
    i = j;
  }
}

function repeatStartsAt(values: ArrayLike<number>, j: number, end: number): boolean {
  return j + 2 < end && values[j] === values[j + 1] && values[j] === values[j + 2];
}

function shortRepeatNumber(out: ByteBuffer, v: number, count: number, signed: boolean): void {
  const u = signed ? zigzag(v) : v;
  const bytes = Math.max(1, Math.ceil(bitLength(u) / 8));
  out.byte(((bytes - 1) << 3) | (count - MIN_REPEAT));
  for (let b = bytes - 1; b >= 0; b--) out.byte(Math.floor(u / 2 ** (b * 8)) & 0xff);
}

function fixedDeltaNumber(out: ByteBuffer, v: number, count: number, signed: boolean): void {
  deltaHeader(out, 0, count);
  out.uvarintNumber(signed ? zigzag(v) : v);
  out.byte(0);
}

function deltaHeader(out: ByteBuffer, widthCode: number, count: number): void {
  out.byte((3 << 6) | (widthCode << 1) | ((count - 1) >>> 8));
  out.byte((count - 1) & 0xff);
}

/** Big-endian bit packing of non-negative integers below 2^53, in widths up to 64. */
class NumberBitWriter {
  private acc = 0;
  private bits = 0;

  constructor(private readonly out: ByteBuffer) {}

  write(value: number, width: number): void {
    let v = value;
    let w = width;
    while (w > 24) {
      w -= 24;
      const p = 2 ** w;
      const hi = Math.floor(v / p);
      this.put(hi, 24);
      v -= hi * p;
    }
    this.put(v, w);
  }

  /** `v` below 2^w, w <= 24: the accumulator never holds more than 31 bits. */
  private put(v: number, w: number): void {
    let acc = (this.acc << w) | v;
    let bits = this.bits + w;
    while (bits >= 8) {
      bits -= 8;
      this.out.byte((acc >>> bits) & 0xff);
    }
    acc &= (1 << bits) - 1;
    this.acc = acc;
    this.bits = bits;
  }

  finish(): void {
    if (this.bits > 0) {
      this.out.byte((this.acc << (8 - this.bits)) & 0xff);
      this.acc = 0;
      this.bits = 0;
    }
  }
}

function literalBlockNumber(
  out: ByteBuffer,
  values: ArrayLike<number>,
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
  const deltaWidth = n >= 3 ? deltaPlan(values, start, end, signed) : -1;
  const deltaCost = deltaWidth < 0 ? Infinity : planCost;
  // PATCHED_BASE costs at least its 4 header bytes, a base byte, a bit a value and one patch entry: when
  // that already loses to DIRECT or DELTA (which win ties), the plan is not worth working out.
  const patchedFloor = 6 + Math.ceil(n / 8);
  const patched =
    n >= 8 && patchedFloor < directCost && patchedFloor < deltaCost
      ? patchedPlan(values, start, end, directWidth)
      : undefined;
  const best = Math.min(directCost, deltaCost, patched?.cost ?? Infinity);
  if (deltaWidth >= 0 && deltaCost === best) writeDelta(out, values, start, end, signed, deltaWidth);
  else if (patched !== undefined && patched.cost === best && best < directCost)
    writePatched(out, values, start, end, patched);
  else writeDirect(out, values, start, end, signed, directWidth);
}

function writeDirect(
  out: ByteBuffer,
  values: ArrayLike<number>,
  start: number,
  end: number,
  signed: boolean,
  width: number,
): void {
  const n = end - start;
  out.byte((1 << 6) | (encodeBitWidth(width) << 1) | ((n - 1) >>> 8));
  out.byte((n - 1) & 0xff);
  const bits = new NumberBitWriter(out);
  if (signed) for (let i = start; i < end; i++) bits.write(zigzag(values[i]!), width);
  else for (let i = start; i < end; i++) bits.write(values[i]!, width);
  bits.finish();
}

/** The cost of the last plan deltaPlan returned (kept out of an object to spare an allocation). */
let planCost = 0;

/**
 * DELTA for a monotonic block: its width (0 for a fixed delta), its cost left in planCost, or -1 when
 * the block is not monotonic.
 */
function deltaPlan(values: ArrayLike<number>, start: number, end: number, signed: boolean): number {
  const first = values[start]!;
  const deltaBase = values[start + 1]! - first;
  const decreasing = deltaBase < 0;
  let fixed = true;
  let maxBits = 0;
  for (let i = start + 2; i < end; i++) {
    const d = values[i]! - values[i - 1]!;
    if (d !== deltaBase) fixed = false;
    if (decreasing ? d > 0 : d < 0) return -1;
    const b = bitLength(d < 0 ? -d : d);
    if (b > maxBits) maxBits = b;
  }
  const baseBytes = varintLength(signed ? zigzag(first) : first) + varintLength(zigzag(deltaBase));
  if (fixed) {
    planCost = 2 + baseBytes;
    return 0;
  }
  // Width code 0 means "fixed delta" in DELTA, so a 1-bit width is written as 2 (as Apache ORC does).
  const width = Math.max(2, closestFixedBits(maxBits));
  planCost = 2 + baseBytes + Math.ceil(((end - start - 2) * width) / 8);
  return width;
}

function writeDelta(
  out: ByteBuffer,
  values: ArrayLike<number>,
  start: number,
  end: number,
  signed: boolean,
  width: number,
): void {
  const n = end - start;
  deltaHeader(out, width === 0 ? 0 : encodeBitWidth(width), n);
  const first = values[start]!;
  out.uvarintNumber(signed ? zigzag(first) : first);
  out.uvarintNumber(zigzag(values[start + 1]! - first));
  if (width === 0) return;
  const bits = new NumberBitWriter(out);
  for (let i = start + 2; i < end; i++) {
    const d = values[i]! - values[i - 1]!;
    bits.write(d < 0 ? -d : d, width);
  }
  bits.finish();
}

interface PatchedPlan {
  readonly cost: number;
  readonly base: number;
  readonly baseBytes: number;
  readonly width: number;
  readonly patchWidth: number;
  readonly gapWidth: number;
  /** gap, patch, gap, patch, …: filler entries for gaps over 255 included. */
  readonly entries: readonly number[];
}

const offsets = new Float64Array(MAX_RUN);
const widths = new Uint8Array(MAX_RUN);
const widthCounts = new Int32Array(65);
const wider = new Int32Array(65);

function patchedPlan(
  values: ArrayLike<number>,
  start: number,
  end: number,
  directWidth: number,
): PatchedPlan | undefined {
  let base = values[start]!;
  for (let i = start + 1; i < end; i++) if (values[i]! < base) base = values[i]!;
  const baseBytes = Math.ceil((bitLength(base < 0 ? -base : base) + 1) / 8);
  const n = end - start;
  widthCounts.fill(0);
  for (let i = 0; i < n; i++) {
    const o = values[start + i]! - base;
    const w = bitLength(o);
    offsets[i] = o;
    widths[i] = w;
    widthCounts[w]!++;
  }
  // wider[w]: how many offsets need more than w bits.
  let above = 0;
  for (let w = 64; w >= 0; w--) {
    wider[w] = above;
    above += widthCounts[w]!;
  }
  let best: PatchedPlan | undefined;
  for (const width of FIXED_WIDTHS) {
    if (width >= directWidth) break;
    const count = wider[width]!;
    if (count === 0 || count > MAX_PATCHES) continue;
    const plan = patchList(n, width, base, baseBytes);
    if (plan !== undefined && (best === undefined || plan.cost < best.cost)) best = plan;
  }
  return best;
}

function patchList(n: number, width: number, base: number, baseBytes: number): PatchedPlan | undefined {
  const entries: number[] = [];
  const scale = 2 ** width;
  let last = 0;
  let maxGap = 0;
  let maxPatchBits = 0;
  for (let i = 0; i < n; i++) {
    if (widths[i]! <= width) continue;
    let gap = i - last;
    while (gap > MAX_GAP) {
      entries.push(MAX_GAP, 0);
      maxGap = MAX_GAP;
      gap -= MAX_GAP;
    }
    const patch = Math.floor(offsets[i]! / scale);
    entries.push(gap, patch);
    maxGap = Math.max(maxGap, gap);
    maxPatchBits = Math.max(maxPatchBits, bitLength(patch));
    last = i;
  }
  const count = entries.length / 2;
  if (count > MAX_PATCHES) return undefined;
  const gapWidth = Math.max(1, bitLength(maxGap));
  const patchWidth = closestFixedBits(maxPatchBits);
  const entryWidth = closestFixedBits(patchWidth + gapWidth);
  if (patchWidth + gapWidth > 64) return undefined;
  const cost = 4 + baseBytes + Math.ceil((n * width) / 8) + Math.ceil((count * entryWidth) / 8);
  return { cost, base, baseBytes, width, patchWidth, gapWidth, entries };
}

function writePatched(
  out: ByteBuffer,
  values: ArrayLike<number>,
  start: number,
  end: number,
  plan: PatchedPlan,
): void {
  const n = end - start;
  const count = plan.entries.length / 2;
  out.byte((2 << 6) | (encodeBitWidth(plan.width) << 1) | ((n - 1) >>> 8));
  out.byte((n - 1) & 0xff);
  out.byte(((plan.baseBytes - 1) << 5) | encodeBitWidth(plan.patchWidth));
  out.byte(((plan.gapWidth - 1) << 5) | count);
  // Sign-magnitude: the magnitude stays below the top bit, which holds the sign.
  const magnitude = plan.base < 0 ? -plan.base : plan.base;
  for (let b = plan.baseBytes - 1; b >= 0; b--) {
    let byte = Math.floor(magnitude / 2 ** (b * 8)) & 0xff;
    if (b === plan.baseBytes - 1 && plan.base < 0) byte |= 0x80;
    out.byte(byte);
  }
  const scale = 2 ** plan.width;
  const bits = new NumberBitWriter(out);
  for (let i = start; i < end; i++) {
    const o = values[i]! - plan.base;
    bits.write(o - Math.floor(o / scale) * scale, plan.width);
  }
  bits.finish();
  const entryWidth = closestFixedBits(plan.patchWidth + plan.gapWidth);
  const gapBits = entryWidth - plan.patchWidth;
  for (let e = 0; e < plan.entries.length; e += 2) {
    bits.write(plan.entries[e]!, gapBits);
    bits.write(plan.entries[e + 1]!, plan.patchWidth);
  }
  bits.finish();
}
