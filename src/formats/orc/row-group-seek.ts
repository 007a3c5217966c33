/**
 * Seeking a column's streams to a row group (ORCv1.md "Row Group Index", "Indexes"). Each ROW_INDEX entry
 * lists, stream by stream in a fixed order per type, where the row group starts: the byte offset (for a
 * compressed file, the chunk's offset in the stream and the offset within the decompressed chunk), then,
 * for a run-length encoded stream, how many values of the run starting there belong to earlier rows (and,
 * for a boolean stream, how many bits of the byte after them). The order is the one Apache ORC's writers
 * record and its readers consume: Java TreeReaderFactory's `seek(PositionProvider)` per tree reader, C++
 * ColumnReader's `seekToRowGroup`:
 *
 *   every type       PRESENT (boolean RLE) first, when the stripe has a PRESENT stream for the column
 *                    (Java's writer drops those positions when it suppresses the stream: no nulls)
 *   boolean          DATA (boolean RLE)
 *   tinyint          DATA (byte RLE)
 *   smallint, int, bigint, date   DATA (integer RLE)
 *   float, double    DATA (raw: offset only)
 *   string, char, varchar, binary DIRECT: DATA (raw), then LENGTH (integer RLE)
 *   string, char, varchar DICTIONARY: DATA (integer RLE); the dictionary streams are read whole
 *   decimal          DATA (raw varints), then SECONDARY (integer RLE); decimal64: DATA (integer RLE)
 *   timestamp (and with local time zone)   DATA (integer RLE), then SECONDARY (integer RLE)
 *   list, map        LENGTH (integer RLE)
 *   union            DATA (byte RLE tags)
 *   struct           nothing more
 *
 * A stream the stripe leaves out (an all-null column's DATA) still has its positions; they are passed over.
 * Row group 0 starts every stream at 0, so its positions are not read (some Java writers leave them out).
 */
import { ByteStream } from './byte-stream.js';
import { type Codec, chunksFrom } from './compression.js';
import { orcCheck } from './orc-error.js';
import type { ColumnEncoding, StreamKind, StripeFooter } from './orc-messages.js';
import type { StreamRange, StripeStreams } from './stripe-streams.js';
import { decimalShape, type OrcType } from './type-tree.js';

/** Where one stream of a column starts a row group. */
export interface StreamSeek {
  /** [offset] uncompressed; [chunk offset in the stream, offset within the decompressed chunk] compressed. */
  readonly at: readonly number[];
  /** Values of the run starting there that belong to earlier rows ([bytes, bits] for booleans). */
  readonly runSkip: readonly number[];
}

/** How many positions after the byte offset(s) a stream's encoding records. */
type RunPositions = 0 | 1 | 2;

/** The seekable streams of a column, in the order its row-index positions list them. */
export function positionLayout(
  t: OrcType,
  encoding: ColumnEncoding,
  streams: ReadonlySet<StreamKind>,
  decimal64: boolean,
  hive11Scale: number,
): [StreamKind, RunPositions][] {
  const layout: [StreamKind, RunPositions][] = streams.has('PRESENT') ? [['PRESENT', 2]] : [];
  switch (t.kind) {
    case 'boolean':
      layout.push(['DATA', 2]);
      break;
    case 'tinyint':
    case 'uniontype':
      layout.push(['DATA', 1]);
      break;
    case 'smallint':
    case 'int':
    case 'bigint':
    case 'date':
      layout.push(['DATA', 1]);
      break;
    case 'float':
    case 'double':
      layout.push(['DATA', 0]);
      break;
    case 'string':
    case 'char':
    case 'varchar':
    case 'binary': {
      const dictionary = encoding.kind === 'DICTIONARY' || encoding.kind === 'DICTIONARY_V2';
      if (dictionary && t.kind !== 'binary') layout.push(['DATA', 1]);
      else layout.push(['DATA', 0], ['LENGTH', 1]);
      break;
    }
    case 'decimal': {
      // The same test as decimal-columns.ts: decimal64 columns have no SECONDARY stream.
      const { precision } = decimalShape(t, hive11Scale);
      if (decimal64 && precision <= 18 && !streams.has('SECONDARY')) layout.push(['DATA', 1]);
      else layout.push(['DATA', 0], ['SECONDARY', 1]);
      break;
    }
    case 'timestamp':
    case 'timestamp with local time zone':
      layout.push(['DATA', 1], ['SECONDARY', 1]);
      break;
    case 'array':
    case 'map':
      layout.push(['LENGTH', 1]);
      break;
    case 'struct':
      break;
    default:
      return t.kind satisfies never;
  }
  return layout;
}

/**
 * Splits a row-index entry's positions over the column's streams by `layout` (undefined `positions`: the
 * start of every stream, row group 0). Undefined when the writer recorded no positions (an empty entry
 * where the layout needs some); throws when their number does not fit the layout (a writer with another
 * layout, or a corrupt index): decoding would go wrong silently.
 */
export function seekPlan(
  layout: readonly [StreamKind, RunPositions][],
  positions: readonly number[] | undefined,
  compressed: boolean,
  what: string,
): Map<StreamKind, StreamSeek> | undefined {
  const offsets = compressed ? 2 : 1;
  const expected = layout.reduce((n, [, run]) => n + offsets + run, 0);
  if (positions === undefined) positions = new Array<number>(expected).fill(0);
  if (positions.length === 0 && expected > 0) return undefined;
  orcCheck(
    positions.length === expected,
    () =>
      `ORC: ${what}: the row index gives ${positions.length} positions where the column's streams ` +
      `(${layout.map(([k]) => k).join(', ') || 'none'}${compressed ? ', compressed' : ''}) take ${expected}`,
  );
  const plan = new Map<StreamKind, StreamSeek>();
  let i = 0;
  for (const [kind, run] of layout) {
    const at = positions.slice(i, i + offsets);
    i += offsets;
    const runSkip = positions.slice(i, i + run);
    i += run;
    plan.set(kind, { at, runSkip });
  }
  return plan;
}

/**
 * A stream opened at `seek`: from the chunk it names, appending later chunks only as they are read. `raw`
 * holds the stream's bytes from byte `rawStart` on (a synchronous source reads no more).
 */
export function seekedStream(
  codec: Codec,
  raw: Uint8Array,
  rawStart: number,
  seek: StreamSeek,
  name: string,
): ByteStream {
  orcCheck(
    seek.at[0]! >= rawStart,
    () => `ORC: ${name}: row-index position ${seek.at[0]} is before the bytes read (${rawStart})`,
  );
  if (codec.kind === 'NONE') {
    const offset = seek.at[0]! - rawStart;
    orcCheck(
      offset <= raw.length,
      () => `ORC: ${name}: row-index position ${offset} is past the stream end (${raw.length})`,
    );
    return new ByteStream(raw.subarray(offset), name, undefined, seek.runSkip);
  }
  const chunk = seek.at[0]! - rawStart;
  const within = seek.at[1]!;
  orcCheck(
    chunk <= raw.length,
    () => `ORC: ${name}: row-index chunk offset ${chunk} is past the stream end (${raw.length})`,
  );
  const next = chunksFrom(codec, raw, chunk, name);
  const first = next() ?? new Uint8Array(0);
  orcCheck(
    within <= first.length,
    () => `ORC: ${name}: row-index offset ${within} is past its chunk's ${first.length} bytes`,
  );
  return new ByteStream(first.subarray(within), name, next, seek.runSkip);
}

/**
 * A stripe's streams with the columns of `plans` (column id -> stream seeks) opened at a row group; other
 * streams (a dictionary's) are read whole, as `whole` gives them. `raws[i]` holds `ranges[i]` from its
 * byte `rawStarts[i]` on: only streams that `plans` seeks may start past 0.
 */
export function seekedStripeStreams(
  whole: StripeStreams,
  codec: Codec,
  ranges: readonly StreamRange[],
  raws: readonly Uint8Array[],
  rawStarts: readonly number[],
  plans: ReadonlyMap<number, ReadonlyMap<StreamKind, StreamSeek>>,
): StripeStreams {
  const raw = new Map<string, { bytes: Uint8Array; start: number; name: string }>();
  ranges.forEach((r, i) => {
    raw.set(`${r.column}:${r.kind}`, { bytes: raws[i]!, start: rawStarts[i]!, name: r.name });
  });
  return {
    footer: whole.footer,
    stripeIndex: whole.stripeIndex,
    has: (column, kind) => whole.has(column, kind),
    encoding: (column) => whole.encoding(column),
    stream(column, kind) {
      const seek = plans.get(column)?.get(kind);
      if (seek === undefined) return whole.stream(column, kind);
      const r = raw.get(`${column}:${kind}`);
      return r === undefined ? undefined : seekedStream(codec, r.bytes, r.start, seek, r.name);
    },
  };
}

/** The stream kinds present in a stripe for each column id. */
export function streamKindsByColumn(footer: StripeFooter): Map<number, Set<StreamKind>> {
  const out = new Map<number, Set<StreamKind>>();
  for (const s of footer.streams) {
    let kinds = out.get(s.column);
    if (kinds === undefined) out.set(s.column, (kinds = new Set()));
    kinds.add(s.kind);
  }
  return out;
}
