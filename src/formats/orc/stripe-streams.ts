/**
 * A stripe's layout (ORCv1.md "Stripes"): index streams, data streams, then the stripe footer that lists
 * every stream in file order with its column and length. Only the data streams of the requested column ids
 * are fetched and decompressed: that is column projection.
 */
import type { OrcByteSource } from './byte-source.js';
import { ByteStream } from './byte-stream.js';
import { type Codec, decompressStream } from './compression.js';
import { OrcFormatError, orcCheck, withContext } from './orc-error.js';
import {
  type ColumnEncoding,
  decodeStripeFooter,
  type StreamKind,
  type StripeFooter,
  type StripeInformation,
} from './orc-messages.js';
import { decodeRowIndex, type OrcRowIndexEntry } from './orc-statistics.js';
import { ProtoReader } from './protobuf.js';

const DATA_STREAM_KINDS: ReadonlySet<StreamKind> = new Set([
  'PRESENT',
  'DATA',
  'LENGTH',
  'DICTIONARY_DATA',
  'SECONDARY',
]);

export interface StripeStreams {
  readonly footer: StripeFooter;
  readonly stripeIndex: number;
  stream(column: number, kind: StreamKind): ByteStream | undefined;
  /** Whether the stripe has (and the reader fetched) that stream; opens nothing. */
  has(column: number, kind: StreamKind): boolean;
  encoding(column: number): ColumnEncoding;
}

export async function readStripeFooter(
  source: OrcByteSource,
  codec: Codec,
  stripe: StripeInformation,
  stripeIndex: number,
  columnCount: number,
): Promise<StripeFooter> {
  const at = stripe.offset + stripe.indexLength + stripe.dataLength;
  const raw = await source.read(at, stripe.footerLength);
  const what = `${source.name}: stripe ${stripeIndex} footer`;
  orcCheck(
    raw.length === stripe.footerLength,
    () => `ORC: ${what}: read ${raw.length} of ${stripe.footerLength} bytes`,
  );
  const footer = withContext(what, () =>
    decodeStripeFooter(new ProtoReader(decompressStream(codec, raw, what))),
  );
  // Apache ORC rejects this the same way ("bad number of ColumnEncodings in StripeFooter").
  orcCheck(
    footer.columns.length >= columnCount,
    () =>
      `ORC: ${what}: bad number of ColumnEncodings in StripeFooter: expected=${columnCount}, actual=${footer.columns.length}`,
  );
  return footer;
}

/** A data stream to fetch: where it lies in the file, and its name for errors. */
export interface StreamRange {
  readonly column: number;
  readonly kind: StreamKind;
  readonly offset: number;
  readonly length: number;
  readonly name: string;
}

/** The data streams of the columns in `columns` (a set of column ids), in file order. */
export function dataStreamRanges(
  sourceName: string,
  stripe: StripeInformation,
  stripeIndex: number,
  footer: StripeFooter,
  columns: ReadonlySet<number>,
): StreamRange[] {
  const stripeEnd = stripe.offset + stripe.indexLength + stripe.dataLength;
  const wanted: StreamRange[] = [];
  let offset = stripe.offset;
  for (const s of footer.streams) {
    const start = offset;
    offset += s.length;
    if (!DATA_STREAM_KINDS.has(s.kind) || !columns.has(s.column)) continue;
    const name = `${sourceName}: stripe ${stripeIndex} column ${s.column} ${s.kind}`;
    orcCheck(
      offset <= stripeEnd,
      () => `ORC: ${name}: stream ends at byte ${offset}, past the stripe end ${stripeEnd}`,
    );
    wanted.push({ column: s.column, kind: s.kind, offset: start, length: s.length, name });
  }
  return wanted;
}

/** The ROW_INDEX streams of the columns in `columns` (a set of column ids), in file order. */
export function rowIndexRanges(
  sourceName: string,
  stripe: StripeInformation,
  stripeIndex: number,
  footer: StripeFooter,
  columns: ReadonlySet<number>,
): StreamRange[] {
  const wanted: StreamRange[] = [];
  let offset = stripe.offset;
  for (const s of footer.streams) {
    const start = offset;
    offset += s.length;
    if (s.kind !== 'ROW_INDEX' || !columns.has(s.column)) continue;
    const name = `${sourceName}: stripe ${stripeIndex} column ${s.column} ROW_INDEX`;
    orcCheck(
      offset <= stripe.offset + stripe.indexLength,
      () => `ORC: ${name}: stream ends at byte ${offset}, past the index section`,
    );
    wanted.push({ column: s.column, kind: s.kind, offset: start, length: s.length, name });
  }
  return wanted;
}

/** Decodes a ROW_INDEX stream's bytes (as read for `range`). */
export function decodeRowIndexStream(codec: Codec, range: StreamRange, raw: Uint8Array): OrcRowIndexEntry[] {
  return withContext(range.name, () =>
    decodeRowIndex(new ProtoReader(decompressStream(codec, raw, range.name))),
  );
}

/** The stream bytes of `ranges` as read, checked for truncation. */
export function checkedBytes(range: StreamRange, raw: Uint8Array): Uint8Array {
  orcCheck(
    raw.length === range.length,
    () => `ORC: ${range.name}: read ${raw.length} of ${range.length} bytes`,
  );
  return raw;
}

/** A stripe's streams over the bytes fetched for `ranges` (`raws[i]` holds `ranges[i]`). */
export function stripeStreamsOf(
  sourceName: string,
  codec: Codec,
  stripeIndex: number,
  footer: StripeFooter,
  ranges: readonly StreamRange[],
  raws: readonly Uint8Array[],
): StripeStreams {
  // Streams are decompressed when a column reader first asks, so errors follow the reading order.
  const streams = new Map<string, { raw: Uint8Array; bytes?: Uint8Array; name: string }>();
  ranges.forEach((r, i) => {
    streams.set(streamKey(r.column, r.kind), { raw: raws[i]!, name: r.name });
  });
  return {
    footer,
    stripeIndex,
    has: (column, kind) => streams.has(streamKey(column, kind)),
    stream(column, kind) {
      const s = streams.get(streamKey(column, kind));
      if (s === undefined) return undefined;
      s.bytes ??= decompressStream(codec, s.raw, s.name);
      return new ByteStream(s.bytes, s.name);
    },
    encoding(column) {
      const e = footer.columns[column];
      if (e === undefined)
        throw new OrcFormatError(
          `ORC: ${sourceName}: stripe ${stripeIndex} has no encoding for column ${column}`,
        );
      return e;
    },
  };
}

function streamKey(column: number, kind: StreamKind): string {
  return `${column}:${kind}`;
}

/**
 * The ROW_INDEX stream of `column` in a stripe's index section: one entry per row group of
 * `rowIndexStride` rows, with its stream positions and statistics. Empty when the writer wrote no index.
 */
export async function readRowIndex(
  source: OrcByteSource,
  codec: Codec,
  stripe: StripeInformation,
  stripeIndex: number,
  footer: StripeFooter,
  column: number,
): Promise<OrcRowIndexEntry[]> {
  let offset = stripe.offset;
  for (const s of footer.streams) {
    const start = offset;
    offset += s.length;
    if (s.kind !== 'ROW_INDEX' || s.column !== column) continue;
    const name = `${source.name}: stripe ${stripeIndex} column ${column} ROW_INDEX`;
    orcCheck(
      offset <= stripe.offset + stripe.indexLength,
      () => `ORC: ${name}: stream ends at byte ${offset}, past the index section`,
    );
    const raw = await source.read(start, s.length);
    orcCheck(raw.length === s.length, () => `ORC: ${name}: read ${raw.length} of ${s.length} bytes`);
    return withContext(name, () => decodeRowIndex(new ProtoReader(decompressStream(codec, raw, name))));
  }
  return [];
}
