/**
 * Rows of a small Parquet file (a Delta checkpoint, a sidecar) decoded in-process with hyparquet, in the
 * shape ParquetHandler.readRows promises and DuckDB's `to_json` gives: structs as objects, maps as objects
 * keyed by the map key, lists as arrays, int64 as number, NULL as null. A checkpoint of a few MB decodes
 * faster here than the DuckDB round trip (a scratch copy, a DESCRIBE, a query, JSON text per row) costs;
 * DuckDB keeps the large ones (parquet-handler.ts).
 *
 * Values rendered as DuckDB renders them matter only where they reach text: `stats_parsed` of a checkpoint
 * without `stats` is turned back into stats JSON (delta/checkpoint-reader.ts), so timestamps and dates here
 * read as DuckDB's to_json writes them.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { decompress as zstdDecompress } from 'fzstd';
import {
  type Compressors,
  type FileMetaData,
  parquetMetadata,
  parquetReadObjects,
  parquetSchema,
  type SchemaTree,
} from 'hyparquet';
import { decompressBlock as lz4DecompressBlock } from 'lz4js';

/** Decoders for the codecs hyparquet leaves to its caller (it decodes SNAPPY itself). */
export const COMPRESSORS: Compressors = {
  GZIP: (input) => new Uint8Array(gunzipSync(input)),
  BROTLI: (input) => new Uint8Array(brotliDecompressSync(input)),
  ZSTD: (input) => zstdDecompress(input),
  LZ4_RAW: (input, outputLength) => lz4Block(input, outputLength),
  LZ4: (input, outputLength) => hadoopLz4(input, outputLength),
};

/**
 * Rows up to which hyparquet decodes faster than a DuckDB query (bench/snapshot.ts, 2 shared cores): a
 * checkpoint of a few hundred rows decodes about 3x faster in-process, one of 50,000 rows (1.6 MB) about 4x
 * slower, hyparquet's cost growing faster than linearly with the rows of a row group.
 */
export const IN_PROCESS_MAX_ROWS = 2000;

/** The row count of the Parquet file `bytes`, from its footer alone. */
export function parquetRowCount(bytes: Uint8Array): number {
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return Number(parquetMetadata(file).num_rows);
}

/**
 * The rows of the Parquet file `bytes`, limited to the top-level `columns` when given (matched without
 * regard to case, as DuckDB does); a wanted column the file lacks reads as null in every row.
 */
export async function parquetRowsInProcess(
  bytes: Uint8Array,
  columns?: readonly string[],
): Promise<Record<string, unknown>[]> {
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const metadata: FileMetaData = parquetMetadata(file, { parsers: DUCKDB_TEXT_PARSERS });
  const tree = parquetSchema(metadata);
  const present = tree.children.map((c) => c.element.name);
  const byLower = new Map(present.map((n) => [n.toLowerCase(), n]));
  const wanted = columns ?? present;
  const selected: string[] = [];
  const missing: string[] = [];
  for (const name of wanted) {
    const found = byLower.get(name.toLowerCase());
    if (found === undefined) missing.push(name);
    else selected.push(found);
  }
  const rows: Record<string, unknown>[] =
    selected.length === 0 || Number(metadata.num_rows) === 0
      ? Array.from({ length: Number(metadata.num_rows) }, () => ({}))
      : await parquetReadObjects({
          file,
          metadata,
          columns: selected,
          compressors: COMPRESSORS,
          parsers: DUCKDB_TEXT_PARSERS,
        });
  const nodes = new Map(tree.children.map((c) => [c.element.name, c]));
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const name of selected) out[name] = jsonValue(row[name], nodes.get(name)!);
    for (const name of missing) out[name] = null;
    return out;
  });
}

/**
 * hyparquet's values made JSON-compatible as DuckDB's to_json renders them: bigint as number, a struct whose
 * every field is null stays an object (DuckDB does the same), undefined as null.
 */
export function jsonValue(value: unknown, node: SchemaTree): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Uint8Array) return new TextDecoder().decode(value);
  // DuckDB reads an instant (isAdjustedToUTC) as TIMESTAMP WITH TIME ZONE and writes its offset.
  if (typeof value === 'string' && isInstant(node)) return `${value}+00`;
  if (Array.isArray(value)) {
    const element = listElement(node);
    return value.map((v) => (element ? jsonValue(v, element) : plain(v)));
  }
  if (typeof value === 'object') {
    if (isMap(node)) {
      const valueNode = node.children[0]?.children[1];
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = valueNode ? jsonValue(v, valueNode) : plain(v);
      return out;
    }
    const out: Record<string, unknown> = {};
    for (const child of node.children) {
      out[child.element.name] = jsonValue((value as Record<string, unknown>)[child.element.name], child);
    }
    return out;
  }
  return value;
}

/** A value whose schema node is not known (should not happen for checkpoints): numbers only converted. */
function plain(v: unknown): unknown {
  if (v === undefined) return null;
  if (typeof v === 'bigint') return Number(v);
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === 'object' && !(v instanceof Uint8Array)) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  }
  return v;
}

function isInstant(node: SchemaTree): boolean {
  const logical = node.element.logical_type;
  return logical?.type === 'TIMESTAMP' && logical.isAdjustedToUTC === true;
}

function isMap(node: SchemaTree): boolean {
  const t = node.element.converted_type;
  return (
    (t === 'MAP' || t === 'MAP_KEY_VALUE' || node.element.logical_type?.type === 'MAP') &&
    node.children.length === 1 &&
    node.children[0]!.children.length === 2
  );
}

/** The element node of a LIST (the three-level form and the legacy two-level one). */
function listElement(node: SchemaTree): SchemaTree | undefined {
  const repeated = node.children[0];
  if (!repeated) return undefined;
  if (node.element.converted_type !== 'LIST' && node.element.logical_type?.type !== 'LIST') return node;
  if (repeated.children.length === 1) return repeated.children[0];
  return repeated;
}

/** Timestamps and dates as DuckDB's to_json writes them (`2021-01-02 03:04:05.123456`, `2021-01-02`). */
export const DUCKDB_TEXT_PARSERS = {
  timestampFromMilliseconds: (ms: bigint) => timestampText(ms * 1000n),
  timestampFromMicroseconds: (us: bigint) => timestampText(us),
  timestampFromNanoseconds: (ns: bigint) => timestampText(ns / 1000n),
  dateFromDays: (days: number) => new Date(days * 86_400_000).toISOString().slice(0, 10),
};

function timestampText(micros: bigint): string {
  const ms = micros / 1000n - (micros % 1000n < 0n ? 1n : 0n);
  const rest = Number(micros - ms * 1000n);
  const iso = new Date(Number(ms)).toISOString(); // 2021-01-02T03:04:05.123Z
  const fraction = `${iso.slice(20, 23)}${String(rest).padStart(3, '0')}`.replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}`;
}

function lz4Block(input: Uint8Array, outputLength: number): Uint8Array {
  const out = new Uint8Array(outputLength);
  const n = lz4DecompressBlock(input, out, 0, input.length, 0);
  return n === outputLength ? out : out.subarray(0, n);
}

/**
 * Parquet's deprecated LZ4 codec is LZ4 in Hadoop's framing (big-endian uncompressed and compressed sizes
 * before each block); some writers wrote a raw block under that codec, which is tried when framing does not fit.
 */
function hadoopLz4(input: Uint8Array, outputLength: number): Uint8Array {
  const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
  const out = new Uint8Array(outputLength);
  let inAt = 0;
  let outAt = 0;
  while (inAt + 8 <= input.length) {
    const rawSize = view.getUint32(inAt);
    const blockSize = view.getUint32(inAt + 4);
    if (inAt + 8 + blockSize > input.length || outAt + rawSize > outputLength) {
      return lz4Block(input, outputLength);
    }
    lz4DecompressBlock(input.subarray(inAt + 8, inAt + 8 + blockSize), out, 0, blockSize, outAt);
    inAt += 8 + blockSize;
    outAt += rawSize;
  }
  return outAt === outputLength ? out : lz4Block(input, outputLength);
}
