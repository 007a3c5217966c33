/**
 * Integer run-length encoding version 2 (ORCv1.md "Integer Run Length Encoding, version 2"). Each run
 * starts with a header whose top two bits pick the sub-encoding: SHORT_REPEAT (0), DIRECT (1),
 * PATCHED_BASE (2) or DELTA (3). A run is decoded whole (at most 512 values) into a buffer that the
 * reads then drain, since runs do not line up with the caller's batches.
 *
 * Runs decode in number arithmetic when their bit widths keep every value within 2^53 (the fast path,
 * integer-rle-v2-numbers.ts) and in BigInt otherwise (integer-rle-v2-bigint.ts); either buffer can be
 * drained as numbers or as bigints.
 */
import type { ByteStream } from './byte-stream.js';
import type { IntegerReader } from './integer-rle.js';
import { bigintRun } from './integer-rle-v2-bigint.js';
import { numberRun, UNSAFE } from './integer-rle-v2-numbers.js';

export { closestFixedBits, decodeBitWidth } from './integer-rle-v2-widths.js';

const MAX_RUN = 512;

export class IntegerRleV2Reader implements IntegerReader {
  private readonly numbers = new Float64Array(MAX_RUN);
  private bigints: BigInt64Array | undefined;
  /** Whether the current run is in `bigints` rather than `numbers`. */
  private big = false;
  private runLength = 0;
  private runPos = 0;

  constructor(
    private readonly stream: ByteStream,
    private readonly signed: boolean,
  ) {}

  read(out: BigInt64Array, offset: number, count: number): void {
    let done = 0;
    while (done < count) {
      if (this.runPos === this.runLength) this.readRun();
      const n = Math.min(count - done, this.runLength - this.runPos);
      if (this.big) {
        out.set(this.bigints!.subarray(this.runPos, this.runPos + n), offset + done);
      } else {
        const src = this.numbers;
        for (let i = 0; i < n; i++) out[offset + done + i] = BigInt(src[this.runPos + i]!);
      }
      this.runPos += n;
      done += n;
    }
  }

  readNumbers(out: Float64Array | Int32Array, offset: number, count: number): void {
    let done = 0;
    while (done < count) {
      if (this.runPos === this.runLength) this.readRun();
      const n = Math.min(count - done, this.runLength - this.runPos);
      if (this.big) {
        const src = this.bigints!;
        for (let i = 0; i < n; i++) out[offset + done + i] = Number(src[this.runPos + i]!);
      } else {
        out.set(this.numbers.subarray(this.runPos, this.runPos + n), offset + done);
      }
      this.runPos += n;
      done += n;
    }
  }

  skip(count: number): void {
    let done = 0;
    while (done < count) {
      if (this.runPos === this.runLength) this.readRun();
      const n = Math.min(count - done, this.runLength - this.runPos);
      this.runPos += n;
      done += n;
    }
  }

  private readRun(): void {
    const start = this.stream.pos;
    this.runPos = 0;
    const length = numberRun(this.stream, this.signed, this.numbers);
    if (length !== UNSAFE) {
      this.big = false;
      this.runLength = length;
      return;
    }
    this.stream.pos = start;
    this.bigints ??= new BigInt64Array(MAX_RUN);
    this.big = true;
    this.runLength = bigintRun(this.stream, this.signed, this.bigints);
  }
}
