/**
 * Byte run-length encoding and the boolean encoding built on it (ORCv1.md "Byte Run Length Encoding",
 * "Boolean Run Length Encoding"): a control byte 0..127 is a run of `control + 3` copies of the next
 * byte; -128..-1 is `-control` literal bytes. Booleans are bits packed most significant first.
 */
import type { ByteStream } from './byte-stream.js';

export class ByteRleReader {
  private run = 0;
  private literal = false;
  private value = 0;

  constructor(private readonly stream: ByteStream) {}

  next(): number {
    if (this.run === 0) {
      const control = this.stream.byte();
      if (control < 128) {
        this.run = control + 3;
        this.literal = false;
        this.value = this.stream.byte();
      } else {
        this.run = 256 - control;
        this.literal = true;
      }
    }
    this.run--;
    return this.literal ? this.stream.byte() : this.value;
  }

  /** Fills `out[0..count)`. */
  read(out: Uint8Array | Int8Array, count: number): void {
    for (let i = 0; i < count; i++) out[i] = this.next();
  }
}

export class BooleanRleReader {
  private readonly bytes: ByteRleReader;
  private current = 0;
  private bitsLeft = 0;

  constructor(stream: ByteStream) {
    this.bytes = new ByteRleReader(stream);
  }

  next(): boolean {
    if (this.bitsLeft === 0) {
      this.current = this.bytes.next();
      this.bitsLeft = 8;
    }
    this.bitsLeft--;
    return ((this.current >>> this.bitsLeft) & 1) === 1;
  }
}
