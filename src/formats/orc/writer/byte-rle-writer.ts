/**
 * Byte run-length encoding and boolean encoding (ORCv1.md "Byte Run Length Encoding", "Boolean Run Length
 * Encoding"): runs of 3..130 equal bytes as `control = length - 3, value`, otherwise up to 128 literals
 * behind `control = -count`. `flush` ends the pending run so a row group starts on a fresh run, which makes
 * its row-index position just the stream offset (plus bits consumed for booleans).
 */
import type { ByteBuffer } from './byte-buffer.js';

const MIN_REPEAT = 3;
const MAX_REPEAT = 130;
const MAX_LITERALS = 128;

export class ByteRleWriter {
  private readonly literals = new Uint8Array(MAX_LITERALS);
  private count = 0;
  private repeatValue = 0;
  private repeatCount = 0;

  constructor(readonly out: ByteBuffer) {}

  write(b: number): void {
    const v = b & 0xff;
    if (this.repeatCount > 0) {
      if (v === this.repeatValue && this.repeatCount < MAX_REPEAT) {
        this.repeatCount++;
        return;
      }
      this.emitRepeat();
    }
    this.literals[this.count++] = v;
    // Three equal trailing literals become the start of a run.
    const n = this.count;
    if (n >= MIN_REPEAT && this.literals[n - 2] === v && this.literals[n - 3] === v) {
      this.count -= MIN_REPEAT;
      this.emitLiterals();
      this.repeatValue = v;
      this.repeatCount = MIN_REPEAT;
      return;
    }
    if (this.count === MAX_LITERALS) this.emitLiterals();
  }

  flush(): void {
    if (this.repeatCount > 0) this.emitRepeat();
    this.emitLiterals();
  }

  private emitRepeat(): void {
    this.out.byte(this.repeatCount - MIN_REPEAT);
    this.out.byte(this.repeatValue);
    this.repeatCount = 0;
  }

  private emitLiterals(): void {
    if (this.count === 0) return;
    this.out.byte(256 - this.count);
    for (let i = 0; i < this.count; i++) this.out.byte(this.literals[i]!);
    this.count = 0;
  }
}

/** Bits packed most significant first into bytes, which go through byte RLE. */
export class BooleanRleWriter {
  private readonly bytes: ByteRleWriter;
  private current = 0;
  private bits = 0;

  constructor(readonly out: ByteBuffer) {
    this.bytes = new ByteRleWriter(out);
  }

  write(bit: boolean): void {
    this.current = (this.current << 1) | (bit ? 1 : 0);
    if (++this.bits === 8) {
      this.bytes.write(this.current);
      this.current = 0;
      this.bits = 0;
    }
  }

  /**
   * Ends the byte run but keeps the partial byte: the row-index position is then (stream offset, 0 values
   * into the run, bits of the next byte already used), as Apache ORC's BitFieldWriter.getPosition records.
   */
  position(): [number, number] {
    this.bytes.flush();
    return [0, this.bits];
  }

  flush(): void {
    if (this.bits > 0) {
      this.bytes.write(this.current << (8 - this.bits));
      this.current = 0;
      this.bits = 0;
    }
    this.bytes.flush();
  }
}
