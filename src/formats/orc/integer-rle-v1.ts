/**
 * Integer run-length encoding version 1 (ORCv1.md "Integer Run Length Encoding, version 1"), used by
 * Hive 0.11 files and the DIRECT / DICTIONARY column encodings: a control byte 0..127 starts a run of
 * `control + 3` values with a fixed signed-byte delta from a varint base; 128..255 starts `256 - control`
 * literal varints. `read` decodes in BigInt, `readNumbers` in number arithmetic (exact within 2^53).
 */
import type { ByteStream } from './byte-stream.js';
import type { IntegerReader } from './integer-rle.js';

export class IntegerRleV1Reader implements IntegerReader {
  private remaining = 0;
  private literal = false;
  /** The run's next value and step, kept in the representation of the mode being read. */
  private value: bigint | number = 0;
  private delta = 0;

  constructor(
    private readonly stream: ByteStream,
    private readonly signed: boolean,
  ) {}

  read(out: BigInt64Array, offset: number, count: number): void {
    for (let i = 0; i < count; i++) {
      if (this.remaining === 0) this.readHeader(true);
      this.remaining--;
      if (this.literal) {
        out[offset + i] = this.signed ? this.stream.svarint() : this.stream.uvarint();
      } else {
        const v = BigInt(this.value);
        out[offset + i] = v;
        this.value = v + BigInt(this.delta);
      }
    }
  }

  readNumbers(out: Float64Array | Int32Array, offset: number, count: number): void {
    for (let i = 0; i < count; i++) {
      if (this.remaining === 0) this.readHeader(false);
      this.remaining--;
      if (this.literal) {
        out[offset + i] = this.signed ? this.stream.svarintNumber() : this.stream.uvarintNumber();
      } else {
        const v = Number(this.value);
        out[offset + i] = v;
        this.value = v + this.delta;
      }
    }
  }

  skip(count: number): void {
    // In BigInt: a run's base read as a number would be rounded for the reads that follow.
    const scratch = new BigInt64Array(Math.min(count, 256));
    for (let done = 0; done < count; done += scratch.length)
      this.read(scratch, 0, Math.min(scratch.length, count - done));
  }

  private readHeader(big: boolean): void {
    const control = this.stream.byte();
    if (control < 128) {
      this.remaining = control + 3;
      this.literal = false;
      const d = this.stream.byte();
      this.delta = d < 128 ? d : d - 256;
      if (big) this.value = this.signed ? this.stream.svarint() : this.stream.uvarint();
      else this.value = this.signed ? this.stream.svarintNumber() : this.stream.uvarintNumber();
    } else {
      this.remaining = 256 - control;
      this.literal = true;
    }
  }
}
