/**
 * Integer run-length encoding version 1 (ORCv1.md "Integer Run Length Encoding, version 1"), used by
 * Hive 0.11 files and the DIRECT / DICTIONARY column encodings: a control byte 0..127 starts a run of
 * `control + 3` values with a fixed signed-byte delta from a varint base; 128..255 starts `256 - control`
 * literal varints.
 */
import type { ByteStream } from './byte-stream.js';
import type { IntegerReader } from './integer-rle.js';

export class IntegerRleV1Reader implements IntegerReader {
  private remaining = 0;
  private literal = false;
  private value = 0n;
  private delta = 0n;

  constructor(
    private readonly stream: ByteStream,
    private readonly signed: boolean,
  ) {}

  read(out: BigInt64Array, offset: number, count: number): void {
    for (let i = 0; i < count; i++) {
      if (this.remaining === 0) this.readHeader();
      this.remaining--;
      if (this.literal) {
        out[offset + i] = this.varint();
      } else {
        out[offset + i] = this.value;
        this.value += this.delta;
      }
    }
  }

  private readHeader(): void {
    const control = this.stream.byte();
    if (control < 128) {
      this.remaining = control + 3;
      this.literal = false;
      const d = this.stream.byte();
      this.delta = BigInt(d < 128 ? d : d - 256);
      this.value = this.varint();
    } else {
      this.remaining = 256 - control;
      this.literal = true;
    }
  }

  private varint(): bigint {
    return this.signed ? this.stream.svarint() : this.stream.uvarint();
  }
}
