/**
 * A cursor over one decompressed stream. Every read checks the end, so a corrupt length or count fails
 * with the stream's name and position instead of reading `undefined` and looping.
 */
import { OrcFormatError } from './orc-error.js';

export class ByteStream {
  pos = 0;

  constructor(
    readonly bytes: Uint8Array,
    /** Names the stream in errors, e.g. `column 3 DATA`. */
    readonly name: string,
  ) {}

  get remaining(): number {
    return this.bytes.length - this.pos;
  }

  byte(): number {
    if (this.pos >= this.bytes.length) throw this.pastEnd(1);
    return this.bytes[this.pos++]!;
  }

  take(length: number): Uint8Array {
    if (length > this.bytes.length - this.pos) throw this.pastEnd(length);
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

  pastEnd(wanted: number): OrcFormatError {
    return new OrcFormatError(
      `ORC: ${this.name}: read of ${wanted} byte(s) at ${this.pos} runs past the stream end (${this.bytes.length})`,
    );
  }
}

export function unzigzag(n: bigint): bigint {
  return (n >> 1n) ^ -(n & 1n);
}
