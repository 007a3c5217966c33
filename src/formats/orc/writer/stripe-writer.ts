/**
 * Lays out one stripe (ORCv1.md "Stripes"): the ROW_INDEX streams of every column, then the data streams in
 * column order, then the stripe footer listing each stream's kind, column and length, the column
 * encodings and the writer time zone. Streams are compressed here, which is also when the row-index
 * positions become (chunk start, offset in chunk) pairs.
 */
import type { ColumnStatistics } from './column-statistics.js';
import type { ColumnStripeOut } from './column-writer.js';
import type { CompressedStream, StreamCompressor } from './compression-writer.js';
import { type OutStream, type PositionPart, STREAM_KIND } from './out-stream.js';
import { ProtoWriter } from './protobuf-writer.js';

export interface StripeBytes {
  readonly parts: readonly Uint8Array[];
  readonly indexLength: number;
  readonly dataLength: number;
  readonly footerLength: number;
  /** Per column id, the compressed bytes of its data streams (ColumnStatistics.bytesOnDisk). */
  readonly columnBytes: ReadonlyMap<number, number>;
}

export function layoutStripe(
  columns: readonly ColumnStripeOut[],
  compressor: StreamCompressor,
  writerTimezone: string | undefined,
  withIndex: boolean,
): StripeBytes {
  const compressed = new Map<OutStream, CompressedStream>();
  for (const c of columns) for (const s of c.streams) compressed.set(s, compressor.compress(s.buf.toBytes()));
  const footer = new ProtoWriter();
  const parts: Uint8Array[] = [];
  let indexLength = 0;
  if (withIndex) {
    for (const c of columns) {
      const index = new ProtoWriter();
      for (const g of c.rowGroups) {
        const entry = new ProtoWriter().packedUint64(1, resolve(g.positions, compressed));
        entry.message(2, g.statistics.encode());
        index.message(1, entry);
      }
      const bytes = compressor.compress(index.finish()).bytes;
      parts.push(bytes);
      indexLength += bytes.length;
      footer.message(1, streamInfo(STREAM_KIND.ROW_INDEX, c.column, bytes.length));
    }
  }
  let dataLength = 0;
  const columnBytes = new Map<number, number>();
  for (const c of columns) {
    for (const s of c.streams) {
      const bytes = compressed.get(s)!.bytes;
      parts.push(bytes);
      dataLength += bytes.length;
      columnBytes.set(c.column, (columnBytes.get(c.column) ?? 0) + bytes.length);
      footer.message(1, streamInfo(STREAM_KIND[s.kind], c.column, bytes.length));
    }
  }
  for (const c of columns) {
    const e = new ProtoWriter().uint64(1, c.encoding.kind);
    if (c.encoding.dictionarySize !== undefined) e.uint64(2, c.encoding.dictionarySize);
    footer.message(2, e);
  }
  if (writerTimezone !== undefined) footer.string(3, writerTimezone);
  const footerBytes = compressor.compress(footer.finish()).bytes;
  parts.push(footerBytes);
  return { parts, indexLength, dataLength, footerLength: footerBytes.length, columnBytes };
}

function streamInfo(kind: number, column: number, length: number): ProtoWriter {
  return new ProtoWriter().uint64(1, kind).uint64(2, column).uint64(3, length);
}

function resolve(
  positions: readonly PositionPart[],
  compressed: ReadonlyMap<OutStream, CompressedStream>,
): number[] {
  const out: number[] = [];
  for (const p of positions) {
    if (typeof p === 'number') out.push(p);
    else out.push(...compressed.get(p.stream)!.position(p.offset));
  }
  return out;
}

/** StripeStatistics (Metadata.stripeStats = 1, colStats = 1). */
export function encodeStripeStatistics(stats: readonly ColumnStatistics[]): ProtoWriter {
  const w = new ProtoWriter();
  for (const s of stats) w.message(1, s.encode());
  return w;
}
