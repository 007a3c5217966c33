/**
 * Timestamps (ORCv1.md "Timestamp Columns"): DATA holds signed seconds since 2015-01-01 00:00:00 in the
 * writer's time zone and SECONDARY the nanoseconds with trailing decimal zeros folded into the low three
 * bits. Values are Spark's microseconds since the epoch (UTC). As Java's TimestampTreeWriter, the seconds
 * are Java's milliseconds truncated toward zero (the fraction is always positive) and counted from the writer zone's local
 * 2015-01-01; `timestamp with local time zone` counts from 2015-01-01 UTC. Statistics hold what Java's
 * TimestampTreeWriter gives them (ORC-135, minimumUtc/maximumUtc): for `timestamp`, the wall clock in the
 * writer's zone read as if UTC (SerializationUtils.convertToUtc); for the instant type, the instant.
 */
import type { Value } from '../../../types/value.js';
import { ORC_EPOCH_UTC_SECONDS, zoneOffsetSeconds } from '../timezone.js';
import type { ColumnStatistics } from './column-statistics.js';
import { ColumnWriter, type Segment } from './column-writer.js';
import { writeIntegersV2 } from './integer-rle-v2-writer.js';
import { type ColumnEncodingOut, OutStream, type PositionPart } from './out-stream.js';
import { toBigint } from './primitive-writers.js';
import type { WriteColumn } from './write-type.js';

/** Nanoseconds as stored: trailing zeros (2..8 of them) counted in the low 3 bits. */
export function encodeNanos(nanos: number): number {
  if (nanos === 0) return 0;
  let zeros = 0;
  let n = nanos;
  while (n % 10 === 0 && zeros < 8) {
    n /= 10;
    zeros++;
  }
  if (zeros < 2) return nanos * 8;
  return n * 8 + (zeros - 1);
}

/** The zone's local 2015-01-01 00:00:00, in seconds since the epoch. */
export function orcEpochIn(zone: string): number {
  if (zone === 'UTC' || zone === 'GMT') return ORC_EPOCH_UTC_SECONDS;
  return ORC_EPOCH_UTC_SECONDS - zoneOffsetSeconds(zone, ORC_EPOCH_UTC_SECONDS);
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a < 0n && q * b !== a ? q - 1n : q;
}

export class TimestampWriter extends ColumnWriter {
  private data: bigint[] = [];
  private secondsStream!: OutStream;
  private nanosStream!: OutStream;
  private readonly epoch: bigint;
  /** The writer zone whose wall clock the statistics record; undefined when that is the instant itself. */
  private readonly statisticsZone: string | undefined;

  constructor(column: WriteColumn, writerZone: string) {
    super(column);
    const local = column.schema.kind === 'timestamp';
    this.epoch = BigInt(local ? orcEpochIn(writerZone) : ORC_EPOCH_UTC_SECONDS);
    this.statisticsZone = local && writerZone !== 'UTC' && writerZone !== 'GMT' ? writerZone : undefined;
  }

  /** The value the statistics record for `micros` (see the file comment). */
  private statisticsMicros(micros: bigint): bigint {
    const zone = this.statisticsZone;
    if (zone === undefined) return micros;
    const offset = zoneOffsetSeconds(zone, Number(floorDiv(micros, 1_000_000n)));
    return micros + BigInt(offset) * 1_000_000n;
  }

  protected addValue(v: Value): void {
    this.data.push(toBigint(v, 'timestamp'));
  }
  protected createStreams(): OutStream[] {
    this.secondsStream = new OutStream(this.column.id, 'DATA');
    this.nanosStream = new OutStream(this.column.id, 'SECONDARY');
    return [this.secondsStream, this.nanosStream];
  }
  protected writeSegment(seg: Segment, positions: PositionPart[], stats: ColumnStatistics): void {
    positions.push(this.secondsStream.here(), 0, this.nanosStream.here(), 0);
    const seconds: bigint[] = [];
    const nanos: bigint[] = [];
    for (let i = seg.valueStart; i < seg.valueEnd; i++) {
      const micros = this.data[i]!;
      // Java truncates its (floored) milliseconds toward zero: readers borrow a second back only when
      // the fraction is at least a millisecond, so a sub-millisecond fraction must keep floored seconds.
      const millis = floorDiv(micros, 1000n);
      const s = millis / 1000n;
      const fraction = micros - floorDiv(micros, 1_000_000n) * 1_000_000n;
      seconds.push(s - this.epoch);
      nanos.push(BigInt(encodeNanos(Number(fraction) * 1000)));
      stats.addBigint(this.statisticsMicros(micros));
    }
    writeIntegersV2(this.secondsStream.buf, seconds, true);
    writeIntegersV2(this.nanosStream.buf, nanos, false);
  }
  protected finishStreams(): ColumnEncodingOut {
    return { kind: 2 };
  }
  protected reset(): void {
    this.data = [];
  }
}
