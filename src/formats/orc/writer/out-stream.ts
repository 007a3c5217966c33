/**
 * A stream being written for one column of a stripe, and the row-index positions that point into it.
 * Positions are recorded as uncompressed offsets and resolved once the stream is compressed
 * (ORCv1.md "Row Index": compressed chunk start and offset in the chunk, or just the byte offset).
 */
import { ByteBuffer } from './byte-buffer.js';

/** Stream.Kind numbers (orc_proto.proto). */
export const STREAM_KIND = {
  PRESENT: 0,
  DATA: 1,
  LENGTH: 2,
  DICTIONARY_DATA: 3,
  SECONDARY: 5,
  ROW_INDEX: 6,
} as const;
export type WriteStreamKind = keyof typeof STREAM_KIND;

export class OutStream {
  readonly buf = new ByteBuffer();

  constructor(
    readonly column: number,
    readonly kind: WriteStreamKind,
  ) {}

  /** The current offset, as a position part. */
  here(): PositionPart {
    return { stream: this, offset: this.buf.length };
  }
}

export type PositionPart = number | { readonly stream: OutStream; readonly offset: number };

/** ColumnEncoding.Kind numbers. */
export const ENCODING_KIND = { DIRECT: 0, DIRECT_V2: 2, DICTIONARY_V2: 3 } as const;

export interface ColumnEncodingOut {
  readonly kind: (typeof ENCODING_KIND)[keyof typeof ENCODING_KIND];
  readonly dictionarySize?: number;
}
