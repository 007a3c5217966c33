/**
 * The add actions of one checkpoint Parquet file (or sidecar) kept as the file's columns, not as objects: a
 * snapshot loaded from a checkpoint of 50,000 files decodes none of their paths, statistics or partition
 * values until a statement asks for a file (issue 10, BENCHMARKS.md "Snapshot from a large checkpoint").
 * It serves LogReplay as the base of its file map (layered-map.ts):
 * - `size` costs the footer's statistics (else the path column's decoding);
 * - `get`/`has` build the file keys once from the path and deletion vector columns, when a later commit adds
 *   or removes a file over the checkpoint: statistics stay undecoded;
 * - an AddFile is built when first asked for, each column decoded once for all of them, and kept: a cached
 *   snapshot and the snapshots refreshed from it share the objects.
 * The objects are the ones the row reader builds (checkpoint-reader.ts): fields in the file's order, a null
 * field left out, a deletion vector's fields kept with their nulls.
 */
import type { AddFile, DeletionVectorDescriptor } from './actions.js';
import type { LeafValue, ParquetColumns, StringMap } from './parquet-handler.js';

/** The add fields this reader decodes; a checkpoint whose `add` has any other field is read as rows. */
const LEAF_FIELDS = new Set([
  'path',
  'size',
  'modificationTime',
  'dataChange',
  'stats',
  'baseRowId',
  'defaultRowCommitVersion',
  'clusteringProvider',
]);
const MAP_FIELDS = new Set(['partitionValues', 'tags']);
/** A deletion vector's fields that must be there; others (Spark's `maxRowIndex`) are read as they come. */
const DV_FIELDS = ['storageType', 'pathOrInlineDv', 'sizeInBytes', 'cardinality'] as const;
/** Read by the row reader and dropped (checkpoint-reader.ts stripParsedColumns), so never decoded here. */
const IGNORED_FIELDS = new Set(['partitionValues_parsed']);

type KeyOf = (path: string, dv: DeletionVectorDescriptor | null | undefined) => string;

export class CheckpointAdds implements ReadonlyMap<string, AddFile> {
  readonly #columns: ParquetColumns;
  readonly #fields: readonly string[];
  readonly #keyOf: KeyOf;
  #rows: Int32Array | undefined;
  #size: number | undefined;
  #keys: Map<string, number> | undefined;
  /** The positions iterated, when a repeated key made them fewer than the add rows. */
  #order: Int32Array | undefined;
  readonly #objects: (AddFile | undefined)[] = [];
  readonly #decodedColumns = new Map<string, (r: number) => unknown>();

  /**
   * The adds of `columns`, keyed by `keyOf`; undefined when the file's `add` column has a shape this reader
   * does not decode (statistics only as `stats_parsed`, a field of a newer protocol), for the row reader.
   */
  static of(columns: ParquetColumns, keyOf: KeyOf): CheckpointAdds | undefined {
    const fields = columns.childNames(['add']);
    if (!fields?.includes('path')) return undefined;
    for (const f of fields) {
      if (LEAF_FIELDS.has(f) || MAP_FIELDS.has(f) || IGNORED_FIELDS.has(f)) continue;
      if (f !== 'deletionVector') return undefined;
      const dv = columns.childNames(['add', f]) ?? [];
      if (!DV_FIELDS.every((d) => dv.includes(d))) return undefined;
      if (dv.some((d) => (columns.childNames(['add', f, d]) ?? []).length > 0)) return undefined;
    }
    return new CheckpointAdds(
      columns,
      fields.filter((f) => !IGNORED_FIELDS.has(f)),
      keyOf,
    );
  }

  private constructor(columns: ParquetColumns, fields: readonly string[], keyOf: KeyOf) {
    this.#columns = columns;
    this.#fields = fields;
    this.#keyOf = keyOf;
  }

  get size(): number {
    if (this.#rows) return this.#order ? this.#order.length : this.#rows.length;
    // The footer's null count of the paths, when the writer kept statistics: no column decoded at all.
    this.#size ??= this.#columns.nonNullCount(['add', 'path']) ?? this.#addRows().length;
    return this.#size;
  }

  get [Symbol.toStringTag](): string {
    return 'CheckpointAdds';
  }

  get(key: string): AddFile | undefined {
    const at = this.#keyIndex().get(key);
    return at === undefined ? undefined : this.#file(at);
  }

  has(key: string): boolean {
    return this.#keyIndex().has(key);
  }

  *entries(): MapIterator<[string, AddFile]> {
    for (const [key, at] of this.#keyIndex()) yield [key, this.#file(at)];
  }

  keys(): MapIterator<string> {
    return this.#keyIndex().keys();
  }

  *values(): MapIterator<AddFile> {
    if (this.#order) {
      for (const at of this.#order) yield this.#file(at);
      return;
    }
    const n = this.#addRows().length;
    for (let at = 0; at < n; at++) yield this.#file(at);
  }

  [Symbol.iterator](): MapIterator<[string, AddFile]> {
    return this.entries();
  }

  forEach(fn: (value: AddFile, key: string, map: ReadonlyMap<string, AddFile>) => void): void {
    for (const [k, v] of this.entries()) fn(v, k, this);
  }

  /** The rows that hold an add (a checkpoint row holds one action), in file order. */
  #addRows(): Int32Array {
    if (!this.#rows) {
      const paths = this.#decoded('path');
      const n = this.#columns.numRows;
      let count = 0;
      for (let r = 0; r < n; r++) if (paths(r) !== null) count++;
      const rows = new Int32Array(count);
      let at = 0;
      for (let r = 0; r < n; r++) if (paths(r) !== null) rows[at++] = r;
      this.#rows = rows;
    }
    return this.#rows;
  }

  /**
   * Key to position among the adds, from the path and deletion vector columns alone (a later commit's
   * adds and removes need no statistics). A key repeated in one checkpoint (a damaged one) keeps its first
   * place and its last add, as a Map filled in row order does.
   */
  #keyIndex(): Map<string, number> {
    if (!this.#keys) {
      const rows = this.#addRows();
      const paths = this.#decoded('path');
      const dvs = this.#fields.includes('deletionVector') ? this.#decoded('deletionVector') : () => null;
      const keys = new Map<string, number>();
      for (let at = 0; at < rows.length; at++) {
        const r = rows[at]!;
        keys.set(this.#keyOf(paths(r) as string, dvs(r) as DeletionVectorDescriptor | null), at);
      }
      if (keys.size !== rows.length) {
        // Positions in first-seen order of their keys (a Map keeps a re-set key's place), each its last add.
        this.#order = Int32Array.from(keys.values());
      }
      this.#keys = keys;
    }
    return this.#keys;
  }

  /** The add at `at` (a position among the add rows) as an object, built once. */
  #file(at: number): AddFile {
    const known = this.#objects[at];
    if (known) return known;
    const r = this.#addRows()[at]!;
    const add: Record<string, unknown> = {};
    for (const name of this.#fields) {
      const v = this.#decoded(name)(r);
      if (v !== null) add[name] = v;
    }
    this.#objects[at] = add as unknown as AddFile;
    return add as unknown as AddFile;
  }

  /** One add field's values by row, the column decoded on first use. */
  #decoded(field: string): (r: number) => unknown {
    let values = this.#decodedColumns.get(field);
    if (!values) {
      values = this.#column(field);
      this.#decodedColumns.set(field, values);
    }
    return values;
  }

  /** The values of one add field by row. */
  #column(field: string): (r: number) => unknown {
    if (MAP_FIELDS.has(field)) {
      const maps: readonly (StringMap | null)[] = this.#columns.stringMap(['add', field]);
      return (r) => maps[r];
    }
    if (field === 'deletionVector') {
      const names = this.#columns.childNames(['add', field]) ?? [];
      const parts = names.map((f) => [f, this.#columns.leaf(['add', field, f])] as const);
      // storageType is required: a row without it has no deletion vector (a null struct reads so too).
      const storageType = parts.find(([name]) => name === 'storageType')![1];
      return (r) => {
        if (storageType[r] === null) return null;
        const dv: Record<string, LeafValue> = {};
        for (const [name, c] of parts) dv[name] = c[r]!;
        return dv;
      };
    }
    const values = this.#columns.leaf(['add', field]);
    return (r) => values[r];
  }
}
