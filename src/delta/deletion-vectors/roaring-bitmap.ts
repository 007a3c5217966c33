import { invalidDeletionVector } from './invalid-deletion-vector.js';
import {
  ARRAY_CONTAINER_MAX_CARDINALITY,
  BITMAP_CONTAINER_WORDS,
  type Container,
  containerAdd,
  containerCardinality,
  containerHas,
  containerRunCount,
  containerToValues,
  containerWriteValues,
  popcount32,
  toBitmapContainer,
  toRunContainer,
} from './roaring-container.js';

/**
 * A set of unsigned 32-bit integers in Roaring form, readable and writable in the portable serialization
 * format of RoaringFormatSpec ("Standard 32-bit Roaring Bitmap"), which Delta embeds per 32-bit bucket of a
 * deletion vector (PROTOCOL.md "Deletion Vector Format").
 */
export class RoaringBitmap {
  /** High 16-bit keys, strictly ascending; `containers[i]` holds the low 16 bits for `keys[i]`. */
  private readonly keys: number[];
  private readonly containers: Container[];
  /** Index of the container the last lookup hit: DVs are mostly probed in ascending row order. */
  private lastIndex = 0;

  private constructor(keys: number[], containers: Container[]) {
    this.keys = keys;
    this.containers = containers;
  }

  static empty(): RoaringBitmap {
    return new RoaringBitmap([], []);
  }

  static from(values: Iterable<number>): RoaringBitmap {
    const bitmap = RoaringBitmap.empty();
    for (const v of values) bitmap.add(v);
    return bitmap;
  }

  /** Reads one serialized bitmap starting at `start`; `end` is the offset just past it. */
  static deserialize(bytes: Uint8Array, start = 0): { bitmap: RoaringBitmap; end: number } {
    const { keys, containers, end } = readPortable(bytes, start);
    return { bitmap: new RoaringBitmap(keys, containers), end };
  }

  add(value: number): void {
    if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
      throw new RangeError(`RoaringBitmap holds unsigned 32-bit integers, got ${value}`);
    }
    const key = value >>> 16;
    const low = value & 0xffff;
    const keys = this.keys;
    const n = keys.length;
    let i = n > 0 && keys[n - 1]! === key ? n - 1 : this.indexOfKey(key);
    if (i < 0) {
      i = -i - 1;
      keys.splice(i, 0, key);
      this.containers.splice(i, 0, { kind: 'array', values: new Uint16Array(4), size: 0 });
    }
    this.containers[i] = containerAdd(this.containers[i]!, low);
  }

  has(value: number): boolean {
    if (value >>> 0 !== value) return false; // not an unsigned 32-bit integer
    const key = value >>> 16;
    let i = this.lastIndex;
    if (this.keys[i] !== key) {
      i = this.indexOfKey(key);
      if (i < 0) return false;
      this.lastIndex = i;
    }
    return containerHas(this.containers[i]!, value & 0xffff);
  }

  get cardinality(): number {
    let total = 0;
    for (const c of this.containers) total += containerCardinality(c);
    return total;
  }

  get isEmpty(): boolean {
    return this.keys.length === 0;
  }

  /** The values, ascending. */
  toArray(): Uint32Array {
    const out = new Uint32Array(this.cardinality);
    let pos = 0;
    for (let i = 0; i < this.keys.length; i++) {
      pos = containerWriteValues(this.containers[i]!, this.keys[i]! * 0x10000, out, pos);
    }
    return out;
  }

  /** Iterates the values ascending, one container at a time. */
  *[Symbol.iterator](): IterableIterator<number> {
    for (let i = 0; i < this.keys.length; i++) {
      const c = this.containers[i]!;
      const block = new Uint32Array(containerCardinality(c));
      containerWriteValues(c, this.keys[i]! * 0x10000, block, 0);
      yield* block;
    }
  }

  /**
   * The portable serialization. Per container it writes whichever of array/bitmap and run is smaller,
   * as RoaringBitmap's `runOptimize` would; with no run container it uses the run-less cookie.
   */
  serialize(): Uint8Array {
    return writePortable(this.keys, this.containers);
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

// RoaringFormatSpec "General layout" constants.
const SERIAL_COOKIE_NO_RUNCONTAINER = 12346;
const SERIAL_COOKIE = 12347;
const NO_OFFSET_THRESHOLD = 4;
const BITMAP_CONTAINER_BYTES = BITMAP_CONTAINER_WORDS * 4;

function readPortable(
  bytes: Uint8Array,
  start: number,
): { keys: number[]; containers: Container[]; end: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const need = (pos: number, length: number, what: string): void => {
    if (pos + length > bytes.length) {
      throw invalidDeletionVector(
        `RoaringBitmap truncated: ${what} needs bytes ${pos}..${pos + length} but only ${bytes.length} exist`,
      );
    }
  };
  // 1. Cookie header.
  need(start, 4, 'cookie');
  const cookie = view.getUint32(start, true);
  let size: number;
  let pos: number;
  let runFlagsAt = -1;
  let hasOffsets: boolean;
  if ((cookie & 0xffff) === SERIAL_COOKIE) {
    size = (cookie >>> 16) + 1;
    runFlagsAt = start + 4;
    pos = runFlagsAt + ((size + 7) >>> 3);
    hasOffsets = size >= NO_OFFSET_THRESHOLD;
  } else if (cookie === SERIAL_COOKIE_NO_RUNCONTAINER) {
    need(start + 4, 4, 'container count');
    size = view.getUint32(start + 4, true);
    if (size > 0x10000)
      throw invalidDeletionVector(`RoaringBitmap claims ${size} containers (at most 65536)`);
    pos = start + 8;
    hasOffsets = true;
  } else {
    throw invalidDeletionVector(`RoaringBitmap has an unknown cookie ${cookie} at byte ${start}`);
  }
  // 2. Descriptive header (key, cardinality - 1); 3. the offset header, which sequential reading can skip.
  need(pos, 4 * size + (hasOffsets ? 4 * size : 0), 'header');
  const headerAt = pos;
  pos += 4 * size + (hasOffsets ? 4 * size : 0);
  const keys = new Array<number>(size);
  const containers = new Array<Container>(size);
  // 4. Containers, one after another.
  for (let i = 0; i < size; i++) {
    const key = view.getUint16(headerAt + 4 * i, true);
    const cardinality = view.getUint16(headerAt + 4 * i + 2, true) + 1;
    if (i > 0 && key <= keys[i - 1]!) {
      throw invalidDeletionVector(`RoaringBitmap keys not strictly ascending: ${key} after ${keys[i - 1]}`);
    }
    keys[i] = key;
    const isRun = runFlagsAt >= 0 && ((bytes[runFlagsAt + (i >>> 3)]! >>> (i & 7)) & 1) === 1;
    if (isRun) {
      need(pos, 2, 'run count');
      const numRuns = view.getUint16(pos, true);
      need(pos + 2, 4 * numRuns, 'runs');
      containers[i] = readRuns(view, pos + 2, numRuns, cardinality, key);
      pos += 2 + 4 * numRuns;
    } else if (cardinality <= ARRAY_CONTAINER_MAX_CARDINALITY) {
      need(pos, 2 * cardinality, 'array container');
      const values = new Uint16Array(cardinality);
      let previous = -1;
      for (let j = 0; j < cardinality; j++) {
        const v = view.getUint16(pos + 2 * j, true);
        if (v <= previous) throw invalidDeletionVector(`RoaringBitmap array container ${key} is not sorted`);
        values[j] = previous = v;
      }
      containers[i] = { kind: 'array', values, size: cardinality };
      pos += 2 * cardinality;
    } else {
      need(pos, BITMAP_CONTAINER_BYTES, 'bitmap container');
      const words = new Uint32Array(BITMAP_CONTAINER_WORDS);
      let count = 0;
      for (let j = 0; j < BITMAP_CONTAINER_WORDS; j++) {
        const w = view.getUint32(pos + 4 * j, true);
        words[j] = w;
        count += popcount32(w);
      }
      if (count !== cardinality) {
        throw invalidDeletionVector(
          `RoaringBitmap bitmap container ${key} holds ${count} values but its header says ${cardinality}`,
        );
      }
      containers[i] = { kind: 'bitmap', words, cardinality };
      pos += BITMAP_CONTAINER_BYTES;
    }
  }
  return { keys, containers, end: pos };
}

function readRuns(view: DataView, at: number, numRuns: number, cardinality: number, key: number): Container {
  if (numRuns === 0) throw invalidDeletionVector(`RoaringBitmap run container ${key} has no runs`);
  const runs = new Uint16Array(2 * numRuns);
  let count = 0;
  let previousEnd = -2;
  for (let r = 0; r < numRuns; r++) {
    const start = view.getUint16(at + 4 * r, true);
    const lengthMinusOne = view.getUint16(at + 4 * r + 2, true);
    // Runs must be sorted and disjoint (adjacent ones are tolerated) and stay inside the 16-bit block.
    if (start <= previousEnd || start + lengthMinusOne > 0xffff) {
      throw invalidDeletionVector(`RoaringBitmap run container ${key} has overlapping or out-of-range runs`);
    }
    runs[2 * r] = start;
    runs[2 * r + 1] = lengthMinusOne;
    previousEnd = start + lengthMinusOne;
    count += lengthMinusOne + 1;
  }
  if (count !== cardinality) {
    throw invalidDeletionVector(
      `RoaringBitmap run container ${key} holds ${count} values but its header says ${cardinality}`,
    );
  }
  return { kind: 'run', runs, cardinality };
}

function writePortable(keys: readonly number[], containers: readonly Container[]): Uint8Array {
  const size = keys.length;
  const chosen: Container[] = containers.map(chooseSmallestKind);
  const hasRun = chosen.some((c) => c.kind === 'run');
  const runFlagBytes = (size + 7) >>> 3;
  let headerBytes: number;
  if (hasRun) headerBytes = 4 + runFlagBytes + 4 * size + (size >= NO_OFFSET_THRESHOLD ? 4 * size : 0);
  else headerBytes = 8 + 8 * size;
  const payloadBytes = chosen.map(payloadSize);
  const out = new Uint8Array(headerBytes + payloadBytes.reduce((a, b) => a + b, 0));
  const view = new DataView(out.buffer);
  let pos: number;
  if (hasRun) {
    view.setUint32(0, (SERIAL_COOKIE | ((size - 1) << 16)) >>> 0, true);
    chosen.forEach((c, i) => {
      if (c.kind === 'run') out[4 + (i >>> 3)]! |= 1 << (i & 7);
    });
    pos = 4 + runFlagBytes;
  } else {
    view.setUint32(0, SERIAL_COOKIE_NO_RUNCONTAINER, true);
    view.setUint32(4, size, true);
    pos = 8;
  }
  for (let i = 0; i < size; i++) {
    view.setUint16(pos, keys[i]!, true);
    view.setUint16(pos + 2, containerCardinality(chosen[i]!) - 1, true);
    pos += 4;
  }
  if (!hasRun || size >= NO_OFFSET_THRESHOLD) {
    let offset = headerBytes;
    for (let i = 0; i < size; i++) {
      view.setUint32(pos, offset, true);
      pos += 4;
      offset += payloadBytes[i]!;
    }
  }
  for (const c of chosen) pos = writeContainer(view, pos, c);
  return out;
}

/** The kind the spec's readers expect for a non-run container is fixed by its cardinality; a run only when smaller. */
function chooseSmallestKind(c: Container): Container {
  const cardinality = containerCardinality(c);
  const plainBytes =
    cardinality <= ARRAY_CONTAINER_MAX_CARDINALITY ? 2 * cardinality : BITMAP_CONTAINER_BYTES;
  const runBytes = 2 + 4 * containerRunCount(c);
  if (runBytes < plainBytes) return toRunContainer(c);
  if (cardinality > ARRAY_CONTAINER_MAX_CARDINALITY) return toBitmapContainer(c);
  return c.kind === 'array' ? c : { kind: 'array', values: containerToValues(c), size: cardinality };
}

function payloadSize(c: Container): number {
  switch (c.kind) {
    case 'array':
      return 2 * c.size;
    case 'bitmap':
      return BITMAP_CONTAINER_BYTES;
    case 'run':
      return 2 + 2 * c.runs.length;
    default:
      throw new Error(`unexpected container ${JSON.stringify(c satisfies never)}`);
  }
}

function writeContainer(view: DataView, pos: number, c: Container): number {
  switch (c.kind) {
    case 'array':
      for (let j = 0; j < c.size; j++) view.setUint16(pos + 2 * j, c.values[j]!, true);
      return pos + 2 * c.size;
    case 'bitmap':
      for (let j = 0; j < BITMAP_CONTAINER_WORDS; j++) view.setUint32(pos + 4 * j, c.words[j]!, true);
      return pos + BITMAP_CONTAINER_BYTES;
    case 'run':
      view.setUint16(pos, c.runs.length >>> 1, true);
      for (let j = 0; j < c.runs.length; j++) view.setUint16(pos + 2 + 2 * j, c.runs[j]!, true);
      return pos + 2 + 2 * c.runs.length;
    default:
      throw new Error(`unexpected container ${JSON.stringify(c satisfies never)}`);
  }
}
