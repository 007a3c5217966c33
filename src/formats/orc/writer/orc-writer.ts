/**
 * The ORC writer (ORC v1 specification, apache/orc site/specification/ORCv1.md "File Tail"): the "ORC"
 * header, stripes of up to `stripeSizeRows` rows, then the metadata (stripe statistics), the footer
 * (types, stripes, file statistics, row index stride), the postscript (never compressed) and its length
 * in the last byte. Version 0.12 and writer version 6 (ORC-135: timestamp statistics in UTC), as the
 * postscript comment in orc_proto.proto asks of writers other than Java's.
 */
import type { StructType } from '../../../types/data-types.js';
import type { Value } from '../../../types/value.js';
import { type ColumnStatistics, newColumnStatistics } from './column-statistics.js';
import type { ColumnStripeOut, ColumnWriter } from './column-writer.js';
import {
  COMPRESSION_KIND_NUMBER,
  concatBytes,
  MAX_COMPRESSION_BLOCK_SIZE,
  type OrcWriteCompression,
  type StreamCompressor,
  streamCompressor,
} from './compression-writer.js';
import { createColumnWriter } from './create-writer.js';
import { ProtoWriter } from './protobuf-writer.js';
import { encodeStripeStatistics, layoutStripe } from './stripe-writer.js';
import { encodeType, numberColumns, type OrcSchema, orcSchemaOf, type WriteColumn } from './write-type.js';
import { writerError } from './writer-error.js';

export interface OrcWriteOptions {
  readonly compression?: OrcWriteCompression;
  /** Rows per stripe (default 100,000). Apache ORC sizes stripes in bytes (64 MiB); rows are simpler to bound. */
  readonly stripeSizeRows?: number;
  /** Rows per row group in the row index (default 10,000 as orc.row.index.stride); 0 writes no index. */
  readonly rowIndexStride?: number;
  /** The stripe footers' writer time zone (default UTC), which timestamp seconds count from. */
  readonly writerTimeZone?: string;
  /** Uncompressed chunk size (default 256 KiB, orc.compress.size). */
  readonly compressionBlockSize?: number;
  /**
   * The ORC schema to write instead of the one mapped from the Spark schema: for the ORC types Spark has
   * no name for (uniontype, timestamp with local time zone). Its root must be a struct.
   */
  readonly orcSchema?: OrcSchema;
}

const MAGIC = new TextEncoder().encode('ORC');
const VERSION = [0, 12];
const WRITER_VERSION = 6;
const DEFAULT_STRIPE_ROWS = 100_000;
const DEFAULT_ROW_INDEX_STRIDE = 10_000;
const DEFAULT_BLOCK_SIZE = 256 * 1024;

interface StripeInfo {
  readonly offset: number;
  readonly indexLength: number;
  readonly dataLength: number;
  readonly footerLength: number;
  readonly numberOfRows: number;
}

export class OrcWriter {
  private readonly parts: Uint8Array[] = [MAGIC];
  private offset = MAGIC.length;
  private readonly root: ColumnWriter;
  private readonly stripes: StripeInfo[] = [];
  private readonly stripeStats: ColumnStatistics[][] = [];
  private readonly fileStats: ColumnStatistics[];
  private rowsInStripe = 0;
  private rows = 0;
  private finished = false;
  private readonly footerZone: string | undefined;

  private constructor(
    private readonly columns: readonly WriteColumn[],
    private readonly compressor: StreamCompressor,
    private readonly stripeRows: number,
    private readonly stride: number,
    zone: string,
  ) {
    this.root = createColumnWriter(columns[0]!, zone);
    this.fileStats = columns.map((c) => newColumnStatistics(c));
    // As Java's WriterImpl (hasTimestamp), the stripe footers name the writer time zone only when a
    // `timestamp` column depends on it.
    this.footerZone = columns.some((c) => c.schema.kind === 'timestamp') ? zone : undefined;
  }

  /** A writer for a Spark schema (or for `options.orcSchema`, which can also hold unions). */
  static async create(schema: StructType, options: OrcWriteOptions = {}): Promise<OrcWriter> {
    const orc: OrcSchema = options.orcSchema ?? orcSchemaOf(schema);
    if (orc.kind !== 'struct') throw writerError(`the root type must be a struct, not ${orc.kind}`);
    const blockSize = options.compressionBlockSize ?? DEFAULT_BLOCK_SIZE;
    if (!(blockSize > 0 && blockSize <= MAX_COMPRESSION_BLOCK_SIZE)) {
      throw writerError(`compressionBlockSize ${blockSize} is not in 1..${MAX_COMPRESSION_BLOCK_SIZE}`);
    }
    const stripeRows = options.stripeSizeRows ?? DEFAULT_STRIPE_ROWS;
    if (!(stripeRows >= 1)) throw writerError(`stripeSizeRows ${stripeRows} must be at least 1`);
    const stride = options.rowIndexStride ?? DEFAULT_ROW_INDEX_STRIDE;
    if (!(stride >= 0)) throw writerError(`rowIndexStride ${stride} must not be negative`);
    const compressor = await streamCompressor(options.compression ?? 'ZLIB', blockSize);
    return new OrcWriter(numberColumns(orc), compressor, stripeRows, stride, options.writerTimeZone ?? 'UTC');
  }

  /** One row: the root struct's field values in schema order. */
  writeRow(row: readonly Value[]): void {
    if (this.finished) throw writerError('writeRow after finish');
    if (this.stride > 0 && this.rowsInStripe % this.stride === 0) this.root.mark();
    this.root.add(row as Value);
    this.rowsInStripe++;
    this.rows++;
    if (this.rowsInStripe === this.stripeRows) this.flushStripe();
  }

  /**
   * Ends the current stripe after the rows written so far (as Apache ORC's writer does when its memory
   * manager decides the stripe is full); the next row starts a new stripe. Does nothing without rows.
   */
  endStripe(): void {
    if (this.finished) throw writerError('endStripe after finish');
    this.flushStripe();
  }

  private flushStripe(): void {
    if (this.rowsInStripe === 0) return;
    const out: ColumnStripeOut[] = [];
    this.root.finishStripe(out);
    const stripe = layoutStripe(out, this.compressor, this.footerZone, this.stride > 0);
    this.stripes.push({
      offset: this.offset,
      indexLength: stripe.indexLength,
      dataLength: stripe.dataLength,
      footerLength: stripe.footerLength,
      numberOfRows: this.rowsInStripe,
    });
    for (const p of stripe.parts) {
      this.parts.push(p);
      this.offset += p.length;
    }
    const stats = out.map((c) => c.statistics);
    for (const c of out) c.statistics.bytesOnDisk = stripe.columnBytes.get(c.column) ?? 0;
    this.stripeStats.push(stats);
    for (let i = 0; i < stats.length; i++) this.fileStats[i]!.merge(stats[i]!);
    this.rowsInStripe = 0;
  }

  /** Writes the last stripe and the file tail; returns the whole file. */
  finish(): Uint8Array {
    if (this.finished) throw writerError('finish called twice');
    this.flushStripe();
    this.finished = true;
    const metadata = new ProtoWriter();
    for (const s of this.stripeStats) metadata.message(1, encodeStripeStatistics(s));
    const metadataBytes = this.compressor.compress(metadata.finish()).bytes;
    const footer = new ProtoWriter().uint64(1, MAGIC.length).uint64(2, this.offset);
    for (const s of this.stripes) {
      footer.message(
        3,
        new ProtoWriter()
          .uint64(1, s.offset)
          .uint64(2, s.indexLength)
          .uint64(3, s.dataLength)
          .uint64(4, s.footerLength)
          .uint64(5, s.numberOfRows),
      );
    }
    for (const c of this.columns) footer.message(4, encodeType(c));
    footer.uint64(6, this.rows);
    for (const s of this.fileStats) footer.message(7, s.encode());
    footer.uint64(8, this.stride);
    const footerBytes = this.compressor.compress(footer.finish()).bytes;
    const postScript = new ProtoWriter()
      .uint64(1, footerBytes.length)
      .uint64(2, COMPRESSION_KIND_NUMBER[this.compressor.kind]);
    // As Java's WriterImpl: an uncompressed file has no compression block size.
    if (this.compressor.kind !== 'NONE') postScript.uint64(3, this.compressor.blockSize);
    const postScriptBytes = postScript
      .packedUint64(4, VERSION)
      .uint64(5, metadataBytes.length)
      .uint64(6, WRITER_VERSION)
      .string(8000, 'ORC')
      .finish();
    this.parts.push(metadataBytes, footerBytes, postScriptBytes, Uint8Array.of(postScriptBytes.length));
    return concatBytes(this.parts);
  }
}

/** Writes `rows` (each the root struct's field values) as one ORC file. */
export async function writeOrcFile(
  schema: StructType,
  rows: Iterable<readonly Value[]> | AsyncIterable<readonly Value[]>,
  options: OrcWriteOptions = {},
): Promise<Uint8Array> {
  const writer = await OrcWriter.create(schema, options);
  // An array (or other sync iterable) is walked without awaiting each row, which costs a microtask a row.
  if (Symbol.asyncIterator in rows) for await (const row of rows) writer.writeRow(row);
  else for (const row of rows) writer.writeRow(row);
  return writer.finish();
}
