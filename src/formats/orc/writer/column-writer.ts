/**
 * The base of every column writer: a stripe's entries are buffered (a presence bit for each and the
 * non-null values densely), row-group boundaries are marked as the file writer passes each
 * rowIndexStride rows, and at the stripe's end the streams are encoded one row group at a time, each
 * group's encoders starting fresh so its row-index positions are exact (ORCv1.md "Row Index").
 */
import type { Value } from '../../../types/value.js';
import { BooleanRleWriter } from './byte-rle-writer.js';
import { type ColumnStatistics, newColumnStatistics } from './column-statistics.js';
import { type ColumnEncodingOut, OutStream, type PositionPart } from './out-stream.js';
import type { WriteColumn } from './write-type.js';

export interface RowGroupOut {
  readonly positions: PositionPart[];
  readonly statistics: ColumnStatistics;
}

export interface ColumnStripeOut {
  readonly column: number;
  readonly streams: readonly OutStream[];
  readonly encoding: ColumnEncodingOut;
  readonly rowGroups: readonly RowGroupOut[];
  readonly statistics: ColumnStatistics;
}

/** A range of a stripe's entries (all rows, nulls too) and of its dense non-null values. */
export interface Segment {
  readonly entryStart: number;
  readonly entryEnd: number;
  readonly valueStart: number;
  readonly valueEnd: number;
}

export abstract class ColumnWriter {
  private present: Uint8Array = new Uint8Array(1024);
  protected entries = 0;
  protected values = 0;
  private marks: [number, number][] = [];

  constructor(
    readonly column: WriteColumn,
    readonly children: readonly ColumnWriter[] = [],
  ) {}

  add(v: Value): void {
    if (this.entries === this.present.length) {
      const next = new Uint8Array(this.present.length * 2);
      next.set(this.present);
      this.present = next;
    }
    if (v === null) {
      this.present[this.entries++] = 0;
      return;
    }
    this.present[this.entries++] = 1;
    this.values++;
    this.addValue(v);
  }

  protected abstract addValue(v: Value): void;

  /** A row-group boundary: the current counts, here and in every descendant. */
  mark(): void {
    this.marks.push([this.entries, this.values]);
    for (const c of this.children) c.mark();
  }

  /** Encodes the stripe's streams (its own, then its children's) and resets for the next stripe. */
  finishStripe(into: ColumnStripeOut[]): void {
    const hasNull = this.values < this.entries;
    const presentStream = hasNull ? new OutStream(this.column.id, 'PRESENT') : undefined;
    const presentBits = presentStream === undefined ? undefined : new BooleanRleWriter(presentStream.buf);
    const rowGroups: RowGroupOut[] = [];
    const stripeStats = this.newStatistics();
    const marks = this.marks.length > 0 ? this.marks : [[0, 0] as [number, number]];
    const dataStreams = this.createStreams();
    for (let g = 0; g < marks.length; g++) {
      const [entryStart, valueStart] = marks[g]!;
      const [entryEnd, valueEnd] = marks[g + 1] ?? [this.entries, this.values];
      const positions: PositionPart[] = [];
      const statistics = this.newStatistics();
      if (presentBits !== undefined && presentStream !== undefined) {
        const [run, bits] = presentBits.position();
        positions.push(presentStream.here(), run, bits);
        for (let i = entryStart; i < entryEnd; i++) presentBits.write(this.present[i] === 1);
      }
      if (valueEnd - valueStart < entryEnd - entryStart) statistics.addNull();
      this.writeSegment({ entryStart, entryEnd, valueStart, valueEnd }, positions, statistics);
      rowGroups.push({ positions, statistics });
      stripeStats.merge(statistics);
    }
    presentBits?.flush();
    const encoding = this.finishStreams();
    const streams = presentStream === undefined ? dataStreams : [presentStream, ...dataStreams];
    into.push({ column: this.column.id, streams, encoding, rowGroups, statistics: stripeStats });
    this.present = new Uint8Array(1024);
    this.entries = 0;
    this.values = 0;
    this.marks = [];
    this.reset();
    for (const c of this.children) c.finishStripe(into);
  }

  protected newStatistics(): ColumnStatistics {
    return newColumnStatistics(this.column);
  }

  /** The data streams, in Stream.Kind order; decided once per stripe (e.g. dictionary or direct). */
  protected abstract createStreams(): OutStream[];
  /** Records the segment's positions (stream by stream), writes its values, gathers its statistics. */
  protected abstract writeSegment(seg: Segment, positions: PositionPart[], stats: ColumnStatistics): void;
  /** Flushes what spans segments (a dictionary) and gives the encoding. */
  protected abstract finishStreams(): ColumnEncodingOut;
  /** Drops the stripe's buffered values. */
  protected abstract reset(): void;
}
