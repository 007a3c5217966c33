import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELTA_CONFORMANCE_DIR } from '../conformance/data-dirs.js';
import { isLakesqlError } from '../errors/index.js';
import {
  BinaryType,
  BooleanType,
  ByteType,
  type DataType,
  DateType,
  DoubleType,
  decimal,
  FloatType,
  IntegerType,
  LongType,
  ShortType,
  StringType,
  TimestampNtzType,
  TimestampType,
} from '../types/data-types.js';
import type { ScalarValue } from '../types/scalar.js';
import { columnMappingMode, physicalPartitionKey } from './column-mapping.js';
import { parsePartitionPathSegment } from './partition-path.js';
import { decodeAddPath, parsePartitionValue, serializePartitionValue } from './partition-values.js';
import { findField, parseSchemaString } from './schema.js';

const CONFORMANCE = DELTA_CONFORMANCE_DIR;

interface LoggedAdd {
  path: string;
  partitionValues: Record<string, string | null>;
}

function readTable(table: string) {
  const logDir = `${CONFORMANCE}/${table}/delta/_delta_log`;
  const actions = readdirSync(logDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => readFileSync(`${logDir}/${f}`, 'utf8').split('\n'))
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l));
  const md = actions.filter((a) => a.metaData).at(-1).metaData;
  const schema = parseSchemaString(md.schemaString);
  const adds: LoggedAdd[] = actions.filter((a) => a.add).map((a) => a.add);
  return {
    schema,
    partitionColumns: md.partitionColumns as string[],
    mode: columnMappingMode(md.configuration),
    adds,
  };
}

const ts = (iso: string): bigint => BigInt(Date.parse(iso)) * 1000n;

describe('partition values in real logs', () => {
  it('golden/data-reader-partition-values: every type, NULL and the string "null"', () => {
    const t = readTable('golden/data-reader-partition-values');
    const parsed = t.adds.map((a) => {
      const row: Record<string, ScalarValue> = {};
      for (const c of t.partitionColumns) {
        const type = findField(t.schema, [c])!.type;
        // This table was written in Spark session time zone America/Los_Angeles (see MANIFEST notes).
        row[c] = parsePartitionValue(a.partitionValues[c], type, {
          timeZone: 'America/Los_Angeles',
          column: c,
        });
      }
      return row;
    });
    const one = parsed.find((r) => r.as_int === 1)!;
    expect(one).toEqual({
      as_int: 1,
      as_long: 1n,
      as_byte: 1,
      as_short: 1,
      as_boolean: false,
      as_float: 1,
      as_double: 1,
      as_string: '1',
      as_string_lit_null: 'null',
      as_date: 18878,
      as_timestamp: ts('2021-09-08T18:11:11Z'),
      as_big_decimal: 1n,
    });
    const nulls = parsed.find((r) => r.as_int === null)!;
    expect(Object.values(nulls).every((v) => v === null)).toBe(true);
    // Writing them back gives Spark's strings, except the timestamp, which lakesql writes in ISO-8601 UTC.
    for (const a of t.adds) {
      for (const c of t.partitionColumns) {
        if (c === 'as_timestamp') continue;
        const type = findField(t.schema, [c])!.type;
        expect(serializePartitionValue(parsePartitionValue(a.partitionValues[c], type), type)).toBe(
          a.partitionValues[c],
        );
      }
    }
  });

  it.each([
    ['delta-rs/delta-0.8.0-special-partition', 'UTC'],
    ['golden/data-reader-escaped-chars', 'UTC'],
    ['golden/data-reader-partition-values', 'America/Los_Angeles'],
    ['delta-rs/partition-type-primitives', 'UTC'],
    ['delta-rs/delta-0.8.0-null-partition', 'UTC'],
    ['delta-rs/delta-0.8.0-numeric-partition', 'UTC'],
    ['delta-rs/delta-2.2.0-partitioned-types', 'UTC'],
    ['golden/data-reader-timestamp_ntz', 'UTC'],
    ['golden/data-reader-timestamp_ntz-name-mode', 'UTC'],
    ['kernel-rs/timestamp-partitioned-table', 'UTC'],
    ['delta-golden/kernel-timestamp-partition-col-ISO8601', 'UTC'],
  ])(
    '%s: add.path decodes once to directories holding the same values as partitionValues',
    (table, timeZone) => {
      const t = readTable(table);
      let checked = 0;
      for (const add of t.adds) {
        const segments = decodeAddPath(add.path).split('/').slice(0, -1);
        for (const seg of segments) {
          const parsedSeg = parsePartitionPathSegment(seg);
          if (!parsedSeg) continue;
          const logical = t.partitionColumns.find(
            (c) => physicalPartitionKey(t.schema, c, t.mode) === parsedSeg.column,
          );
          expect(logical, `${seg} names a partition column`).toBeDefined();
          const type = findField(t.schema, [logical!])!.type;
          const fromLog = parsePartitionValue(add.partitionValues[parsedSeg.column], type, { timeZone });
          // Directory names hold timestamps in the writer's session zone form; compare typed values.
          const fromDir = parsePartitionValue(parsedSeg.value, type, { timeZone });
          expect(fromDir).toEqual(fromLog);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(0);
    },
  );

  it('reads the escaped-character tables exactly', () => {
    expect(decodeAddPath('x=A%252FA/part-1.parquet')).toBe('x=A%2FA/part-1.parquet');
    expect(decodeAddPath('_2=bar+%252521/p.parquet')).toBe('_2=bar+%2521/p.parquet');
    expect(parsePartitionPathSegment('_2=bar+%2521')).toEqual({ column: '_2', value: 'bar+%21' });
  });

  it('reads ISO-8601 timestamp partitions as UTC instants', () => {
    expect(parsePartitionValue('2024-01-01T10:00:00.000000Z', TimestampType)).toBe(
      ts('2024-01-01T10:00:00Z'),
    );
    expect(parsePartitionValue('1971-07-22T03:06:40.000000Z', TimestampType)).toBe(49000000000000n);
    expect(parsePartitionValue('2021-09-08 11:11:11', TimestampType)).toBe(ts('2021-09-08T11:11:11Z'));
    expect(parsePartitionValue('2021-09-08 11:11:11', TimestampType, { timeZone: '+05:30' })).toBe(
      ts('2021-09-08T05:41:11Z'),
    );
    expect(parsePartitionValue('2013-07-05 17:01:00.123456', TimestampNtzType)).toBe(1373043660123456n);
  });
});

describe('serializePartitionValue', () => {
  it.each<[ScalarValue, DataType, string | null]>([
    [null, IntegerType, null],
    ['', StringType, null],
    ['null', StringType, 'null'],
    ['a/b c', StringType, 'a/b c'],
    [true, BooleanType, 'true'],
    [-128, ByteType, '-128'],
    [32767, ShortType, '32767'],
    [-2147483648, IntegerType, '-2147483648'],
    [9223372036854775807n, LongType, '9223372036854775807'],
    [1, DoubleType, '1.0'],
    [1e20, DoubleType, '1.0E20'],
    [0.001, DoubleType, '0.001'],
    [Number.NaN, DoubleType, 'NaN'],
    [Number.NEGATIVE_INFINITY, DoubleType, '-Infinity'],
    [-0, DoubleType, '-0.0'],
    [Math.fround(0.1), FloatType, '0.1'],
    [Math.fround(3.4028235e38), FloatType, '3.4028235E38'],
    [12345n, decimal(5, 2), '123.45'],
    [-5n, decimal(5, 3), '-0.005'],
    [10n ** 38n - 1n, decimal(38, 0), '99999999999999999999999999999999999999'],
    [0, DateType, '1970-01-01'],
    [-719528, DateType, '0000-01-01'],
    [2932896, DateType, '9999-12-31'],
    [2932897, DateType, '+10000-01-01'],
    [-1n, TimestampType, '1969-12-31T23:59:59.999999Z'],
    [1631099471000000n, TimestampType, '2021-09-08T11:11:11.000000Z'],
    [1373043660123456n, TimestampNtzType, '2013-07-05 17:01:00.123456'],
    [1373043660100000n, TimestampNtzType, '2013-07-05 17:01:00.1'],
    [0n, TimestampNtzType, '1970-01-01 00:00:00'],
    [new Uint8Array([1, 2, 3]), BinaryType, '\u0001\u0002\u0003'],
    [new Uint8Array([0xc3, 0xa9]), BinaryType, 'é'],
  ])('%s as %o -> %s', (value, type, expected) => {
    expect(serializePartitionValue(value, type)).toBe(expected);
  });

  it('refuses values of the wrong JS type and binary that is not UTF-8', () => {
    const cases: [ScalarValue, DataType][] = [
      [1, LongType],
      [1n, IntegerType],
      ['x', BooleanType],
      [new Uint8Array([0xff]), BinaryType],
      [1.5, IntegerType],
    ];
    for (const [v, t] of cases) {
      let err: unknown;
      try {
        serializePartitionValue(v, t, 'c');
      } catch (e) {
        err = e;
      }
      expect(isLakesqlError(err, 'DELTA_INVALID_PARTITION_VALUE')).toBe(true);
    }
  });
});

describe('parsePartitionValue', () => {
  it('treats an empty string as NULL for every type', () => {
    for (const t of [StringType, IntegerType, DateType, TimestampType, decimal(3, 1), BinaryType]) {
      expect(parsePartitionValue('', t)).toBeNull();
      expect(parsePartitionValue(null, t)).toBeNull();
    }
  });

  it('reads Spark and delta-rs spellings', () => {
    expect(parsePartitionValue('9.9', DoubleType)).toBe(9.9);
    expect(parsePartitionValue('10.0', DoubleType)).toBe(10);
    expect(parsePartitionValue('1.0E20', DoubleType)).toBe(1e20);
    expect(parsePartitionValue('Infinity', FloatType)).toBe(Number.POSITIVE_INFINITY);
    expect(Number.isNaN(parsePartitionValue('NaN', DoubleType))).toBe(true);
    expect(parsePartitionValue('TRUE', BooleanType)).toBe(true);
    expect(parsePartitionValue('1.5', decimal(5, 2))).toBe(150n);
    expect(parsePartitionValue('1E+3', decimal(5, 0))).toBe(1000n);
    expect(parsePartitionValue('-0001-01-01', DateType)).toBe(-719893);
    expect(parsePartitionValue('2021-09-08T11:11:11.000-07:00', TimestampType)).toBe(
      ts('2021-09-08T18:11:11Z'),
    );
  });

  it.each<[string, DataType]>([
    ['128', ByteType],
    ['1.5', IntegerType],
    ['9223372036854775808', LongType],
    ['abc', DoubleType],
    ['yes', BooleanType],
    ['2021-02-29', DateType],
    ['2021-09-08 25:00:00', TimestampType],
    ['2021-09-08T11:11:11Z', TimestampNtzType],
    ['123456', decimal(5, 0)],
  ])('refuses %s as %o', (raw, type) => {
    let err: unknown;
    try {
      parsePartitionValue(raw, type, { column: 'c' });
    } catch (e) {
      err = e;
    }
    expect(isLakesqlError(err, 'DELTA_INVALID_PARTITION_VALUE')).toBe(true);
  });
});

describe('round trips', () => {
  const roundTrip = <T extends ScalarValue>(arb: fc.Arbitrary<T>, type: DataType) =>
    fc.assert(
      fc.property(arb, (v) => {
        const s = serializePartitionValue(v, type);
        expect(parsePartitionValue(s, type)).toEqual(v);
      }),
      { numRuns: 300 },
    );

  it('string (non-empty)', () => roundTrip(fc.string({ minLength: 1, unit: 'binary' }), StringType));
  it('boolean', () => roundTrip(fc.boolean(), BooleanType));
  it('byte', () => roundTrip(fc.integer({ min: -128, max: 127 }), ByteType));
  it('short', () => roundTrip(fc.integer({ min: -32768, max: 32767 }), ShortType));
  it('integer', () => roundTrip(fc.integer(), IntegerType));
  it('long', () => roundTrip(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), LongType));
  it('double', () => roundTrip(fc.double(), DoubleType));
  it('float', () => roundTrip(fc.float(), FloatType));
  it('decimal(38,10)', () =>
    roundTrip(fc.bigInt({ min: -(10n ** 38n) + 1n, max: 10n ** 38n - 1n }), decimal(38, 10)));
  it('decimal(5,0)', () => roundTrip(fc.bigInt({ min: -99999n, max: 99999n }), decimal(5, 0)));
  // Days for years -9999 .. 99999.
  it('date', () => roundTrip(fc.integer({ min: -4371587, max: 35804000 }), DateType));
  const micros = fc.bigInt({ min: -377705116800000000n, max: 253402300799999999n });
  it('timestamp', () => roundTrip(micros, TimestampType));
  it('timestamp_ntz', () => roundTrip(micros, TimestampNtzType));
  it('binary (UTF-8 bytes)', () =>
    roundTrip(
      fc.string({ minLength: 1, unit: 'grapheme' }).map((s) => new TextEncoder().encode(s)),
      BinaryType,
    ));
});
