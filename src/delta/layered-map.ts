/**
 * A string-keyed map that can be forked cheaply: a fork shares its parent's entries (a frozen base) and
 * records only its own changes (the top layer), so a snapshot refreshed by one commit costs the size of
 * that commit and of the changes since the last flattening, not the size of the table (snapshot-cache.ts).
 * Iteration order is exactly a plain Map's given the same sets and deletes: an overwritten key keeps its
 * place, a deleted and re-set key moves to the end. That keeps file lists identical whichever way a
 * snapshot was built.
 */

const GONE = Symbol('gone');

interface Entry<V> {
  readonly value: V;
  /** True when the key is live in the base and was overwritten in place (so it iterates at its base position). */
  readonly atBase: boolean;
}

/** A fork flattens once its top layer outgrows this share of the base (amortized O(1) per change). */
const FLATTEN_RATIO = 4;
const FLATTEN_MIN = 4096;

export class LayeredMap<V> {
  #base: ReadonlyMap<string, V>;
  #top: Map<string, Entry<V> | typeof GONE>;
  #size: number;

  constructor(base: ReadonlyMap<string, V> = new Map(), top = new Map<string, Entry<V> | typeof GONE>()) {
    this.#base = base;
    this.#top = top;
    let size = base.size;
    for (const e of top.values()) {
      if (e === GONE) size--;
      else if (!e.atBase) size++;
    }
    this.#size = size;
  }

  get size(): number {
    return this.#size;
  }

  /**
   * Makes an empty map hold `entries` (which it takes over): a checkpoint's tens of thousands of files go
   * into a plain Map, as fast as a Map fills, and become the base that later commits layer over.
   */
  adoptBase(entries: ReadonlyMap<string, V>): void {
    if (this.#base.size > 0 || this.#top.size > 0)
      throw new Error('LayeredMap.adoptBase: the map is not empty');
    this.#base = entries;
    this.#size = entries.size;
  }

  get(key: string): V | undefined {
    const e = this.#top.get(key);
    if (e === undefined) return this.#base.get(key);
    return e === GONE ? undefined : e.value;
  }

  has(key: string): boolean {
    const e = this.#top.get(key);
    return e === undefined ? this.#base.has(key) : e !== GONE;
  }

  set(key: string, value: V): void {
    const e = this.#top.get(key);
    if (e === GONE) {
      // Deleted, now set again: a plain Map would append it, so it leaves its base position.
      this.#top.delete(key);
      this.#top.set(key, { value, atBase: false });
      this.#size++;
    } else if (e !== undefined) {
      this.#top.set(key, { value, atBase: e.atBase });
    } else if (this.#base.has(key)) {
      this.#top.set(key, { value, atBase: true });
    } else {
      this.#top.set(key, { value, atBase: false });
      this.#size++;
    }
  }

  delete(key: string): boolean {
    const e = this.#top.get(key);
    if (e === GONE) return false;
    if (e === undefined && !this.#base.has(key)) return false;
    if (this.#base.has(key)) this.#top.set(key, GONE);
    else this.#top.delete(key);
    this.#size--;
    return true;
  }

  *entries(): IterableIterator<[string, V]> {
    const top = this.#top;
    for (const [k, v] of this.#base) {
      const e = top.get(k);
      if (e === undefined) yield [k, v];
      else if (e !== GONE && e.atBase) yield [k, e.value];
    }
    for (const [k, e] of top) if (e !== GONE && !e.atBase) yield [k, e.value];
  }

  *values(): IterableIterator<V> {
    // With no change over the base, its values alone: a checkpoint's columnar adds (checkpoint-adds.ts)
    // then never build their keys.
    if (this.#top.size === 0) {
      yield* this.#base.values();
      return;
    }
    for (const [, v] of this.entries()) yield v;
  }

  /**
   * A copy whose changes do not reach this map (nor this map's later changes the copy). Costs the size of
   * the top layer, or once in a while the size of the map, when the top layer is flattened into a new base.
   */
  fork(): LayeredMap<V> {
    if (this.#top.size > Math.max(FLATTEN_MIN, this.#base.size / FLATTEN_RATIO)) {
      this.#base = new Map(this.entries());
      this.#top = new Map();
    }
    // The top layer is copied, never shared: both maps may go on changing.
    return new LayeredMap(this.#base, new Map(this.#top));
  }
}
