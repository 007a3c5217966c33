/**
 * Column statistics (orc_proto.proto ColumnStatistics): gathered per row group for the row index, merged
 * into stripe statistics (the metadata section) and file statistics (the footer), and serialized field for
 * field as Apache ORC's Java ColumnStatisticsImpl does (checked against Java-written files in
 * java-layout.test.ts). Sums that overflow their type are left out, as Java's writer does.
 */
import type { OrcTypeKind } from '../orc-messages.js';
import { ProtoWriter } from './protobuf-writer.js';
import type { WriteColumn } from './write-type.js';

export type StatisticsKind =
  | 'integer'
  | 'double'
  | 'string'
  | 'boolean'
  | 'decimal'
  | 'date'
  | 'timestamp'
  | 'binary'
  | 'collection'
  | 'none';

export function statisticsKind(kind: OrcTypeKind): StatisticsKind {
  switch (kind) {
    case 'tinyint':
    case 'smallint':
    case 'int':
    case 'bigint':
      return 'integer';
    case 'float':
    case 'double':
      return 'double';
    case 'string':
    case 'char':
    case 'varchar':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'decimal':
      return 'decimal';
    case 'date':
      return 'date';
    case 'timestamp':
    case 'timestamp with local time zone':
      return 'timestamp';
    case 'binary':
      return 'binary';
    case 'array':
    case 'map':
      return 'collection';
    case 'struct':
    case 'uniontype':
      return 'none';
    default:
      return kind satisfies never;
  }
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const DECIMAL_MAX = 10n ** 38n;
/**
 * Java keeps the statistics of a decimal of precision <= 18 as unscaled longs (Decimal64StatisticsImpl),
 * whose sum is dropped once it leaves +-(10^18 - 1) (TypeDescription.MAX_DECIMAL64).
 */
const DECIMAL64_MAX_PRECISION = 18;
const DECIMAL64_LIMIT = 10n ** 18n;
/** Longer string bounds are truncated into lowerBound/upperBound (StringStatisticsImpl.MAX_BYTES_RECORDED). */
export const MAX_STRING_BYTES_RECORDED = 1024;

/** UTF-8 byte order, as Java compares Text (and Spark compares strings). */
function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

export class ColumnStatistics {
  numberOfValues = 0;
  hasNull = false;
  /**
   * The compressed bytes of the column's data streams (not its index), which Java (ORC 1.6+) records in
   * stripe and file statistics (ColumnStatistics.bytesOnDisk = 11); set by the file writer per stripe.
   */
  bytesOnDisk = 0;
  private min: bigint | number | Uint8Array | undefined;
  private max: bigint | number | Uint8Array | undefined;
  /** undefined once the sum overflowed. */
  private sum: bigint | number | undefined;
  private trueCount = 0;
  private minChildren = Number.POSITIVE_INFINITY;
  private maxChildren = 0;
  private totalChildren = 0;

  /** The bound the sum must stay strictly within (exclusive), for integer-valued sums. */
  private readonly sumLimit: bigint;

  constructor(
    readonly kind: StatisticsKind,
    /** Decimal scale, for the decimal statistics' strings. */
    private readonly scale = 0,
    /** Decimal precision, which decides the sum's range as in Java (see DECIMAL64_LIMIT). */
    precision = 38,
  ) {
    this.sum = kind === 'double' ? 0 : 0n;
    this.sumLimit =
      kind === 'integer'
        ? INT64_MAX + 1n
        : kind === 'decimal' && precision <= DECIMAL64_MAX_PRECISION
          ? DECIMAL64_LIMIT
          : DECIMAL_MAX;
  }

  private sumFits(s: bigint): boolean {
    if (this.kind === 'integer') return s >= INT64_MIN && s <= INT64_MAX;
    if (this.kind === 'decimal') return -this.sumLimit < s && s < this.sumLimit;
    return true;
  }

  addNull(): void {
    this.hasNull = true;
  }

  /** integer, date, decimal (unscaled), timestamp (microseconds). */
  addBigint(v: bigint): void {
    this.numberOfValues++;
    if (this.min === undefined || v < (this.min as bigint)) this.min = v;
    if (this.max === undefined || v > (this.max as bigint)) this.max = v;
    if (this.sum !== undefined && (this.kind === 'integer' || this.kind === 'decimal')) {
      const s = (this.sum as bigint) + v;
      this.sum = this.sumFits(s) ? s : undefined;
    }
  }

  /**
   * addBigint for each of the integers `values[start..end)` (integer and date kinds), without a bigint a
   * value: the bounds are found as numbers and the sum is kept exact in safe-integer chunks. When the sum
   * could come near int64's range, the values go one at a time so an overflow is seen where it happens.
   */
  addIntegerNumbers(values: ArrayLike<number>, start: number, end: number): void {
    const n = end - start;
    if (n <= 0) return;
    let min = values[start]!;
    let max = min;
    for (let i = start + 1; i < end; i++) {
      const v = values[i]!;
      if (v < min) min = v;
      else if (v > max) max = v;
    }
    const sumKept = this.sum !== undefined && (this.kind === 'integer' || this.kind === 'decimal');
    if (sumKept) {
      const bound = Math.abs(Number(this.sum as bigint)) + Math.max(-min, max) * n;
      if (!(bound < 2 ** 62)) {
        for (let i = start; i < end; i++) this.addBigint(BigInt(values[i]!));
        return;
      }
      let total = 0n;
      let acc = 0;
      for (let i = start; i < end; i++) {
        const v = values[i]!;
        const next = acc + v;
        if (Number.isSafeInteger(next)) acc = next;
        else {
          total += BigInt(acc) + BigInt(v);
          acc = 0;
        }
      }
      this.sum = (this.sum as bigint) + total + BigInt(acc);
    }
    this.numberOfValues += n;
    const lo = BigInt(min);
    const hi = BigInt(max);
    if (this.min === undefined || lo < (this.min as bigint)) this.min = lo;
    if (this.max === undefined || hi > (this.max as bigint)) this.max = hi;
  }

  /**
   * addBytes for `count` string values of `totalLength` bytes in all, whose distinct values are
   * `distinct` (the bounds depend only on which values occur).
   */
  addBytesSummary(count: number, totalLength: number, distinct: readonly Uint8Array[]): void {
    this.numberOfValues += count;
    this.sum = (this.sum as bigint) + BigInt(totalLength);
    if (this.kind !== 'string') return;
    for (const v of distinct) {
      if (this.min === undefined || compareBytes(v, this.min as Uint8Array) < 0) this.min = v;
      if (this.max === undefined || compareBytes(v, this.max as Uint8Array) > 0) this.max = v;
    }
  }

  addDouble(v: number): void {
    this.numberOfValues++;
    // NaN never becomes a bound (it compares false with everything) but does poison the sum.
    if (!Number.isNaN(v)) {
      if (this.min === undefined || v < (this.min as number)) this.min = v;
      if (this.max === undefined || v > (this.max as number)) this.max = v;
    }
    this.sum = (this.sum as number) + v;
  }

  /** string (UTF-8 bytes) and binary (only the total length). */
  addBytes(v: Uint8Array): void {
    this.numberOfValues++;
    this.sum = (this.sum as bigint) + BigInt(v.length);
    if (this.kind !== 'string') return;
    if (this.min === undefined || compareBytes(v, this.min as Uint8Array) < 0) this.min = v;
    if (this.max === undefined || compareBytes(v, this.max as Uint8Array) > 0) this.max = v;
  }

  addBoolean(v: boolean): void {
    this.numberOfValues++;
    if (v) this.trueCount++;
  }

  addChildren(n: number): void {
    this.numberOfValues++;
    this.minChildren = Math.min(this.minChildren, n);
    this.maxChildren = Math.max(this.maxChildren, n);
    this.totalChildren += n;
  }

  addPresent(): void {
    this.numberOfValues++;
  }

  merge(o: ColumnStatistics): void {
    this.numberOfValues += o.numberOfValues;
    this.hasNull ||= o.hasNull;
    this.bytesOnDisk += o.bytesOnDisk;
    this.trueCount += o.trueCount;
    this.minChildren = Math.min(this.minChildren, o.minChildren);
    this.maxChildren = Math.max(this.maxChildren, o.maxChildren);
    this.totalChildren += o.totalChildren;
    if (o.min !== undefined && (this.min === undefined || less(o.min, this.min))) this.min = o.min;
    if (o.max !== undefined && (this.max === undefined || less(this.max, o.max))) this.max = o.max;
    if (this.sum === undefined || o.sum === undefined) this.sum = undefined;
    else if (typeof this.sum === 'number') this.sum += o.sum as number;
    else {
      const s = this.sum + (o.sum as bigint);
      this.sum = this.sumFits(s) ? s : undefined;
    }
  }

  encode(): ProtoWriter {
    const w = new ProtoWriter().uint64(1, this.numberOfValues);
    const has = this.min !== undefined && this.max !== undefined;
    switch (this.kind) {
      case 'integer': {
        const m = new ProtoWriter();
        if (has) m.sint64(1, this.min as bigint).sint64(2, this.max as bigint);
        if (this.sum !== undefined) m.sint64(3, this.sum as bigint);
        w.message(2, m);
        break;
      }
      case 'double': {
        const m = new ProtoWriter();
        if (has) m.double(1, this.min as number).double(2, this.max as number);
        m.double(3, this.sum as number);
        w.message(3, m);
        break;
      }
      case 'string': {
        // Java leaves the message empty without values; bounds longer than 1024 bytes go truncated into
        // lowerBound 4 / upperBound 5 instead of minimum 1 / maximum 2 (ORC-203).
        const m = new ProtoWriter();
        if (this.numberOfValues > 0 && has) {
          const min = this.min as Uint8Array;
          const max = this.max as Uint8Array;
          const minLong = min.length > MAX_STRING_BYTES_RECORDED;
          const maxLong = max.length > MAX_STRING_BYTES_RECORDED;
          if (!minLong) m.bytes(1, min);
          if (!maxLong) m.bytes(2, max);
          m.sint64(3, this.sum as bigint);
          if (minLong) m.bytes(4, truncateLowerBound(min));
          if (maxLong) m.bytes(5, truncateUpperBound(max));
        }
        w.message(4, m);
        break;
      }
      case 'boolean':
        w.message(5, new ProtoWriter().packedUint64(1, [this.trueCount]));
        break;
      case 'decimal': {
        const m = new ProtoWriter();
        if (has)
          m.string(1, decimalText(this.min as bigint, this.scale)).string(
            2,
            decimalText(this.max as bigint, this.scale),
          );
        if (this.sum !== undefined) m.string(3, decimalText(this.sum as bigint, this.scale));
        w.message(6, m);
        break;
      }
      case 'date': {
        const m = new ProtoWriter();
        if (has) m.sint64(1, this.min as bigint).sint64(2, this.max as bigint);
        w.message(7, m);
        break;
      }
      case 'binary':
        w.message(8, new ProtoWriter().sint64(1, this.sum as bigint));
        break;
      case 'timestamp': {
        // Milliseconds since the epoch in UTC (minimumUtc 3 / maximumUtc 4, ORC-135), with the
        // sub-millisecond nanoseconds plus one in minimumNanos 5 / maximumNanos 6 (ORC-611).
        // As Java, the nanos are left out at their defaults (0 for the minimum, 999,999 for the maximum).
        const m = new ProtoWriter();
        if (this.numberOfValues > 0 && has) {
          const [minMs, minNs] = splitMicros(this.min as bigint);
          const [maxMs, maxNs] = splitMicros(this.max as bigint);
          m.sint64(3, minMs).sint64(4, maxMs);
          if (minNs !== 0) m.uint64(5, minNs + 1);
          if (maxNs !== 999_999) m.uint64(6, maxNs + 1);
        }
        w.message(9, m);
        break;
      }
      case 'collection':
      case 'none':
        break;
      default:
        this.kind satisfies never;
    }
    w.bool(10, this.hasNull);
    if (this.bytesOnDisk !== 0) w.uint64(11, this.bytesOnDisk);
    if (this.kind === 'collection') {
      // CollectionStatistics (ColumnStatistics.collectionStatistics = 12); as Java, totalChildren only
      // when not 0.
      const m = new ProtoWriter();
      if (this.numberOfValues > 0) m.uint64(1, this.minChildren).uint64(2, this.maxChildren);
      if (this.totalChildren !== 0) m.uint64(3, this.totalChildren);
      w.message(12, m);
    }
    return w;
  }

  /** For tests: the bounds as gathered. */
  get bounds(): { min: unknown; max: unknown; sum: unknown } {
    return { min: this.min, max: this.max, sum: this.sum };
  }
}

/** Empty statistics for a column of the schema. */
export function newColumnStatistics(c: WriteColumn): ColumnStatistics {
  const s = c.schema;
  return s.kind === 'decimal'
    ? new ColumnStatistics('decimal', s.scale, s.precision)
    : new ColumnStatistics(statisticsKind(s.kind));
}

function less(a: bigint | number | Uint8Array, b: bigint | number | Uint8Array): boolean {
  if (a instanceof Uint8Array) return compareBytes(a, b as Uint8Array) < 0;
  return a < (b as typeof a);
}

/** The first bytes of `v`, at most 1024, cut before the character holding byte 1024 (Java's truncateLowerBound). */
export function truncateLowerBound(v: Uint8Array): Uint8Array {
  return v.subarray(0, characterStart(v, MAX_STRING_BYTES_RECORDED));
}

/**
 * The bytes before the last whole character that starts within the first 1024 bytes, followed by that
 * character's code point plus one (Java's truncateUpperBound): a string greater than every value with
 * that prefix. Java encodes the code point with thresholds that are off by one at U+007F and U+FFFF; here
 * it is encoded as proper UTF-8.
 */
export function truncateUpperBound(v: Uint8Array): Uint8Array {
  const following = characterStart(v, MAX_STRING_BYTES_RECORDED);
  const last = characterStart(v, following - 1);
  const cp = new TextDecoder().decode(v.subarray(last, following)).codePointAt(0) ?? 0;
  const next = encodeCodePoint(cp + 1);
  const out = new Uint8Array(last + next.length);
  out.set(v.subarray(0, last));
  out.set(next, last);
  return out;
}

/** The start of the UTF-8 character holding byte `at` (Utf8Utils.findLastCharacter). */
function characterStart(v: Uint8Array, at: number): number {
  let p = at;
  while (p > 0 && (v[p]! & 0xc0) === 0x80) p--;
  return p;
}

function encodeCodePoint(cp: number): Uint8Array {
  if (cp < 0x80) return Uint8Array.of(cp);
  if (cp < 0x800) return Uint8Array.of(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
  if (cp < 0x10000) return Uint8Array.of(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
  return Uint8Array.of(
    0xf0 | (cp >> 18),
    0x80 | ((cp >> 12) & 0x3f),
    0x80 | ((cp >> 6) & 0x3f),
    0x80 | (cp & 0x3f),
  );
}

function splitMicros(micros: bigint): [bigint, number] {
  const ms = micros >= 0n ? micros / 1000n : -((-micros + 999n) / 1000n);
  return [ms, Number(micros - ms * 1000n) * 1000];
}

/** HiveDecimal's text: the unscaled value at `scale`, trailing fraction zeros dropped. */
export function decimalText(unscaled: bigint, scale: number): string {
  const negative = unscaled < 0n;
  const digits = (negative ? -unscaled : unscaled).toString().padStart(scale + 1, '0');
  let int = digits.slice(0, digits.length - scale);
  let frac = scale > 0 ? digits.slice(digits.length - scale) : '';
  frac = frac.replace(/0+$/, '');
  if (int === '') int = '0';
  const text = frac === '' ? int : `${int}.${frac}`;
  return negative && text !== '0' ? `-${text}` : text;
}
