/**
 * The three kinds of 16-bit container a RoaringBitmap is made of (RoaringFormatSpec, "Standard 32-bit
 * Roaring Bitmap"): each holds the low 16 bits of the values that share one high 16-bit key.
 * - `array`: sorted values, used for up to 4096 values (the spec's array container).
 * - `bitmap`: 65536 bits as 2048 32-bit words; bit `j` of the block is bit `j & 31` of word `j >>> 5`,
 *   which is the same bit order as the spec's 1024 little-endian 64-bit words.
 * - `run`: pairs (start, length - 1), sorted and non-overlapping.
 *
 * Containers are mutable so that `add` stays cheap; `containerAdd` returns the container to keep, which is a
 * new one when the kind has to change.
 */
export const ARRAY_CONTAINER_MAX_CARDINALITY = 4096;
export const BITMAP_CONTAINER_WORDS = 2048;

export interface ArrayContainer {
  readonly kind: 'array';
  /** Sorted ascending in `values[0, size)`; the rest is spare capacity. */
  values: Uint16Array;
  size: number;
}

export interface BitmapContainer {
  readonly kind: 'bitmap';
  readonly words: Uint32Array;
  cardinality: number;
}

export interface RunContainer {
  readonly kind: 'run';
  /** `runs[2i]` is a run's start, `runs[2i + 1]` its length minus one. */
  readonly runs: Uint16Array;
  readonly cardinality: number;
}

export type Container = ArrayContainer | BitmapContainer | RunContainer;

export function containerCardinality(c: Container): number {
  switch (c.kind) {
    case 'array':
      return c.size;
    case 'bitmap':
    case 'run':
      return c.cardinality;
    default:
      return assertNever(c);
  }
}

export function containerHas(c: Container, low: number): boolean {
  switch (c.kind) {
    case 'array':
      return indexOfSorted(c.values, c.size, low) >= 0;
    case 'bitmap':
      return ((c.words[low >>> 5]! >>> (low & 31)) & 1) === 1;
    case 'run': {
      // The last run whose start is <= low is the only one that can hold it.
      const runs = c.runs;
      let lo = 0;
      let hi = (runs.length >>> 1) - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const start = runs[2 * mid]!;
        if (low < start) hi = mid - 1;
        else if (low > start + runs[2 * mid + 1]!) lo = mid + 1;
        else return true;
      }
      return false;
    }
    default:
      return assertNever(c);
  }
}

/** Adds `low` and returns the container to keep in this slot (a new one when the kind changed). */
export function containerAdd(c: Container, low: number): Container {
  switch (c.kind) {
    case 'array': {
      const size = c.size;
      // Appending in ascending order is the common case (writers add sorted row indexes).
      const at = size > 0 && c.values[size - 1]! < low ? -(size + 1) : indexOfSorted(c.values, size, low);
      if (at >= 0) return c;
      if (size >= ARRAY_CONTAINER_MAX_CARDINALITY) return containerAdd(toBitmapContainer(c), low);
      const insertAt = -at - 1;
      if (size === c.values.length) {
        const grown = new Uint16Array(Math.min(ARRAY_CONTAINER_MAX_CARDINALITY, Math.max(4, size * 2)));
        grown.set(c.values.subarray(0, size));
        c.values = grown;
      }
      c.values.copyWithin(insertAt + 1, insertAt, size);
      c.values[insertAt] = low;
      c.size = size + 1;
      return c;
    }
    case 'bitmap': {
      const i = low >>> 5;
      const bit = 1 << (low & 31);
      const word = c.words[i]!;
      if ((word & bit) === 0) {
        c.words[i] = word | bit;
        c.cardinality++;
      }
      return c;
    }
    case 'run': {
      if (containerHas(c, low)) return c;
      const replacement =
        c.cardinality < ARRAY_CONTAINER_MAX_CARDINALITY ? toArrayContainer(c) : toBitmapContainer(c);
      return containerAdd(replacement, low);
    }
    default:
      return assertNever(c);
  }
}

/** Writes `base + v` for every value `v` of the container, ascending, into `out` from `pos`; returns the next position. */
export function containerWriteValues(c: Container, base: number, out: Uint32Array, pos: number): number {
  switch (c.kind) {
    case 'array': {
      const values = c.values;
      for (let i = 0; i < c.size; i++) out[pos++] = base + values[i]!;
      return pos;
    }
    case 'bitmap': {
      const words = c.words;
      for (let i = 0; i < BITMAP_CONTAINER_WORDS; i++) {
        let w = words[i]!;
        const wordBase = base + i * 32;
        while (w !== 0) {
          const lowest = w & -w;
          out[pos++] = wordBase + 31 - Math.clz32(lowest);
          w ^= lowest;
        }
      }
      return pos;
    }
    case 'run': {
      const runs = c.runs;
      for (let r = 0; r < runs.length; r += 2) {
        const start = base + runs[r]!;
        const end = start + runs[r + 1]!;
        for (let v = start; v <= end; v++) out[pos++] = v;
      }
      return pos;
    }
    default:
      return assertNever(c);
  }
}

/** The container's values as a sorted Uint16Array (exactly `cardinality` long). */
export function containerToValues(c: Container): Uint16Array {
  if (c.kind === 'array') return c.values.slice(0, c.size);
  const out = new Uint32Array(containerCardinality(c));
  containerWriteValues(c, 0, out, 0);
  return Uint16Array.from(out);
}

export function toArrayContainer(c: Container): ArrayContainer {
  const values = containerToValues(c);
  return { kind: 'array', values, size: values.length };
}

export function toBitmapContainer(c: Container): BitmapContainer {
  switch (c.kind) {
    case 'bitmap':
      return c;
    case 'array': {
      const words = new Uint32Array(BITMAP_CONTAINER_WORDS);
      for (let i = 0; i < c.size; i++) {
        const v = c.values[i]!;
        words[v >>> 5]! |= 1 << (v & 31);
      }
      return { kind: 'bitmap', words, cardinality: c.size };
    }
    case 'run': {
      const words = new Uint32Array(BITMAP_CONTAINER_WORDS);
      for (let r = 0; r < c.runs.length; r += 2) {
        const start = c.runs[r]!;
        setBitRange(words, start, start + c.runs[r + 1]!);
      }
      return { kind: 'bitmap', words, cardinality: c.cardinality };
    }
    default:
      return assertNever(c);
  }
}

export function toRunContainer(c: Container): RunContainer {
  if (c.kind === 'run') return c;
  const values = containerToValues(c);
  const runs = new Uint16Array(2 * containerRunCount(c));
  let r = -2;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (r >= 0 && v === runs[r]! + runs[r + 1]! + 1) runs[r + 1]!++;
    else {
      r += 2;
      runs[r] = v;
    }
  }
  return { kind: 'run', runs, cardinality: values.length };
}

/** How many maximal runs of consecutive values the container holds (its size as a run container). */
export function containerRunCount(c: Container): number {
  switch (c.kind) {
    case 'array': {
      let count = 0;
      for (let i = 0; i < c.size; i++) if (i === 0 || c.values[i]! !== c.values[i - 1]! + 1) count++;
      return count;
    }
    case 'bitmap': {
      // A run starts at every set bit whose lower neighbour is clear.
      let count = 0;
      let carry = 0;
      for (let i = 0; i < BITMAP_CONTAINER_WORDS; i++) {
        const w = c.words[i]!;
        count += popcount32(w & ~((w << 1) | carry));
        carry = w >>> 31;
      }
      return count;
    }
    case 'run':
      return c.runs.length >>> 1;
    default:
      return assertNever(c);
  }
}

/** Sets bits `from..to` (inclusive) of a bitmap container's words. */
export function setBitRange(words: Uint32Array, from: number, to: number): void {
  const firstWord = from >>> 5;
  const lastWord = to >>> 5;
  const firstMask = ~0 << (from & 31);
  const lastMask = ~0 >>> (31 - (to & 31));
  if (firstWord === lastWord) {
    words[firstWord]! |= firstMask & lastMask;
    return;
  }
  words[firstWord]! |= firstMask;
  words.fill(0xffffffff, firstWord + 1, lastWord);
  words[lastWord]! |= lastMask;
}

export function popcount32(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Binary search in `values[0, size)`: the index of `v`, or `-(insertion point) - 1`. */
function indexOfSorted(values: Uint16Array, size: number, v: number): number {
  let lo = 0;
  let hi = size - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const x = values[mid]!;
    if (x < v) lo = mid + 1;
    else if (x > v) hi = mid - 1;
    else return mid;
  }
  return -(lo + 1);
}

function assertNever(x: never): never {
  throw new Error(`unexpected container ${JSON.stringify(x)}`);
}
