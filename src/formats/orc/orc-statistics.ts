/**
 * Column statistics (orc_proto.proto ColumnStatistics; ORCv1.md "Column Statistics"), as the footer keeps
 * them for the whole file (Footer.statistics = 7), the metadata section per stripe (Metadata.stripeStats
 * = 1, StripeStatistics.colStats = 1) and each ROW_INDEX stream per row group (RowIndex.entry = 1,
 * RowIndexEntry.positions = 1, .statistics = 2). One entry per column id, column 0 being the root.
 */
import type { ProtoReader } from './protobuf.js';

/** The type-specific part, tagged by which statistics message the writer filled in. */
export type OrcTypeStatistics =
  | { readonly kind: 'none' }
  /** tinyint, smallint, int, bigint (IntegerStatistics: sint64 minimum 1, maximum 2, sum 3). */
  | { readonly kind: 'integer'; readonly minimum?: bigint; readonly maximum?: bigint; readonly sum?: bigint }
  /** float, double (DoubleStatistics: double minimum 1, maximum 2, sum 3). */
  | { readonly kind: 'double'; readonly minimum?: number; readonly maximum?: number; readonly sum?: number }
  /**
   * string, char, varchar (StringStatistics: minimum 1, maximum 2, sum 3 = total length, lowerBound 4 and
   * upperBound 5, which ORC 1.6+ writes instead of minimum/maximum when those would exceed 1024 bytes).
   */
  | {
      readonly kind: 'string';
      readonly minimum?: string;
      readonly maximum?: string;
      readonly sum?: bigint;
      readonly lowerBound?: string;
      readonly upperBound?: string;
    }
  /** boolean (BucketStatistics.count = 1: the number of true values). */
  | { readonly kind: 'bucket'; readonly trueCount?: number }
  /** decimal (DecimalStatistics: decimal text minimum 1, maximum 2, sum 3). */
  | { readonly kind: 'decimal'; readonly minimum?: string; readonly maximum?: string; readonly sum?: string }
  /** date (DateStatistics: sint32 days minimum 1, maximum 2). */
  | { readonly kind: 'date'; readonly minimum?: number; readonly maximum?: number }
  /** binary (BinaryStatistics.sum = 1: total length). */
  | { readonly kind: 'binary'; readonly sum?: bigint }
  /**
   * timestamp (TimestampStatistics: milliseconds minimum 1 / maximum 2 in the writer's zone, minimumUtc 3
   * / maximumUtc 4, and the sub-millisecond nanos 5 / 6 that ORC 1.6+ adds).
   */
  | {
      readonly kind: 'timestamp';
      readonly minimum?: bigint;
      readonly maximum?: bigint;
      readonly minimumUtc?: bigint;
      readonly maximumUtc?: bigint;
    }
  /** list, map (CollectionStatistics: minChildren 1, maxChildren 2, totalChildren 3). */
  | {
      readonly kind: 'collection';
      readonly minChildren?: number;
      readonly maxChildren?: number;
      readonly totalChildren?: number;
    };

export interface OrcColumnStatistics {
  /** Non-null values counted (ColumnStatistics.numberOfValues = 1). */
  readonly numberOfValues: number;
  /** hasNull = 10; undefined in files written before the field existed, which says nothing. */
  readonly hasNull: boolean | undefined;
  readonly stats: OrcTypeStatistics;
}

export function decodeColumnStatistics(r: ProtoReader): OrcColumnStatistics {
  let numberOfValues = 0;
  let hasNull: boolean | undefined;
  let stats: OrcTypeStatistics = { kind: 'none' };
  eachField(r, (n) => {
    switch (n) {
      case 1:
        numberOfValues = r.uint64();
        return true;
      case 2:
        stats = integerStatistics(r.message());
        return true;
      case 3:
        stats = doubleStatistics(r.message());
        return true;
      case 4:
        stats = stringStatistics(r.message());
        return true;
      case 5:
        stats = bucketStatistics(r.message());
        return true;
      case 6:
        stats = decimalStatistics(r.message());
        return true;
      case 7:
        stats = dateStatistics(r.message());
        return true;
      case 8:
        stats = binaryStatistics(r.message());
        return true;
      case 9:
        stats = timestampStatistics(r.message());
        return true;
      case 10:
        hasNull = r.bool();
        return true;
      case 12:
        stats = collectionStatistics(r.message());
        return true;
      default:
        return false;
    }
  });
  return { numberOfValues, hasNull, stats };
}

/** Calls `read` for each field; fields it does not consume (returns false for) are skipped. */
export function eachField(r: ProtoReader, read: (fieldNumber: number, wireType: number) => boolean): void {
  while (!r.done) {
    const f = r.nextField();
    if (!read(f.fieldNumber, f.wireType)) r.skip(f.wireType);
  }
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Of<K extends OrcTypeStatistics['kind']> = Mutable<Extract<OrcTypeStatistics, { kind: K }>>;

function integerStatistics(r: ProtoReader): Of<'integer'> {
  const s: Of<'integer'> = { kind: 'integer' };
  eachField(r, (n) => {
    if (n === 1) s.minimum = r.sint64();
    else if (n === 2) s.maximum = r.sint64();
    else if (n === 3) s.sum = r.sint64();
    else return false;
    return true;
  });
  return s;
}

function doubleStatistics(r: ProtoReader): Of<'double'> {
  const s: Of<'double'> = { kind: 'double' };
  eachField(r, (n) => {
    if (n === 1) s.minimum = r.double();
    else if (n === 2) s.maximum = r.double();
    else if (n === 3) s.sum = r.double();
    else return false;
    return true;
  });
  return s;
}

function stringStatistics(r: ProtoReader): Of<'string'> {
  const s: Of<'string'> = { kind: 'string' };
  eachField(r, (n) => {
    if (n === 1) s.minimum = r.string();
    else if (n === 2) s.maximum = r.string();
    else if (n === 3) s.sum = r.sint64();
    else if (n === 4) s.lowerBound = r.string();
    else if (n === 5) s.upperBound = r.string();
    else return false;
    return true;
  });
  return s;
}

function bucketStatistics(r: ProtoReader): Of<'bucket'> {
  const counts: number[] = [];
  eachField(r, (n, wire) => {
    if (n !== 1) return false;
    r.packedUint64(wire, counts);
    return true;
  });
  return counts[0] === undefined ? { kind: 'bucket' } : { kind: 'bucket', trueCount: counts[0] };
}

function decimalStatistics(r: ProtoReader): Of<'decimal'> {
  const s: Of<'decimal'> = { kind: 'decimal' };
  eachField(r, (n) => {
    if (n === 1) s.minimum = r.string();
    else if (n === 2) s.maximum = r.string();
    else if (n === 3) s.sum = r.string();
    else return false;
    return true;
  });
  return s;
}

function dateStatistics(r: ProtoReader): Of<'date'> {
  const s: Of<'date'> = { kind: 'date' };
  eachField(r, (n) => {
    if (n === 1) s.minimum = Number(r.sint64());
    else if (n === 2) s.maximum = Number(r.sint64());
    else return false;
    return true;
  });
  return s;
}

function binaryStatistics(r: ProtoReader): Of<'binary'> {
  const s: Of<'binary'> = { kind: 'binary' };
  eachField(r, (n) => {
    if (n !== 1) return false;
    s.sum = r.sint64();
    return true;
  });
  return s;
}

function timestampStatistics(r: ProtoReader): Of<'timestamp'> {
  const s: Of<'timestamp'> = { kind: 'timestamp' };
  eachField(r, (n) => {
    if (n === 1) s.minimum = r.sint64();
    else if (n === 2) s.maximum = r.sint64();
    else if (n === 3) s.minimumUtc = r.sint64();
    else if (n === 4) s.maximumUtc = r.sint64();
    else return false;
    return true;
  });
  return s;
}

function collectionStatistics(r: ProtoReader): Of<'collection'> {
  const s: Of<'collection'> = { kind: 'collection' };
  eachField(r, (n) => {
    if (n === 1) s.minChildren = r.uint64();
    else if (n === 2) s.maxChildren = r.uint64();
    else if (n === 3) s.totalChildren = r.uint64();
    else return false;
    return true;
  });
  return s;
}

/** Metadata.stripeStats = 1, each a StripeStatistics whose colStats = 1. */
export function decodeMetadata(r: ProtoReader): OrcColumnStatistics[][] {
  const stripes: OrcColumnStatistics[][] = [];
  eachField(r, (n) => {
    if (n !== 1) return false;
    const columns: OrcColumnStatistics[] = [];
    const m = r.message();
    eachField(m, (k) => {
      if (k !== 1) return false;
      columns.push(decodeColumnStatistics(m.message()));
      return true;
    });
    stripes.push(columns);
    return true;
  });
  return stripes;
}

/** One row group's entry of a ROW_INDEX stream. */
export interface OrcRowIndexEntry {
  /** Where the row group starts in each of the column's streams (ORCv1.md "Row Group Index"). */
  readonly positions: readonly number[];
  readonly statistics: OrcColumnStatistics | undefined;
}

/** RowIndex.entry = 1; RowIndexEntry.positions = 1 (packed uint64), statistics = 2. */
export function decodeRowIndex(r: ProtoReader): OrcRowIndexEntry[] {
  const entries: OrcRowIndexEntry[] = [];
  eachField(r, (n) => {
    if (n !== 1) return false;
    const e = r.message();
    const positions: number[] = [];
    let statistics: OrcColumnStatistics | undefined;
    eachField(e, (k, wire) => {
      if (k === 1) e.packedUint64(wire, positions);
      else if (k === 2) statistics = decodeColumnStatistics(e.message());
      else return false;
      return true;
    });
    entries.push({ positions, statistics });
    return true;
  });
  return entries;
}
