/**
 * Leaf columns of a Parquet file held in memory, decoded one column at a time and only when asked, with no
 * row assembly: a checkpoint of 50,000 adds is mostly its `add.stats` text, which a snapshot load never
 * needs, and hyparquet's nested assembly of whole structs costs more than linear time in a row group's rows
 * (checkpoint-rows.ts). Pages are decoded with hyparquet's own page readers (compression, levels, PLAIN,
 * dictionary and delta encodings); what is done here is turning the definition and repetition levels of one
 * leaf into a value per row, in one pass.
 */
import type { ColumnMetaData, FileMetaData, SchemaTree } from 'hyparquet';
import { parquetMetadata, parquetSchema } from 'hyparquet';
import { parquetHeader } from 'hyparquet/src/column.js';
import { decompressPage, readDataPage, readDataPageV2 } from 'hyparquet/src/datapage.js';
import { readPlain } from 'hyparquet/src/plain.js';
import type { LeafValue, ParquetColumns, StringMap } from '../delta/parquet-handler.js';
import { COMPRESSORS } from './checkpoint-rows.js';

/** One leaf column chunk's levels and values, over all row groups. */
interface LeafLevels {
  /** Per level entry; empty when every entry is at the maximum (no nulls, no repetition). */
  readonly definition: readonly number[];
  readonly repetition: readonly number[];
  /** The non-null values, in order. */
  readonly values: readonly unknown[];
  readonly maxDefinition: number;
  /** Entries in all (values plus nulls). */
  readonly entries: number;
}

export class InMemoryParquetColumns implements ParquetColumns {
  readonly numRows: number;
  readonly #file: ArrayBuffer;
  readonly #metadata: FileMetaData;
  readonly #tree: SchemaTree;

  constructor(bytes: Uint8Array) {
    this.#file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
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
    const levels = this.#levels(path, schemaPath);
    const out = new Array<LeafValue>(this.numRows);
    const convert = leafConverter(node);
    const { definition, values, maxDefinition } = levels;
    if (definition.length === 0) {
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
    const keys = this.#levels(keyPath, this.#schemaPath(keyPath));
    const vals = this.#levels(valuePath, this.#schemaPath(valuePath));
    const keyOf = leafConverter(this.#node(keyPath)!);
    const valueAt = leafConverter(this.#node(valuePath)!);
    // The map itself is defined at this level (every ancestor and the map present); an entry one deeper.
    const mapDefined = definitionLevelOf(this.#schemaPath(path));
    const out = new Array<StringMap | null>(this.numRows);
    let row = -1;
    let k = 0;
    let v = 0;
    for (let i = 0; i < keys.entries; i++) {
      const def = keys.definition.length === 0 ? keys.maxDefinition : keys.definition[i]!;
      const rep = keys.repetition.length === 0 ? 0 : keys.repetition[i]!;
      if (rep === 0) {
        row++;
        out[row] = def < mapDefined ? null : {};
      }
      if (def < keys.maxDefinition) continue; // an empty or null map: no entry
      const valueDef = vals.definition.length === 0 ? vals.maxDefinition : vals.definition[i]!;
      const value = valueDef === vals.maxDefinition ? (valueAt(vals.values[v++]) as string) : null;
      (out[row] as Record<string, string | null>)[String(keyOf(keys.values[k++]))] = value;
    }
    if (row !== this.numRows - 1) throw new Error(`parquet map ${path.join('.')} has ${row + 1} rows`);
    return out;
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

  /** The levels and values of one leaf over every row group, page by page. */
  #levels(path: readonly string[], schemaPath: SchemaTree[]): LeafLevels {
    const dotted = path.join('.');
    const definition: number[] = [];
    const repetition: number[] = [];
    const values: unknown[] = [];
    let entries = 0;
    let allDefined = true;
    const maxDefinition = definitionLevelOf(schemaPath);
    for (const group of this.#metadata.row_groups) {
      const chunk = group.columns.find((c) => c.meta_data?.path_in_schema.join('.') === dotted)?.meta_data;
      if (!chunk) throw new Error(`parquet column ${dotted} has no chunk`);
      const decoder = columnDecoder(chunk, schemaPath);
      const start = Number(chunk.dictionary_page_offset ?? chunk.data_page_offset);
      const reader = {
        view: new DataView(this.#file, start, Number(chunk.total_compressed_size)),
        offset: 0,
      };
      let dictionary: unknown[] | undefined;
      let read = 0;
      const total = Number(chunk.num_values);
      while (read < total && reader.offset < reader.view.byteLength) {
        const header = parquetHeader(reader);
        const bytes = new Uint8Array(this.#file, start + reader.offset, header.compressed_page_size);
        reader.offset += header.compressed_page_size;
        if (header.type === 'DICTIONARY_PAGE') {
          const page = decompressPage(bytes, header.uncompressed_page_size, chunk.codec, COMPRESSORS);
          const count = header.dictionary_page_header!.num_values;
          const view = { view: new DataView(page.buffer, page.byteOffset, page.byteLength), offset: 0 };
          dictionary = Array.from(readPlain(view, chunk.type, count, decoder.element.type_length));
          continue;
        }
        if (header.type !== 'DATA_PAGE' && header.type !== 'DATA_PAGE_V2') continue;
        const page =
          header.type === 'DATA_PAGE'
            ? readDataPage(
                decompressPage(bytes, header.uncompressed_page_size, chunk.codec, COMPRESSORS),
                header.data_page_header!,
                decoder,
              )
            : readDataPageV2(bytes, header, decoder);
        const count = header.data_page_header?.num_values ?? header.data_page_header_v2!.num_values;
        const defs = page.definitionLevels ?? [];
        if (defs.length === 0) {
          if (!allDefined) for (let i = 0; i < count; i++) definition.push(maxDefinition);
        } else {
          if (allDefined) {
            for (let i = 0; i < entries; i++) definition.push(maxDefinition);
            allDefined = false;
          }
          for (const d of defs) definition.push(d);
        }
        for (const r of page.repetitionLevels) repetition.push(r);
        const encoding = header.data_page_header?.encoding ?? header.data_page_header_v2!.encoding;
        const dictionaryEncoded = encoding === 'PLAIN_DICTIONARY' || encoding === 'RLE_DICTIONARY';
        const data = page.dataPage;
        for (let i = 0; i < data.length; i++) {
          values.push(dictionaryEncoded ? dictionary![data[i] as number] : data[i]);
        }
        entries += count;
        read += count;
      }
    }
    return { definition, repetition, values, maxDefinition, entries };
  }
}

/** The definition level at which the last node of `schemaPath` is present (hyparquet's max level). */
function definitionLevelOf(schemaPath: readonly SchemaTree[]): number {
  let level = 0;
  for (const node of schemaPath.slice(1)) if (node.element.repetition_type !== 'REQUIRED') level++;
  return level;
}

/** hyparquet's page readers take this (its own type is not exported). */
type ColumnDecoder = Parameters<typeof readDataPage>[2];

function columnDecoder(chunk: ColumnMetaData, schemaPath: SchemaTree[]): ColumnDecoder {
  return {
    pathInSchema: chunk.path_in_schema,
    type: chunk.type,
    element: schemaPath.at(-1)!.element,
    schemaPath,
    codec: chunk.codec,
    parsers: {} as ColumnDecoder['parsers'],
    compressors: COMPRESSORS,
  };
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
