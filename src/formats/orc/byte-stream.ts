/**
 * A cursor over one decompressed stream. Every read checks the end, so a corrupt length or count fails
 * with the stream's name and position instead of reading `undefined` and looping.
 */
import { OrcFormatError } from './orc-error.js';

export class ByteStream {
  pos = 0;
  /**
   * The bytes at hand. A stream opened at a row group (row-group-seek.ts) starts with the chunk holding
   * that position and appends the following chunks only as reads reach them; positions never move.
   */
  bytes: Uint8Array;
  /**
   * Values of the run that starts at byte 0 which belong to earlier rows: the row-index positions after
   * the byte offset (ORCv1.md "Row Group Index"). The first RLE reader over the stream skips them
   * (byte-rle.ts, integer-rle.ts); empty for a stream read from its start.
   */
  readonly runSkip: readonly number[];
  private readonly more: (() => Uint8Array | undefined) | undefined;
  private capacity: Uint8Array | undefined;

  constructor(
    bytes: Uint8Array,
    /** Names the stream in errors, e.g. `column 3 DATA`. */
    readonly name: string,
    /** The stream's next decompressed chunk, or undefined at its end; absent when `bytes` is all of it. */
    more?: () => Uint8Array | undefined,
    runSkip: readonly number[] = NO_SKIP,
  ) {
    this.bytes = bytes;
    this.more = more;
    this.runSkip = runSkip;
  }

  get remaining(): number {
    return this.bytes.length - this.pos;
  }

  /** Whether `length` bytes from `pos` are at hand, appending chunks as needed. */
  ensure(length: number): boolean {
    return length <= this.bytes.length - this.pos || this.grow(length);
  }

  byte(): number {
    if (this.pos >= this.bytes.length && !this.grow(1)) throw this.pastEnd(1);
    return this.bytes[this.pos++]!;
  }

  take(length: number): Uint8Array {
    if (length > this.bytes.length - this.pos && !this.grow(length)) throw this.pastEnd(length);
    const out = this.bytes.subarray(this.pos, this.pos + length);
    this.pos += length;
    return out;
  }

  /** An unsigned base-128 varint of up to 64 bits (ORCv1.md "Base 128 Varint"). */
  uvarint(): bigint {
    // Fast path: up to 4 bytes (28 bits) in number arithmetic.
    let result = 0;
    let shift = 0;
    for (; shift < 28; shift += 7) {
      const b = this.byte();
      result |= (b & 0x7f) << shift;
      if (b < 0x80) return BigInt(result >>> 0);
    }
    let big = BigInt(result >>> 0);
    let bigShift = 28n;
    for (let i = 0; i < 7; i++) {
      const b = this.byte();
      big |= BigInt(b & 0x7f) << bigShift;
      if (b < 0x80) return big;
      bigShift += 7n;
    }
    throw new OrcFormatError(`ORC: ${this.name}: varint longer than 10 bytes at byte ${this.pos}`);
  }

  /** A zigzag-encoded signed varint. */
  svarint(): bigint {
    return unzigzag(this.uvarint());
  }

  /**
   * An unsigned varint as a JS number: exact up to 2^53 (MAX_SAFE_INTEGER + 1). Callers that may meet
   * wider values check the result against MAX_SAFE_INTEGER and fall back to `uvarint`.
   */
  uvarintNumber(): number {
    let bytes = this.bytes;
    let pos = this.pos;
    let result = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      if (pos >= bytes.length) {
        this.pos = pos;
        if (!this.grow(1)) throw this.pastEnd(1);
        bytes = this.bytes;
      }
      const b = bytes[pos++]!;
      result += (b & 0x7f) * scale;
      if (b < 0x80) {
        this.pos = pos;
        return result;
      }
      scale *= 128;
    }
    this.pos = pos;
    throw new OrcFormatError(`ORC: ${this.name}: varint longer than 10 bytes at byte ${this.pos}`);
  }

  /** A zigzag varint as a JS number, exact while its magnitude stays within 2^53. */
  svarintNumber(): number {
    // Zigzag doubles the magnitude: a raw value past 2^53 was rounded, and halving it would hide that
    // (−2^52 − 1 would read as 2^52). NaN makes every caller's isSafeInteger check fail and fall back.
    const raw = this.uvarintNumber();
    return raw > Number.MAX_SAFE_INTEGER ? Number.NaN : unzigzagNumber(raw);
  }

  /** An unbounded zigzag varint, as decimal values use (ORCv1.md "Decimal Columns"). */
  unboundedSvarint(): bigint {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const b = this.byte();
      result |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return unzigzag(result);
      shift += 7n;
      if (shift > 7n * 40n)
        throw new OrcFormatError(`ORC: ${this.name}: decimal varint longer than 40 bytes`);
    }
  }

  /** Appends chunks until `length` bytes from `pos` are at hand; false when the stream ends first. */
  private grow(length: number): boolean {
    if (this.more === undefined) return false;
    while (this.bytes.length - this.pos < length) {
      const chunk = this.more();
      if (chunk === undefined) return false;
      const filled = this.bytes.length;
      let buffer = this.capacity;
      if (buffer === undefined || buffer.length < filled + chunk.length) {
        // Doubling keeps the copying linear in the bytes read however many chunks follow.
        buffer = new Uint8Array(Math.max(2 * (buffer?.length ?? filled), filled + chunk.length, 1024));
        buffer.set(this.bytes);
        this.capacity = buffer;
      }
      buffer.set(chunk, filled);
      this.bytes = buffer.subarray(0, filled + chunk.length);
    }
    return true;
  }

  pastEnd(wanted: number): OrcFormatError {
    return new OrcFormatError(
      `ORC: ${this.name}: read of ${wanted} byte(s) at ${this.pos} runs past the stream end (${this.bytes.length})`,
    );
  }
}

const NO_SKIP: readonly number[] = [];

export function unzigzag(n: bigint): bigint {
  return (n >> 1n) ^ -(n & 1n);
}

/** Zigzag decoding in number arithmetic: exact for every `n` up to 2^53 (`& 1` reads the low bit). */
export function unzigzagNumber(n: number): number {
  return (n & 1) === 0 ? n / 2 : -(n + 1) / 2;
}
