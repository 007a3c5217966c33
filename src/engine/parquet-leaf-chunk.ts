/**
 * One leaf column of an in-memory Parquet file, every row group's pages decoded into typed level arrays and
 * the non-null values, with no row assembly. A checkpoint's columns are mostly null (each row holds one
 * action), so its levels are long runs: hyparquet's RLE/bit-packed hybrid decoder fills a Uint8Array, and a
 * page whose levels say it holds no value is not decoded further. PLAIN and dictionary values (what DuckDB
 * and Spark write by default) are decoded here; any other encoding goes through hyparquet's page reader.
 * Format: https://parquet.apache.org/docs/file-format/data-pages/ (levels, then values, in a v1 page).
 */
import type { ColumnMetaData, DataPageHeader, DecodedArray, FileMetaData, SchemaTree } from 'hyparquet';
import { parquetHeader } from 'hyparquet/src/column.js';
import { decompressPage, readDataPage, readDataPageV2 } from 'hyparquet/src/datapage.js';
import { readRleBitPackedHybrid } from 'hyparquet/src/encoding.js';
import { readPlain } from 'hyparquet/src/plain.js';
import { COMPRESSORS } from './checkpoint-rows.js';

export interface LeafChunk {
  /** Per entry (a value or a null); undefined when every entry is at the maximum (no null, no list). */
  readonly definition: Uint8Array | undefined;
  /** Per entry; undefined when no list or map is above the leaf. */
  readonly repetition: Uint8Array | undefined;
  /** The non-null values in order, physical (byte arrays as views into their page), dictionaries resolved. */
  readonly values: readonly unknown[];
  readonly maxDefinition: number;
  readonly maxRepetition: number;
  /** Entries in all (values plus nulls); the rows when there is no repetition. */
  readonly entries: number;
}

/** hyparquet's page readers take this (its own type is not exported). */
type ColumnDecoder = Parameters<typeof readDataPage>[2];

/** The leaf whose schema nodes from the root are `schemaPath`, over every row group of `file`. */
export function readLeafChunk(
  file: ArrayBuffer,
  metadata: FileMetaData,
  schemaPath: SchemaTree[],
): LeafChunk {
  const dotted = schemaPath
    .slice(1)
    .map((n) => n.element.name)
    .join('.');
  const maxDefinition = levelOf(schemaPath, (r) => r !== 'REQUIRED');
  const maxRepetition = levelOf(schemaPath, (r) => r === 'REPEATED');
  const entries = metadata.row_groups.reduce((n, g) => n + Number(chunkOf(g.columns, dotted).num_values), 0);
  const pages = new LevelSink(entries, maxDefinition, maxRepetition);
  for (const group of metadata.row_groups) {
    const chunk = chunkOf(group.columns, dotted);
    const decoder = columnDecoder(chunk, schemaPath);
    const start = Number(chunk.dictionary_page_offset ?? chunk.data_page_offset);
    const reader = { view: new DataView(file, start, Number(chunk.total_compressed_size)), offset: 0 };
    let dictionary: DecodedArray | undefined;
    let read = 0;
    const total = Number(chunk.num_values);
    while (read < total && reader.offset < reader.view.byteLength) {
      const header = parquetHeader(reader);
      const bytes = new Uint8Array(file, start + reader.offset, header.compressed_page_size);
      reader.offset += header.compressed_page_size;
      if (header.type === 'DICTIONARY_PAGE') {
        const page = decompressPage(bytes, header.uncompressed_page_size, chunk.codec, COMPRESSORS);
        const count = header.dictionary_page_header!.num_values;
        const view = { view: new DataView(page.buffer, page.byteOffset, page.byteLength), offset: 0 };
        dictionary = readPlain(view, chunk.type, count, decoder.element.type_length);
        continue;
      }
      if (header.type === 'DATA_PAGE') {
        const page = decompressPage(bytes, header.uncompressed_page_size, chunk.codec, COMPRESSORS);
        read += pages.addV1(page, header.data_page_header!, decoder, dictionary);
      } else if (header.type === 'DATA_PAGE_V2') {
        // Rare in checkpoints (DuckDB and Spark write v1 pages): hyparquet's reader, its levels copied.
        const page = readDataPageV2(bytes, header, decoder);
        const v2 = header.data_page_header_v2!;
        read += pages.addDecoded(v2.num_values, page, v2.encoding, dictionary);
      }
    }
  }
  return pages.result();
}

/** Levels and values accumulated page after page into arrays sized for the whole leaf. */
class LevelSink {
  readonly #definition: Uint8Array | undefined;
  readonly #repetition: Uint8Array | undefined;
  readonly #values: unknown[] = [];
  #at = 0;
  #allDefined = true;

  constructor(
    private readonly entries: number,
    private readonly maxDefinition: number,
    private readonly maxRepetition: number,
  ) {
    this.#definition = maxDefinition > 0 ? new Uint8Array(entries) : undefined;
    this.#repetition = maxRepetition > 0 ? new Uint8Array(entries) : undefined;
  }

  /** A v1 data page (decompressed): its levels decoded in place, then its non-null values. */
  addV1(page: Uint8Array, header: DataPageHeader, decoder: ColumnDecoder, dictionary?: DecodedArray): number {
    const count = header.num_values;
    if (header.definition_level_encoding !== 'RLE' || header.repetition_level_encoding !== 'RLE') {
      // The deprecated BIT_PACKED levels of very old writers.
      return this.addDecoded(count, readDataPage(page, header, decoder), header.encoding, dictionary);
    }
    const reader = { view: new DataView(page.buffer, page.byteOffset, page.byteLength), offset: 0 };
    if (this.#repetition) {
      const levels = this.#repetition.subarray(this.#at, this.#at + count);
      readLevels(page, reader, bitWidth(this.maxRepetition), levels, 0);
    }
    let nonNull = count;
    if (this.#definition) {
      const levels = this.#definition.subarray(this.#at, this.#at + count);
      nonNull = readLevels(page, reader, bitWidth(this.maxDefinition), levels, this.maxDefinition);
      if (nonNull !== count) this.#allDefined = false;
    }
    this.#at += count;
    if (nonNull === 0) return count;
    const values = pageValues(reader, header.encoding, nonNull, decoder, dictionary);
    if (values === undefined) {
      // An encoding this reader leaves to hyparquet: the page read again, its values taken.
      this.#push(readDataPage(page, header, decoder).dataPage, header.encoding, dictionary);
    } else {
      for (let i = 0; i < values.length; i++) this.#values.push(values[i]);
    }
    return count;
  }

  /** A page hyparquet decoded (levels as plain arrays, values maybe dictionary indexes). */
  addDecoded(
    count: number,
    page: { definitionLevels?: number[]; repetitionLevels: number[]; dataPage: DecodedArray },
    encoding: string,
    dictionary?: DecodedArray,
  ): number {
    const defs = page.definitionLevels ?? [];
    if (this.#definition) {
      if (defs.length === 0) this.#definition.fill(this.maxDefinition, this.#at, this.#at + count);
      else {
        this.#definition.set(defs, this.#at);
        this.#allDefined = false;
      }
    }
    if (this.#repetition && page.repetitionLevels.length > 0)
      this.#repetition.set(page.repetitionLevels, this.#at);
    this.#at += count;
    this.#push(page.dataPage, encoding, dictionary);
    return count;
  }

  result(): LeafChunk {
    if (this.#at !== this.entries) throw new Error(`parquet leaf has ${this.#at} of ${this.entries} values`);
    return {
      definition: this.#allDefined && !this.#repetition ? undefined : this.#definition,
      repetition: this.#repetition,
      values: this.#values,
      maxDefinition: this.maxDefinition,
      maxRepetition: this.maxRepetition,
      entries: this.entries,
    };
  }

  #push(data: DecodedArray, encoding: string, dictionary?: DecodedArray): void {
    const indexed = encoding === 'PLAIN_DICTIONARY' || encoding === 'RLE_DICTIONARY';
    for (let i = 0; i < data.length; i++)
      this.#values.push(indexed ? dictionary![data[i] as number] : data[i]);
  }
}

/**
 * Levels in the RLE/bit-packed hybrid with its 4-byte length (a v1 page's levels) into `out`, returning how
 * many equal `max`. A run is one fill, so a page of a column that is null in 50,000 rows costs a memset
 * (hyparquet's decoder writes each entry of a run and leaves the counting to a second pass).
 */
function readLevels(
  page: Uint8Array,
  reader: { view: DataView; offset: number },
  width: number,
  out: Uint8Array,
  max: number,
): number {
  const length = reader.view.getUint32(reader.offset, true);
  let at = reader.offset + 4;
  const end = at + length;
  reader.offset = end;
  let seen = 0;
  let atMax = 0;
  const mask = (1 << width) - 1;
  while (seen < out.length && at < end) {
    let header = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = page[at++]!;
      header |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    if (header & 1) {
      // Bit-packed: groups of 8 values, `width` bits each, least significant bit first.
      const values = Math.min((header >>> 1) * 8, out.length - seen);
      for (let i = 0; i < values; i++) {
        const bit = i * width;
        const b = at + (bit >> 3);
        const word = page[b]! | ((b + 1 < end ? page[b + 1]! : 0) << 8);
        const level = (word >> (bit & 7)) & mask;
        out[seen + i] = level;
        if (level === max) atMax++;
      }
      at += (header >>> 1) * width;
      seen += values;
    } else {
      const run = Math.min(header >>> 1, out.length - seen);
      let level = 0;
      for (let i = 0; i < (width + 7) >> 3; i++) level |= page[at++]! << (i * 8);
      out.fill(level, seen, seen + run);
      if (level === max) atMax += run;
      seen += run;
    }
  }
  return atMax;
}

/** `count` values of a v1 page from `reader`'s offset; undefined for an encoding left to hyparquet. */
function pageValues(
  reader: { view: DataView; offset: number },
  encoding: string,
  count: number,
  decoder: ColumnDecoder,
  dictionary?: DecodedArray,
): ArrayLike<unknown> | undefined {
  if (encoding === 'PLAIN') return readPlain(reader, decoder.type, count, decoder.element.type_length);
  if (encoding !== 'PLAIN_DICTIONARY' && encoding !== 'RLE_DICTIONARY') return undefined;
  if (!dictionary) throw new Error(`parquet column ${decoder.pathInSchema.join('.')} has no dictionary page`);
  const width = reader.view.getUint8(reader.offset++);
  const indexes = new Int32Array(count);
  if (width > 0) readRleBitPackedHybrid(reader, width, indexes, reader.view.byteLength - reader.offset);
  const out = new Array<unknown>(count);
  for (let i = 0; i < count; i++) out[i] = dictionary[indexes[i]!];
  return out;
}

function chunkOf(columns: FileMetaData['row_groups'][number]['columns'], dotted: string): ColumnMetaData {
  const chunk = columns.find((c) => c.meta_data?.path_in_schema.join('.') === dotted)?.meta_data;
  if (!chunk) throw new Error(`parquet column ${dotted} has no chunk`);
  return chunk;
}

/** How many nodes below the root satisfy `counts` (hyparquet's max definition or repetition level). */
function levelOf(schemaPath: readonly SchemaTree[], counts: (r: string | undefined) => boolean): number {
  let level = 0;
  for (const node of schemaPath.slice(1)) if (counts(node.element.repetition_type)) level++;
  return level;
}

function bitWidth(max: number): number {
  return 32 - Math.clz32(max);
}

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
