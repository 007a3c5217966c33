/**
 * Writers for the fixed-width types (ORCv1.md "Column Encodings"): boolean (boolean RLE), tinyint (byte
 * RLE), smallint/int/bigint/date (signed integer RLE v2), float and double (IEEE 754 little endian), and
 * decimal (unbounded zigzag varints in DATA, the scale of each in SECONDARY).
 */
import type { Value } from '../../../types/value.js';
import { BooleanRleWriter, ByteRleWriter } from './byte-rle-writer.js';
import type { ColumnStatistics } from './column-statistics.js';
import { ColumnWriter, type Segment } from './column-writer.js';
import { writeIntegersV2Numbers } from './integer-rle-v2-numbers-writer.js';
import { writeIntegersV2 } from './integer-rle-v2-writer.js';
import { type ColumnEncodingOut, OutStream, type PositionPart } from './out-stream.js';
import { writerError } from './writer-error.js';

const DIRECT: ColumnEncodingOut = { kind: 0 };
const DIRECT_V2: ColumnEncodingOut = { kind: 2 };

export function toBigint(v: Value, what: string): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
  throw writerError(`${what} value ${String(v)} is not an integer`);
}

export class BooleanWriter extends ColumnWriter {
  private data: boolean[] = [];
  private stream!: OutStream;
  private bits!: BooleanRleWriter;

  protected addValue(v: Value): void {
    this.data.push(v === true);
  }
  protected createStreams(): OutStream[] {
    this.stream = new OutStream(this.column.id, 'DATA');
    this.bits = new BooleanRleWriter(this.stream.buf);
    return [this.stream];
  }
  protected writeSegment(seg: Segment, positions: PositionPart[], stats: ColumnStatistics): void {
    const [run, bits] = this.bits.position();
    positions.push(this.stream.here(), run, bits);
    for (let i = seg.valueStart; i < seg.valueEnd; i++) {
      this.bits.write(this.data[i]!);
      stats.addBoolean(this.data[i]!);
    }
  }
  protected finishStreams(): ColumnEncodingOut {
    this.bits.flush();
    return DIRECT;
  }
  protected reset(): void {
    this.data = [];
  }
}

export class ByteWriter extends ColumnWriter {
  private data: number[] = [];
  private stream!: OutStream;
  private rle!: ByteRleWriter;

  protected addValue(v: Value): void {
    this.data.push(Number(toBigint(v, 'tinyint')));
  }
  protected createStreams(): OutStream[] {
    this.stream = new OutStream(this.column.id, 'DATA');
    this.rle = new ByteRleWriter(this.stream.buf);
    return [this.stream];
  }
  protected writeSegment(seg: Segment, positions: PositionPart[], stats: ColumnStatistics): void {
    this.rle.flush();
    positions.push(this.stream.here(), 0);
    for (let i = seg.valueStart; i < seg.valueEnd; i++) this.rle.write(this.data[i]!);
    stats.addIntegerNumbers(this.data, seg.valueStart, seg.valueEnd);
  }
  protected finishStreams(): ColumnEncodingOut {
    this.rle.flush();
    return DIRECT;
  }
  protected reset(): void {
    this.data = [];
  }
}

/** smallint, int, bigint and date (days since 1970-01-01). */
export class IntegerWriter extends ColumnWriter {
  /** The stripe's values while they are all safe integers (the usual case), else undefined. */
  private numbers: number[] | undefined = [];
  /** The stripe's values once one of them was not a safe integer. */
  private bigints: bigint[] = [];
  private stream!: OutStream;

  protected addValue(v: Value): void {
    const numbers = this.numbers;
    if (numbers !== undefined) {
      if (typeof v === 'number' && Number.isSafeInteger(v)) {
        numbers.push(v === 0 ? 0 : v);
        return;
      }
      if (typeof v === 'bigint') {
        // Exact: a bigint beyond 2^53 - 1 in magnitude converts to a number that is not a safe integer.
        const n = Number(v);
        if (Number.isSafeInteger(n)) {
          numbers.push(n);
          return;
        }
      }
      const b = toBigint(v, this.column.schema.kind);
      this.bigints = numbers.map((n) => BigInt(n));
      this.numbers = undefined;
      this.bigints.push(b);
      return;
    }
    this.bigints.push(toBigint(v, this.column.schema.kind));
  }
  protected createStreams(): OutStream[] {
    this.stream = new OutStream(this.column.id, 'DATA');
    return [this.stream];
  }
  protected writeSegment(seg: Segment, positions: PositionPart[], stats: ColumnStatistics): void {
    positions.push(this.stream.here(), 0);
    const numbers = this.numbers;
    if (numbers !== undefined) {
      writeIntegersV2Numbers(this.stream.buf, numbers, true, seg.valueStart, seg.valueEnd);
      stats.addIntegerNumbers(numbers, seg.valueStart, seg.valueEnd);
      return;
    }
    writeIntegersV2(this.stream.buf, this.bigints, true, seg.valueStart, seg.valueEnd);
    for (let i = seg.valueStart; i < seg.valueEnd; i++) stats.addBigint(this.bigints[i]!);
  }
  protected finishStreams(): ColumnEncodingOut {
    return DIRECT_V2;
  }
  protected reset(): void {
    this.numbers = [];
    this.bigints = [];
  }
}

export class FloatingWriter extends ColumnWriter {
  private data: number[] = [];
  private stream!: OutStream;

  protected addValue(v: Value): void {
    if (typeof v !== 'number')
      throw writerError(`${this.column.schema.kind} value ${String(v)} is not a number`);
    // A float column's statistics are of the stored (rounded) value, as Java widens the float it wrote.
    this.data.push(this.column.schema.kind === 'float' ? Math.fround(v) : v);
  }
  protected createStreams(): OutStream[] {
    this.stream = new OutStream(this.column.id, 'DATA');
    return [this.stream];
  }
  protected writeSegment(seg: Segment, positions: PositionPart[], stats: ColumnStatistics): void {
    positions.push(this.stream.here());
    const float = this.column.schema.kind === 'float';
    const buf = this.stream.buf;
    for (let i = seg.valueStart; i < seg.valueEnd; i++) {
      const v = this.data[i]!;
      if (float) buf.float32(v);
      else buf.float64(v);
      stats.addDouble(v);
    }
  }
  protected finishStreams(): ColumnEncodingOut {
    return DIRECT;
  }
  protected reset(): void {
    this.data = [];
  }
}

/** Decimals: the unscaled value (ScalarValue's bigint) at the column's declared scale. */
export class DecimalWriter extends ColumnWriter {
  private data: bigint[] = [];
  private dataStream!: OutStream;
  private scaleStream!: OutStream;

  protected addValue(v: Value): void {
    this.data.push(toBigint(v, 'decimal'));
  }
  protected createStreams(): OutStream[] {
    this.dataStream = new OutStream(this.column.id, 'DATA');
    this.scaleStream = new OutStream(this.column.id, 'SECONDARY');
    return [this.dataStream, this.scaleStream];
  }
  protected writeSegment(seg: Segment, positions: PositionPart[], stats: ColumnStatistics): void {
    positions.push(this.dataStream.here(), this.scaleStream.here(), 0);
    const s = this.column.schema;
    const scale = s.kind === 'decimal' ? s.scale : 0;
    const scales: number[] = [];
    for (let i = seg.valueStart; i < seg.valueEnd; i++) {
      this.dataStream.buf.svarint(this.data[i]!);
      scales.push(scale);
      stats.addBigint(this.data[i]!);
    }
    writeIntegersV2Numbers(this.scaleStream.buf, scales, true);
  }
  protected finishStreams(): ColumnEncodingOut {
    return DIRECT_V2;
  }
  protected reset(): void {
    this.data = [];
  }
}
