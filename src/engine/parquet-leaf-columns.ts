/**
 * Leaf columns of a Parquet file held in memory, decoded one column at a time and only when asked, with no
 * row assembly: a checkpoint of 50,000 adds is mostly its `add.stats` text, which a snapshot load never
 * needs, and hyparquet's nested assembly of whole structs costs more than linear time in a row group's rows
 * (checkpoint-rows.ts). A leaf's pages are decoded into typed levels and its values (parquet-leaf-chunk.ts);
 * what is done here is turning the levels of one leaf into a value per row, in one pass, and reading the few
 * rows that hold the other columns (parquet-defined-rows.ts).
 */
import type { FileMetaData, SchemaTree } from 'hyparquet';
import { parquetMetadata, parquetSchema } from 'hyparquet';
import type { LeafValue, ParquetColumns, StringMap } from '../delta/parquet-handler.js';
import { definedRows } from './parquet-defined-rows.js';
import { type LeafChunk, readLeafChunk } from './parquet-leaf-chunk.js';

export class InMemoryParquetColumns implements ParquetColumns {
  readonly numRows: number;
  readonly #file: ArrayBuffer;
  readonly #metadata: FileMetaData;
  readonly #tree: SchemaTree;

  constructor(bytes: Uint8Array) {
    // A file read whole owns its buffer (no copy of 1.6 MB); a view into a larger one is copied out.
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    this.#file = (
      whole ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
    ) as ArrayBuffer;
    this.#metadata = parquetMetadata(this.#file);
    this.#tree = parquetSchema(this.#metadata);
    this.numRows = Number(this.#metadata.num_rows);
  }

  childNames(path: readonly string[]): readonly string[] | undefined {
    return this.#node(path)?.children.map((c) => c.element.name);
  }

  nonNullCount(path: readonly string[]): number | undefined {
    const dotted = path.join('.');
    let nulls = 0;
    for (const group of this.#metadata.row_groups) {
      const chunk = group.columns.find((c) => c.meta_data?.path_in_schema.join('.') === dotted)?.meta_data;
      const count = chunk?.statistics?.null_count;
      if (count === undefined || count === null) return undefined;
      nulls += Number(count);
    }
    return this.numRows - nulls;
  }

  leaf(path: readonly string[]): readonly LeafValue[] {
    const schemaPath = this.#schemaPath(path);
    const node = schemaPath.at(-1)!;
    if (node.children.length > 0 || schemaPath.some((n) => n.element.repetition_type === 'REPEATED')) {
      throw new Error(`parquet column ${path.join('.')} is not a leaf outside lists`);
    }
    // A column the footer says is all null (a checkpoint's deletion vectors, row ids, clustering) is not read.
    if (this.nonNullCount(path) === 0) return new Array<LeafValue>(this.numRows).fill(null);
    const levels = this.#levels(schemaPath);
    const out = new Array<LeafValue>(this.numRows);
    const convert = leafConverter(node);
    const { definition, values, maxDefinition } = levels;
    if (!definition) {
      for (let i = 0; i < this.numRows; i++) out[i] = convert(values[i]);
      return out;
    }
    let v = 0;
    for (let i = 0; i < this.numRows; i++) {
      out[i] = definition[i] === maxDefinition ? convert(values[v++]) : null;
    }
    return out;
  }

  stringMap(path: readonly string[]): readonly (StringMap | null)[] {
    const map = this.#node(path);
    const entry = map?.children[0];
    if (!map || !entry || entry.children.length !== 2) {
      throw new Error(`parquet column ${path.join('.')} is not a map`);
    }
    const keyPath = [...path, entry.element.name, entry.children[0]!.element.name];
    const valuePath = [...path, entry.element.name, entry.children[1]!.element.name];
    const keys = this.#levels(this.#schemaPath(keyPath));
    const vals = this.#levels(this.#schemaPath(valuePath));
    const keyOf = leafConverter(this.#node(keyPath)!);
    const valueAt = leafConverter(this.#node(valuePath)!);
    // The map itself is defined at this level (every ancestor and the map present); an entry one deeper.
    const mapDefined = definitionLevelOf(this.#schemaPath(path));
    const out = new Array<StringMap | null>(this.numRows);
    let row = -1;
    let k = 0;
    let v = 0;
    for (let i = 0; i < keys.entries; i++) {
      const def = keys.definition ? keys.definition[i]! : keys.maxDefinition;
      const rep = keys.repetition ? keys.repetition[i]! : 0;
      if (rep === 0) {
        row++;
        out[row] = def < mapDefined ? null : {};
      }
      if (def < keys.maxDefinition) continue; // an empty or null map: no entry
      const valueDef = vals.definition ? vals.definition[i]! : vals.maxDefinition;
      const value = valueDef === vals.maxDefinition ? (valueAt(vals.values[v++]) as string) : null;
      (out[row] as Record<string, string | null>)[String(keyOf(keys.values[k++]))] = value;
    }
    if (row !== this.numRows - 1) throw new Error(`parquet map ${path.join('.')} has ${row + 1} rows`);
    return out;
  }

  definedRows(columns: readonly string[]): Record<string, unknown>[] {
    return definedRows(this.#file, this.#metadata, this.#tree, columns);
  }

  #node(path: readonly string[]): SchemaTree | undefined {
    let node: SchemaTree | undefined = this.#tree;
    for (const name of path) node = node?.children.find((c) => c.element.name === name);
    return node;
  }

  #schemaPath(path: readonly string[]): SchemaTree[] {
    const out: SchemaTree[] = [this.#tree];
    let node = this.#tree;
    for (const name of path) {
      const child = node.children.find((c) => c.element.name === name);
      if (!child) throw new Error(`parquet column ${path.join('.')} is not in the file`);
      out.push(child);
      node = child;
    }
    return out;
  }

  /** The levels and values of one leaf over every row group (parquet-leaf-chunk.ts). */
  #levels(schemaPath: SchemaTree[]): LeafChunk {
    return readLeafChunk(this.#file, this.#metadata, schemaPath);
  }
}

/** The definition level at which the last node of `schemaPath` is present (hyparquet's max level). */
function definitionLevelOf(schemaPath: readonly SchemaTree[]): number {
  let level = 0;
  for (const node of schemaPath.slice(1)) if (node.element.repetition_type !== 'REQUIRED') level++;
  return level;
}

/** A physical value as the JSON form of a checkpoint has it: text, a number (int64 too), a boolean. */
function leafConverter(node: SchemaTree): (v: unknown) => LeafValue {
  switch (node.element.type) {
    case 'BYTE_ARRAY':
    case 'FIXED_LEN_BYTE_ARRAY':
      return utf8Text();
    case 'INT64':
    case 'INT96':
      return (v) => (typeof v === 'bigint' ? Number(v) : (v as LeafValue));
    default:
      return (v) => v as LeafValue;
  }
}

/**
 * Text of byte-array values, which are views into one decoded page: a Buffer over the page decodes each
 * slice without a TextDecoder call or a Buffer object per value (tens of thousands of paths and stats).
 */
function utf8Text(): (v: unknown) => LeafValue {
  let page: ArrayBufferLike | undefined;
  let text: Buffer = Buffer.alloc(0);
  return (v) => {
    if (!(v instanceof Uint8Array)) return v as LeafValue;
    if (v.buffer !== page) {
      page = v.buffer;
      text = Buffer.from(v.buffer);
    }
    return text.toString('utf8', v.byteOffset, v.byteOffset + v.byteLength);
  };
}
