/**
 * What a column reader needs from its stripe: the streams, the encodings, and the file-level settings that
 * change how values decode.
 */
import { BooleanRleReader } from './byte-rle.js';
import { ByteStream } from './byte-stream.js';
import type { RleVersion } from './integer-rle.js';
import { OrcFormatError } from './orc-error.js';
import type { StreamKind } from './orc-messages.js';
import type { StripeStreams } from './stripe-streams.js';
import type { OrcType } from './type-tree.js';

export interface ColumnReadContext {
  readonly streams: StripeStreams;
  /** Stored timestamp seconds (from 2015-01-01 in the writer zone) to wall-clock seconds since 1970. */
  readonly toWallClock: (stored: number) => number;
  /** Scale given to Hive 0.11 decimals, which declare none. */
  readonly hive11Scale: number;
  /** ORC "UNSTABLE-PRE-2.0" files store decimals of precision <= 18 as RLE v2 integers (decimal64). */
  readonly decimal64: boolean;
  /**
   * Decoding a range of row groups (row-group-seek.ts): the streams start at the range, so a column holds
   * fewer values than its stripe (a dictionary may be larger than the values read).
   */
  readonly rowGroups?: boolean;
}

/**
 * A stream the encoding requires. Writers leave out empty streams (an all-null column has no DATA, an empty
 * dictionary no DICTIONARY_DATA), so a missing stream is an error only when `needed` says it has content.
 */
export function requiredStream(
  ctx: ColumnReadContext,
  t: OrcType,
  kind: StreamKind,
  reader: string,
  needed: number,
): ByteStream {
  const s = ctx.streams.stream(t.id, kind);
  if (s === undefined && needed === 0) return new ByteStream(new Uint8Array(0), `column ${t.id} ${kind}`);
  if (s === undefined) {
    throw new OrcFormatError(
      `ORC: stripe ${ctx.streams.stripeIndex}: ${kind} stream not found in ${reader} (column ${t.id}, ${t.kind})`,
    );
  }
  return s;
}

export function rleVersion(ctx: ColumnReadContext, t: OrcType): RleVersion {
  const k = ctx.streams.encoding(t.id).kind;
  return k === 'DIRECT' || k === 'DICTIONARY' ? 1 : 2;
}

export interface Presence {
  /** 1 where not null; undefined when every row is present. */
  readonly present: Uint8Array | undefined;
  readonly nonNull: number;
}

/**
 * Combines the column's PRESENT stream with its parent's nulls: the stream has a bit only for rows whose
 * parent is present (a null struct has no entries in its children's streams).
 */
export function readPresence(
  ctx: ColumnReadContext,
  t: OrcType,
  count: number,
  incoming: Uint8Array | undefined,
): Presence {
  const stream = ctx.streams.stream(t.id, 'PRESENT');
  if (stream === undefined) {
    if (incoming === undefined) return { present: undefined, nonNull: count };
    return { present: incoming, nonNull: countOnes(incoming, count) };
  }
  const bits = new BooleanRleReader(stream);
  const present = new Uint8Array(count);
  let nonNull = 0;
  for (let i = 0; i < count; i++) {
    if (incoming !== undefined && incoming[i] === 0) continue;
    if (bits.next()) {
      present[i] = 1;
      nonNull++;
    }
  }
  return { present: nonNull === count ? undefined : present, nonNull };
}

function countOnes(mask: Uint8Array, count: number): number {
  let n = 0;
  for (let i = 0; i < count; i++) n += mask[i]!;
  return n;
}
