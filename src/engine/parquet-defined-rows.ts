/**
 * The few rows of an in-memory Parquet file in which some of the wanted top-level columns are not null,
 * assembled as objects without a DuckDB query: a checkpoint of 50,000 adds holds one protocol, one metaData
 * and a handful of txn, domainMetadata and tombstone rows, and reading those used to cost a scratch copy, a
 * schema probe and a filtered scan (BENCHMARKS.md "Snapshot from a large checkpoint").
 *
 * Which rows hold a column comes from the definition levels of one of its leaves (a struct is present where
 * its leaf's level reaches the struct's own); only the columns present somewhere are decoded further, their
 * levels cut down to the chosen rows before hyparquet's Dremel assembly, so the cost of the objects follows
 * the rows returned, not the rows of the file. The values come out as the in-process row reader gives them
 * (checkpoint-rows.ts parquetRowsInProcess: to_json's shape), so both readers serve the same callers.
 */
import type { FileMetaData, SchemaTree } from 'hyparquet';
import { assembleLists, assembleNested } from 'hyparquet/src/assemble.js';
import { convert, DEFAULT_PARSERS } from 'hyparquet/src/convert.js';
import { DUCKDB_TEXT_PARSERS, jsonValue } from './checkpoint-rows.js';
import { type LeafChunk, readLeafChunk } from './parquet-leaf-chunk.js';

const PARSERS = { ...DEFAULT_PARSERS, ...DUCKDB_TEXT_PARSERS };

/**
 * The rows of `file` in which at least one of the top-level `columns` is not null, in file order, each with
 * every wanted column (matched without regard to case and named as the file spells it; one the file lacks
 * reads as null).
 */
export function definedRows(
  file: ArrayBuffer,
  metadata: FileMetaData,
  tree: SchemaTree,
  columns: readonly string[],
): Record<string, unknown>[] {
  const numRows = Number(metadata.num_rows);
  const byLower = new Map(tree.children.map((c) => [c.element.name.toLowerCase(), c]));
  // Named as the file spells them (as the row reader and DuckDB's to_json name them), a missing one as asked.
  const wanted = columns.map((asked) => {
    const node = byLower.get(asked.toLowerCase());
    return { name: node ? node.element.name : asked, node };
  });
  const held = new Set<number>();
  const present: { name: string; node: SchemaTree; first: LeafChunk }[] = [];
  for (const { name, node } of wanted) {
    if (!node) continue;
    const first = readLeafChunk(file, metadata, leafPaths(node, [tree])[0]!);
    if (markRows(first, node, numRows, held)) present.push({ name, node, first });
  }
  const rows = Int32Array.from(held).sort();
  const out = Array.from(rows, () => {
    const row: Record<string, unknown> = {};
    for (const { name } of wanted) row[name] = null;
    return row;
  });
  for (const { name, node, first } of present) {
    const assembled = assembleColumn(file, metadata, tree, node, first, rows);
    for (let i = 0; i < rows.length; i++) out[i]![name] = jsonValue(assembled[i], node);
  }
  return out;
}

/** The values of the top-level `node` in `rows` (ascending), in order, as hyparquet assembles them. */
function assembleColumn(
  file: ArrayBuffer,
  metadata: FileMetaData,
  tree: SchemaTree,
  node: SchemaTree,
  first: LeafChunk,
  rows: Int32Array,
): unknown[] {
  const paths = leafPaths(node, [tree]);
  const subcolumns = new Map<string, unknown[]>();
  paths.forEach((schemaPath, i) => {
    const leaf = i === 0 ? first : readLeafChunk(file, metadata, schemaPath);
    const cut = cutToRows(leaf, rows);
    const values = convert(
      cut.values as never,
      {
        element: schemaPath.at(-1)!.element,
        schemaPath,
        parsers: PARSERS,
      } as never,
    ) as unknown[];
    const assembled = assembleLists([], cut.definition, cut.repetition, values as never, schemaPath);
    subcolumns.set(schemaPath.at(-1)!.path.join('.'), assembled as unknown[]);
  });
  assembleNested(subcolumns as never, node, PARSERS);
  return subcolumns.get(node.path.join('.')) ?? [];
}

/**
 * Adds to `held` the rows where the top-level `node` is not null, told by one of its leaves (a level of 1 or
 * more: the optional top struct is there); whether any row holds it. A required column is in every row.
 */
function markRows(leaf: LeafChunk, node: SchemaTree, numRows: number, held: Set<number>): boolean {
  if (node.element.repetition_type === 'REQUIRED' || !leaf.definition) {
    for (let r = 0; r < numRows; r++) held.add(r);
    return numRows > 0;
  }
  const rowOf = entryRows(leaf);
  const present = positions(leaf.definition, 1, leaf.maxDefinition);
  for (const e of present) held.add(rowOf(e));
  return present.length > 0;
}

/**
 * The levels and values of `leaf` that belong to `rows` (ascending) (whole rows, lists included), found
 * from the sparse positions of non-null values and of list continuations rather than by a pass over every
 * entry: the columns read here are null in almost every row.
 */
function cutToRows(
  leaf: LeafChunk,
  rows: Int32Array,
): { definition: number[] | undefined; repetition: number[]; values: unknown[] } {
  const definition: number[] | undefined = leaf.definition ? [] : undefined;
  const repetition: number[] = [];
  const values: unknown[] = [];
  // Entries holding a value, ascending: the value of entry e is the k-th when e is the k-th of them.
  const valued = leaf.definition
    ? positions(leaf.definition, leaf.maxDefinition, leaf.maxDefinition)
    : undefined;
  const continued = leaf.repetition ? positions(leaf.repetition, 1, leaf.maxRepetition) : [];
  let c = 0; // continuations before the current row's first entry
  let v = 0; // values before the current entry
  for (const row of rows) {
    let e = row + c;
    while (c < continued.length && continued[c]! <= e) e = row + ++c;
    let last = e;
    while (c < continued.length && continued[c] === last + 1) {
      last++;
      c++;
    }
    for (; e <= last; e++) {
      const def = leaf.definition ? leaf.definition[e]! : leaf.maxDefinition;
      definition?.push(def);
      if (leaf.repetition) repetition.push(leaf.repetition[e]!);
      if (def !== leaf.maxDefinition) continue;
      if (valued) while (valued[v]! < e) v++;
      values.push(leaf.values[valued ? v : e]);
    }
  }
  return { definition, repetition, values };
}

/** The row of each entry (asked in ascending order): its index less the list continuations before it. */
function entryRows(leaf: LeafChunk): (entry: number) => number {
  if (!leaf.repetition) return (e) => e;
  const continued = positions(leaf.repetition, 1, leaf.maxRepetition);
  let c = 0;
  return (e) => {
    while (c < continued.length && continued[c]! < e) c++;
    return e - c;
  };
}

/** The ascending positions in `levels` of the levels from `low` to `high`, found by the native indexOf. */
function positions(levels: Uint8Array, low: number, high: number): number[] {
  const out: number[] = [];
  for (let level = low; level <= high; level++) {
    for (let at = levels.indexOf(level); at >= 0; at = levels.indexOf(level, at + 1)) out.push(at);
  }
  if (high > low) out.sort((x, y) => x - y);
  return out;
}

/** Every leaf below `node`, each as its schema nodes from the root. */
function leafPaths(node: SchemaTree, above: readonly SchemaTree[]): SchemaTree[][] {
  const path = [...above, node];
  if (node.children.length === 0) return [path];
  return node.children.flatMap((c) => leafPaths(c, path));
}
