/**
 * A minimal protobuf wire-format decoder, enough for ORC's file tail and stripe footers
 * (https://protobuf.dev/programming-guides/encoding/). ORC's messages are small and read once per file or
 * stripe, so a field-by-field walk beats a generated decoder: each message reader picks the fields it needs
 * and skips the rest, which also keeps newer files (unknown fields) readable.
 */
import { OrcFormatError, orcCheck } from './orc-error.js';

export const WIRE_VARINT = 0;
export const WIRE_FIXED64 = 1;
export const WIRE_LENGTH_DELIMITED = 2;
export const WIRE_FIXED32 = 5;

/** One field of a message: its number, wire type and where its payload starts. */
export interface ProtoField {
  readonly fieldNumber: number;
  readonly wireType: number;
}

export class ProtoReader {
  private pos: number;
  private readonly end: number;

  constructor(
    private readonly bytes: Uint8Array,
    start = 0,
    end = bytes.length,
  ) {
    this.pos = start;
    this.end = end;
  }

  get done(): boolean {
    return this.pos >= this.end;
  }

  /** The next field's tag; call the matching value reader (or skip) before asking again. */
  nextField(): ProtoField {
    const tag = this.uint32();
    const fieldNumber = tag >>> 3;
    orcCheck(fieldNumber > 0, () => `ORC: protobuf field number 0 at byte ${this.pos}`);
    return { fieldNumber, wireType: tag & 7 };
  }

  /** A varint as a JS number; exact up to 2^53, which every ORC length and count stays below. */
  uint64(): number {
    let result = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      orcCheck(this.pos < this.end, () => `ORC: protobuf varint runs past the message end (${this.end})`);
      const b = this.bytes[this.pos++]!;
      result += (b & 0x7f) * scale;
      if (b < 0x80) return result;
      scale *= 128;
    }
    throw new OrcFormatError(`ORC: protobuf varint longer than 10 bytes at byte ${this.pos}`);
  }

  /** A varint as a bigint, for values that may use all 64 bits (sint64 statistics). */
  uint64n(): bigint {
    let result = 0n;
    let shift = 0n;
    for (let i = 0; i < 10; i++) {
      orcCheck(this.pos < this.end, () => `ORC: protobuf varint runs past the message end (${this.end})`);
      const b = this.bytes[this.pos++]!;
      result |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return result;
      shift += 7n;
    }
    throw new OrcFormatError(`ORC: protobuf varint longer than 10 bytes at byte ${this.pos}`);
  }

  uint32(): number {
    return this.uint64() % 0x100000000;
  }

  /** sint64: zigzag-encoded (n >>> 1) ^ -(n & 1). */
  sint64(): bigint {
    const n = this.uint64n();
    return (n >> 1n) ^ -(n & 1n);
  }

  bool(): boolean {
    return this.uint64() !== 0;
  }

  double(): number {
    const view = this.take(8);
    return new DataView(view.buffer, view.byteOffset, 8).getFloat64(0, true);
  }

  /** A length-delimited payload, as a view into the message bytes. */
  bytesField(): Uint8Array {
    const length = this.uint64();
    return this.take(length);
  }

  string(): string {
    return new TextDecoder().decode(this.bytesField());
  }

  /** A nested message: a reader over its bytes. */
  message(): ProtoReader {
    const b = this.bytesField();
    return new ProtoReader(b);
  }

  /** A repeated scalar field arrives packed (one length-delimited run) or as one value per tag. */
  packedUint64(wireType: number, into: number[]): void {
    if (wireType !== WIRE_LENGTH_DELIMITED) {
      into.push(this.uint64());
      return;
    }
    const inner = new ProtoReader(this.bytesField());
    while (!inner.done) into.push(inner.uint64());
  }

  skip(wireType: number): void {
    switch (wireType) {
      case WIRE_VARINT:
        this.uint64n();
        return;
      case WIRE_FIXED64:
        this.take(8);
        return;
      case WIRE_LENGTH_DELIMITED:
        this.bytesField();
        return;
      case WIRE_FIXED32:
        this.take(4);
        return;
      default:
        throw new OrcFormatError(`ORC: unsupported protobuf wire type ${wireType} at byte ${this.pos}`);
    }
  }

  private take(length: number): Uint8Array {
    orcCheck(
      length <= this.end - this.pos,
      () =>
        `ORC: protobuf field of ${length} bytes at byte ${this.pos} runs past the message end (${this.end})`,
    );
    const out = this.bytes.subarray(this.pos, this.pos + length);
    this.pos += length;
    return out;
  }
}
