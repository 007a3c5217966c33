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
  const selected = new Uint8Array(numRows);
  const present: { name: string; node: SchemaTree; first: LeafChunk }[] = [];
  for (const { name, node } of wanted) {
    if (!node) continue;
    const first = readLeafChunk(file, metadata, leafPaths(node, [tree])[0]!);
    if (markRows(first, node, selected)) present.push({ name, node, first });
  }
  const rows: number[] = [];
  for (let r = 0; r < numRows; r++) if (selected[r]) rows.push(r);
  const out = rows.map(() => {
    const row: Record<string, unknown> = {};
    for (const { name } of wanted) row[name] = null;
    return row;
  });
  for (const { name, node, first } of present) {
    const assembled = assembleColumn(file, metadata, tree, node, first, selected);
    for (let i = 0; i < rows.length; i++) out[i]![name] = jsonValue(assembled[i], node);
  }
  return out;
}

/**
 * Marks in `selected` the rows where the top-level `node` is not null, told by one of its leaves; whether
 * any row holds it. A required column is in every row.
 */
function markRows(leaf: LeafChunk, node: SchemaTree, selected: Uint8Array): boolean {
  if (node.element.repetition_type === 'REQUIRED' || !leaf.definition) {
    selected.fill(1);
    return selected.length > 0;
  }
  let any = false;
  let row = -1;
  for (let i = 0; i < leaf.entries; i++) {
    if (leaf.repetition && leaf.repetition[i] !== 0) continue; // a later entry of the same row's list
    row++;
    if (leaf.definition[i]! >= 1) {
      selected[row] = 1;
      any = true;
    }
  }
  return any;
}

/** The values of the top-level `node` in the `selected` rows, in order, as hyparquet assembles them. */
function assembleColumn(
  file: ArrayBuffer,
  metadata: FileMetaData,
  tree: SchemaTree,
  node: SchemaTree,
  first: LeafChunk,
  selected: Uint8Array,
): unknown[] {
  const paths = leafPaths(node, [tree]);
  const subcolumns = new Map<string, unknown[]>();
  paths.forEach((schemaPath, i) => {
    const leaf = i === 0 ? first : readLeafChunk(file, metadata, schemaPath);
    const cut = cutToRows(leaf, selected);
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

/** The levels and values of `leaf` that belong to the `selected` rows (whole rows, lists included). */
function cutToRows(
  leaf: LeafChunk,
  selected: Uint8Array,
): { definition: number[] | undefined; repetition: number[]; values: unknown[] } {
  const definition: number[] | undefined = leaf.definition ? [] : undefined;
  const repetition: number[] = [];
  const values: unknown[] = [];
  let row = -1;
  let v = 0;
  for (let i = 0; i < leaf.entries; i++) {
    const rep = leaf.repetition ? leaf.repetition[i]! : 0;
    if (rep === 0) row++;
    const def = leaf.definition ? leaf.definition[i]! : leaf.maxDefinition;
    const hasValue = def === leaf.maxDefinition;
    if (selected[row]) {
      definition?.push(def);
      if (leaf.repetition) repetition.push(rep);
      if (hasValue) values.push(leaf.values[v]);
    }
    if (hasValue) v++;
  }
  return { definition, repetition, values };
}

/** Every leaf below `node`, each as its schema nodes from the root. */
function leafPaths(node: SchemaTree, above: readonly SchemaTree[]): SchemaTree[][] {
  const path = [...above, node];
  if (node.children.length === 0) return [path];
  return node.children.flatMap((c) => leafPaths(c, path));
}
