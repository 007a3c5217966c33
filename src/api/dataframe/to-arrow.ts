/**
 * DataFrame.toArrow(): the result as an apache-arrow Table, with Spark's Arrow type mapping (as PySpark's
 * toArrow): integers, floats, strings and binary as themselves, decimal(p,s) as Decimal128, date as Date32,
 * timestamp as Timestamp(µs, UTC), timestamp_ntz as Timestamp(µs), day-time intervals as Duration(µs), arrays,
 * structs and maps as List, Struct and Map. Fixed-width columns are built from typed arrays directly, so
 * 64-bit values and microseconds stay exact.
 */
import {
  type DataType as ArrowType,
  Binary,
  Bool,
  DateDay,
  Decimal,
  Duration,
  Field,
  Float32,
  Float64,
  Int8,
  Int16,
  Int32,
  Int64,
  List,
  Map_,
  makeData,
  makeVector,
  Struct,
  Table,
  TimestampMicrosecond,
  TimeUnit,
  Utf8,
  type Vector,
  vectorFromArray,
} from 'apache-arrow';
import { LakesqlError } from '../../errors/index.js';
import type { QueryResult } from '../../exec/query/run-query.js';
import type { DataType } from '../../types/data-types.js';
import { taggedValue, type Value } from '../../types/value.js';

export function resultToArrow(result: QueryResult): Table {
  const columns: Record<string, Vector> = {};
  result.columns.forEach((c, i) => {
    columns[uniqueName(columns, c.name)] = vectorOf(
      c.type,
      result.rows.map((r) => r[i] ?? null),
    );
  });
  return new Table(columns);
}

function uniqueName(existing: Record<string, unknown>, name: string): string {
  let n = name;
  for (let k = 1; n in existing; k++) n = `${name}_${k}`;
  return n;
}

export function arrowType(t: DataType): ArrowType {
  switch (t.kind) {
    case 'primitive':
      switch (t.name) {
        case 'boolean':
          return new Bool();
        case 'byte':
          return new Int8();
        case 'short':
          return new Int16();
        case 'integer':
          return new Int32();
        case 'long':
          return new Int64();
        case 'float':
          return new Float32();
        case 'double':
          return new Float64();
        case 'string':
          return new Utf8();
        case 'binary':
          return new Binary();
        case 'date':
          return new DateDay();
        case 'timestamp':
          return new TimestampMicrosecond('UTC');
        case 'timestamp_ntz':
          return new TimestampMicrosecond();
        case 'void':
          return new Int32();
        default:
          throw unsupported(t.name);
      }
    case 'decimal':
      return new Decimal(t.scale, t.precision, 128);
    case 'char':
    case 'varchar':
      return new Utf8();
    case 'dayTimeInterval':
      return new Duration(TimeUnit.MICROSECOND);
    case 'yearMonthInterval':
      return new Int32();
    case 'calendarInterval':
      throw unsupported('interval');
    case 'array':
      return new List(new Field('element', arrowType(t.elementType), true));
    case 'struct':
      return new Struct(t.fields.map((f) => new Field(f.name, arrowType(f.type), f.nullable)));
    case 'map':
      return new Map_(
        new Field(
          'entries',
          new Struct([
            new Field('key', arrowType(t.keyType), false),
            new Field('value', arrowType(t.valueType), true),
          ]) as never,
          false,
        ) as never,
      );
    default: {
      const never: never = t;
      throw unsupported(String(never));
    }
  }
}

function vectorOf(t: DataType, values: readonly Value[]): Vector {
  const type = arrowType(t);
  if (t.kind === 'primitive' && (t.name === 'long' || t.name === 'timestamp' || t.name === 'timestamp_ntz')) {
    return fixed(type, BigInt64Array, values, (v) => v as bigint);
  }
  if (t.kind === 'dayTimeInterval') return fixed(type, BigInt64Array, values, (v) => v as bigint);
  if (t.kind === 'primitive' && t.name === 'date') return fixed(type, Int32Array, values, (v) => v as number);
  if (t.kind === 'decimal') {
    return vectorFromArray(values.map((v) => (v === null ? null : decimalWords(v as bigint))) as never, type);
  }
  return vectorFromArray(values.map((v) => toArrowValue(v, t)) as never, type);
}

/** A fixed-width column from a typed array and a validity bitmap. */
function fixed<A extends BigInt64Array | Int32Array>(
  type: ArrowType,
  Ctor: { new (n: number): A },
  values: readonly Value[],
  convert: (v: Value) => A[number],
): Vector {
  const data = new Ctor(values.length);
  const validity = new Uint8Array(Math.ceil(values.length / 8));
  let nullCount = 0;
  values.forEach((v, i) => {
    if (v === null) {
      nullCount++;
      return;
    }
    data[i] = convert(v);
    validity[i >> 3]! |= 1 << (i & 7);
  });
  return makeVector(
    makeData({ type: type as never, length: values.length, nullCount, nullBitmap: validity, data } as never),
  );
}

/** A 128-bit two's complement integer as four little-endian 32-bit words (Arrow's Decimal128 layout). */
function decimalWords(v: bigint): Uint32Array {
  const out = new Uint32Array(4);
  let x = BigInt.asUintN(128, v);
  for (let i = 0; i < 4; i++) {
    out[i] = Number(x & 0xffffffffn);
    x >>= 32n;
  }
  return out;
}

/** Nested values for Arrow's builders: structs as objects, maps as Map, lists as arrays. */
function toArrowValue(v: Value, t: DataType): unknown {
  if (v === null) return null;
  switch (t.kind) {
    case 'array':
      return (v as readonly Value[]).map((x) => toArrowValue(x, t.elementType));
    case 'struct': {
      const s = taggedValue(v);
      if (s?.kind !== 'struct') return null;
      return Object.fromEntries(
        t.fields.map((f) => [f.name, toArrowValue(s.fields[f.name] ?? null, f.type)]),
      );
    }
    case 'map': {
      const m = taggedValue(v);
      if (m?.kind !== 'map') return null;
      return new Map(m.entries.map(([k, x]) => [toArrowValue(k, t.keyType), toArrowValue(x, t.valueType)]));
    }
    case 'primitive':
      if (t.name === 'long') return v;
      return v;
    case 'decimal':
      return decimalWords(v as bigint);
    default:
      return v;
  }
}

function unsupported(what: string): LakesqlError {
  return new LakesqlError('UNSUPPORTED_FEATURE', { feature: `${what} columns in toArrow()` });
}
