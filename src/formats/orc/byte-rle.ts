/**
 * Byte run-length encoding and the boolean encoding built on it (ORCv1.md "Byte Run Length Encoding",
 * "Boolean Run Length Encoding"): a control byte 0..127 is a run of `control + 3` copies of the next
 * byte; -128..-1 is `-control` literal bytes. Booleans are bits packed most significant first.
 */
import type { ByteStream } from './byte-stream.js';
import { orcCheck } from './orc-error.js';

export class ByteRleReader {
  private run = 0;
  private literal = false;
  private value = 0;

  /** Skips the values of the stream's first run that belong to earlier rows (ByteStream.runSkip). */
  constructor(private readonly stream: ByteStream) {
    const skip = stream.runSkip[0] ?? 0;
    for (let i = 0; i < skip; i++) this.next();
  }

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

  /**
   * A seeked stream's runSkip is [bytes, bits]: the bytes of the run to skip, then the bits of the next
   * byte that belong to earlier rows (Apache ORC's BitFieldReader.seek).
   */
  constructor(stream: ByteStream) {
    this.bytes = new ByteRleReader(stream);
    const bits = stream.runSkip[1] ?? 0;
    orcCheck(bits <= 8, () => `ORC: ${stream.name}: row-index position of bit ${bits} in a byte`);
    if (bits > 0) {
      this.current = this.bytes.next();
      this.bitsLeft = 8 - bits;
    }
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
