import { invalidDeletionVector } from './invalid-deletion-vector.js';
import { RoaringBitmap } from './roaring-bitmap.js';

/** The magic number of the portable layout, the one PROTOCOL.md "Deletion Vector Format" specifies. */
export const PORTABLE_ROARING_BITMAP_ARRAY_MAGIC = 1681511377;
/**
 * Delta's older "native" layout (magic 1681511376): an int32 bitmap count, then per key 0, 1, 2, … an int32
 * byte length and the 32-bit bitmap. Writers use the portable one; Delta's reader accepts both, so do we.
 */
export const NATIVE_ROARING_BITMAP_ARRAY_MAGIC = 1681511376;
const MAX_KEY = 0x7fffffff;
const TWO_POW_32 = 0x100000000;
const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * Delta's `RoaringBitmapArray`: a set of 64-bit row indexes as 32-bit RoaringBitmaps ("buckets") keyed by
 * the high 32 bits, which CRoaring calls a treemap. PROTOCOL.md "Deletion Vector Format" fixes its bytes:
 * a little-endian magic number 1681511377, then RoaringFormatSpec's "portable" 64-bit layout (the bucket
 * count as a little-endian uint64, then per bucket ascending its uint32 key and its 32-bit bitmap).
 * Delta also requires every key's most significant bit to be 0, so row indexes stay below 2^63.
 */
export class RoaringBitmapArray {
  /** High 32 bits of the row indexes, strictly ascending; `bitmaps[i]` holds the low 32 bits for `keys[i]`. */
  private readonly keys: number[];
  private readonly bitmaps: RoaringBitmap[];

  private constructor(keys: number[], bitmaps: RoaringBitmap[]) {
    this.keys = keys;
    this.bitmaps = bitmaps;
  }

  static empty(): RoaringBitmapArray {
    return new RoaringBitmapArray([], []);
  }

  static from(rowIndexes: Iterable<bigint | number>): RoaringBitmapArray {
    const set = RoaringBitmapArray.empty();
    for (const rowIndex of rowIndexes) set.add(rowIndex);
    return set;
  }

  /** Reads the serialized form, magic number included (portable or native layout). */
  static deserialize(bytes: Uint8Array): RoaringBitmapArray {
    if (bytes.length < 8) {
      throw invalidDeletionVector(`RoaringBitmapArray needs at least 8 bytes, got ${bytes.length}`);
    }
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const magic = view.getUint32(0, true);
    if (magic === PORTABLE_ROARING_BITMAP_ARRAY_MAGIC) return readPortable(bytes, view);
    if (magic === NATIVE_ROARING_BITMAP_ARRAY_MAGIC) return readNative(bytes, view);
    throw invalidDeletionVector(
      `RoaringBitmapArray magic number is ${magic}, expected ${PORTABLE_ROARING_BITMAP_ARRAY_MAGIC}`,
    );
  }

  /** Buckets keyed by the high 32 bits of their row indexes; keys must ascend strictly and stay below 2^31. */
  static fromBuckets(keys: number[], bitmaps: RoaringBitmap[]): RoaringBitmapArray {
    if (keys.length !== bitmaps.length) throw new RangeError('one bitmap per key');
    keys.forEach((key, i) => {
      if (!(key >= 0 && key <= MAX_KEY && (i === 0 || key > keys[i - 1]!))) {
        throw new RangeError(`bucket keys must ascend within [0, 2^31): ${keys.join(', ')}`);
      }
    });
    return new RoaringBitmapArray(keys, bitmaps);
  }

  add(rowIndex: bigint | number): void {
    const [key, low] = split(rowIndex);
    if (key < 0 || key > MAX_KEY) throw new RangeError(`a row index must be in [0, 2^63), got ${rowIndex}`);
    const n = this.keys.length;
    let i = n > 0 && this.keys[n - 1] === key ? n - 1 : this.indexOfKey(key);
    if (i < 0) {
      i = -i - 1;
      this.keys.splice(i, 0, key);
      this.bitmaps.splice(i, 0, RoaringBitmap.empty());
    }
    this.bitmaps[i]!.add(low);
  }

  has(rowIndex: bigint | number): boolean {
    let key: number;
    let low: number;
    if (typeof rowIndex === 'number') {
      // The common case: a row index below 2^32 as a plain number.
      if (rowIndex >= 0 && rowIndex < TWO_POW_32 && rowIndex === rowIndex >>> 0) {
        key = 0;
        low = rowIndex;
      } else if (Number.isSafeInteger(rowIndex) && rowIndex >= 0) {
        key = Math.floor(rowIndex / TWO_POW_32);
        low = rowIndex - key * TWO_POW_32;
      } else return false;
    } else {
      if (rowIndex < 0n || rowIndex > 0x7fffffffffffffffn) return false;
      key = Number(rowIndex >> 32n);
      low = Number(rowIndex & 0xffffffffn);
    }
    const keys = this.keys;
    if (keys.length === 1) return keys[0] === key && this.bitmaps[0]!.has(low);
    const i = this.indexOfKey(key);
    return i >= 0 && this.bitmaps[i]!.has(low);
  }

  get cardinality(): number {
    let total = 0;
    for (const bitmap of this.bitmaps) total += bitmap.cardinality;
    return total;
  }

  /** The row indexes, ascending. */
  toBigUint64Array(): BigUint64Array {
    const out = new BigUint64Array(this.cardinality);
    // Writing the two 32-bit halves through a Uint32Array view avoids a BigInt per row on the usual hosts.
    const halves = LITTLE_ENDIAN_HOST ? new Uint32Array(out.buffer) : undefined;
    let pos = 0;
    for (let b = 0; b < this.keys.length; b++) {
      const key = this.keys[b]!;
      const lows = this.bitmaps[b]!.toArray();
      if (halves) {
        for (let j = 0; j < lows.length; j++, pos++) {
          halves[2 * pos] = lows[j]!;
          halves[2 * pos + 1] = key;
        }
      } else {
        const high = BigInt(key) << 32n;
        for (let j = 0; j < lows.length; j++) out[pos++] = high | BigInt(lows[j]!);
      }
    }
    return out;
  }

  serialize(): Uint8Array {
    const buckets: { key: number; bytes: Uint8Array }[] = [];
    for (let b = 0; b < this.keys.length; b++) {
      if (!this.bitmaps[b]!.isEmpty)
        buckets.push({ key: this.keys[b]!, bytes: this.bitmaps[b]!.serialize() });
    }
    const total = 12 + buckets.reduce((sum, bucket) => sum + 4 + bucket.bytes.length, 0);
    const out = new Uint8Array(total);
    const view = new DataView(out.buffer);
    view.setUint32(0, PORTABLE_ROARING_BITMAP_ARRAY_MAGIC, true);
    view.setUint32(4, buckets.length, true);
    view.setUint32(8, 0, true);
    let pos = 12;
    for (const bucket of buckets) {
      view.setUint32(pos, bucket.key, true);
      out.set(bucket.bytes, pos + 4);
      pos += 4 + bucket.bytes.length;
    }
    return out;
  }

  private indexOfKey(key: number): number {
    const keys = this.keys;
    let lo = 0;
    let hi = keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const k = keys[mid]!;
      if (k < key) lo = mid + 1;
      else if (k > key) hi = mid - 1;
      else return mid;
    }
    return -(lo + 1);
  }
}

/** A row index as [high 32 bits, low 32 bits]; [-1, 0] for anything that is not a non-negative integer. */
function split(rowIndex: bigint | number): [number, number] {
  if (typeof rowIndex === 'bigint') {
    if (rowIndex < 0n) return [-1, 0];
    return [Number(rowIndex >> 32n), Number(rowIndex & 0xffffffffn)];
  }
  if (!Number.isSafeInteger(rowIndex) || rowIndex < 0) return [-1, 0];
  const key = Math.floor(rowIndex / TWO_POW_32);
  return [key, rowIndex - key * TWO_POW_32];
}

/**
 * The portable layout. Bytes after the last bucket are ignored, as Delta's and delta-kernel's readers do;
 * the DV file's checksum and the descriptor's size guard the framing.
 */
function readPortable(bytes: Uint8Array, view: DataView): RoaringBitmapArray {
  if (bytes.length < 12)
    throw invalidDeletionVector(`RoaringBitmapArray needs 12 bytes, got ${bytes.length}`);
  const countLow = view.getUint32(4, true);
  const countHigh = view.getUint32(8, true);
  // Every bucket takes at least 12 bytes (key, cookie, container count), which bounds a sane count.
  if (countHigh !== 0 || countLow > (bytes.length - 12) / 12) {
    throw invalidDeletionVector(
      `RoaringBitmapArray claims ${countHigh * TWO_POW_32 + countLow} buckets in ${bytes.length} bytes`,
    );
  }
  const keys: number[] = [];
  const bitmaps: RoaringBitmap[] = [];
  let pos = 12;
  for (let b = 0; b < countLow; b++) {
    if (pos + 4 > bytes.length) throw invalidDeletionVector(`RoaringBitmapArray truncated at bucket ${b}`);
    const key = view.getUint32(pos, true);
    if (key > MAX_KEY) {
      throw invalidDeletionVector(`RoaringBitmapArray bucket key ${key} has its most significant bit set`);
    }
    if (b > 0 && key <= keys[b - 1]!) {
      throw invalidDeletionVector(
        `RoaringBitmapArray bucket keys not ascending: ${key} after ${keys[b - 1]}`,
      );
    }
    const { bitmap, end } = RoaringBitmap.deserialize(bytes, pos + 4);
    keys.push(key);
    bitmaps.push(bitmap);
    pos = end;
  }
  return RoaringBitmapArray.fromBuckets(keys, bitmaps);
}

function readNative(bytes: Uint8Array, view: DataView): RoaringBitmapArray {
  const count = view.getInt32(4, true);
  if (count < 0 || count > (bytes.length - 8) / 12) {
    throw invalidDeletionVector(
      `RoaringBitmapArray (native) claims ${count} bitmaps in ${bytes.length} bytes`,
    );
  }
  const keys: number[] = [];
  const bitmaps: RoaringBitmap[] = [];
  let pos = 8;
  for (let key = 0; key < count; key++) {
    if (pos + 4 > bytes.length) throw invalidDeletionVector(`RoaringBitmapArray truncated at bitmap ${key}`);
    const size = view.getInt32(pos, true);
    const { bitmap, end } = RoaringBitmap.deserialize(bytes, pos + 4);
    if (end !== pos + 4 + size) {
      throw invalidDeletionVector(
        `RoaringBitmapArray bitmap ${key} is ${end - pos - 4} bytes, framed as ${size}`,
      );
    }
    keys.push(key);
    bitmaps.push(bitmap);
    pos = end;
  }
  return RoaringBitmapArray.fromBuckets(keys, bitmaps);
}
