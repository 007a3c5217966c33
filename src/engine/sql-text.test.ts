import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { toDuckDBType } from './duckdb-types.js';
import { EngineSession } from './engine-session.js';
import { quoteIdentifier, quoteString, scalarToSql, unscaledToDecimalText } from './sql-text.js';

let session: EngineSession;
beforeAll(async () => {
  session = await EngineSession.create({ timeZone: 'America/Los_Angeles' });
});
afterAll(() => session.close());

/** Runs the literal through DuckDB and reads it back in the scalar.ts representation. */
async function roundTrip(
  value: ScalarValue,
  type: DataType,
): Promise<{ back: ScalarValue; duckType: string }> {
  const lit = scalarToSql(value, type);
  const [row] = await session.all(
    `SELECT typeof(v) AS t, ${backExpression(type)} AS back FROM (SELECT ${lit} AS v)`,
  );
  return { back: row!.back as ScalarValue, duckType: row!.t as string };
}

function backExpression(type: DataType): string {
  if (type.kind === 'decimal') return 'CAST(v AS VARCHAR)';
  if (type.kind !== 'primitive') throw new Error('scalar only');
  switch (type.name) {
    case 'date':
      return `CAST(date_diff('day', DATE '1970-01-01', v) AS INTEGER)`;
    case 'timestamp':
    case 'timestamp_ntz':
      return 'epoch_us(v)';
    case 'binary':
      return 'hex(v)';
    case 'float':
      return 'CAST(v AS DOUBLE)';
    default:
      return 'v';
  }
}

describe('quoting', () => {
  it('quotes identifiers and strings', () => {
    expect(quoteIdentifier('dec')).toBe('"dec"');
    expect(quoteIdentifier('a"b')).toBe('"a""b"');
    expect(quoteString("it's")).toBe("'it''s'");
    expect(quoteString('a\u0000b')).toBe("concat('a', chr(0), 'b')");
  });

  it('formats unscaled decimals', () => {
    expect(unscaledToDecimalText(12345n, 2)).toBe('123.45');
    expect(unscaledToDecimalText(-5n, 3)).toBe('-0.005');
    expect(unscaledToDecimalText(7n, 0)).toBe('7');
  });
});

describe('scalarToSql runs in DuckDB and round-trips', () => {
  const cases: [ScalarValue, DataType, ScalarValue][] = [
    ['it\'s "x"', StringType, 'it\'s "x"'],
    ['nul\u0000inside', StringType, 'nul\u0000inside'],
    [true, BooleanType, true],
    [false, BooleanType, false],
    [-128, ByteType, -128],
    [32767, ShortType, 32767],
    [-2147483648, IntegerType, -2147483648],
    [9223372036854775807n, LongType, 9223372036854775807n],
    [-9223372036854775808n, LongType, -9223372036854775808n],
    [Number.NaN, DoubleType, Number.NaN],
    [Number.POSITIVE_INFINITY, DoubleType, Number.POSITIVE_INFINITY],
    [Number.NEGATIVE_INFINITY, FloatType, Number.NEGATIVE_INFINITY],
    [1e300, DoubleType, 1e300],
    [Math.fround(1.1), FloatType, Math.fround(1.1)],
    [12345n, decimal(5, 2), '123.45'],
    [-99999999999999999999999999999999999999n, decimal(38, 0), '-99999999999999999999999999999999999999'],
    [-5n, decimal(10, 3), '-0.005'],
    [new Uint8Array([0, 1, 255]), BinaryType, '0001FF'],
    [new Uint8Array([]), BinaryType, ''],
    [18628, DateType, 18628],
    [-719162, DateType, -719162],
    [-719163, DateType, -719163],
    [2932896, DateType, 2932896],
    [2932897, DateType, 2932897],
    [-141427, DateType, -141427],
    [1609459200123456n, TimestampType, 1609459200123456n],
    [-1n, TimestampType, -1n],
    [1609459200123456n, TimestampNtzType, 1609459200123456n],
    [null, decimal(4, 1), null],
    [null, TimestampType, null],
  ];
  it.each(cases)('%s as %j', async (value, type, expected) => {
    const { back, duckType } = await roundTrip(value, type);
    expect(back).toEqual(expected);
    expect(duckType).toBe(toDuckDBType(type).replace('TIMESTAMPTZ', 'TIMESTAMP WITH TIME ZONE'));
  });

  it('keeps -0.0', async () => {
    const { back } = await roundTrip(-0, DoubleType);
    expect(Object.is(back, -0)).toBe(true);
  });

  it('round-trips any long, timestamp, double, string and binary (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt(-(2n ** 63n), 2n ** 63n - 1n),
        fc.bigInt(-62135596800000000n, 253402300799999999n),
        fc.double(),
        fc.string({ unit: 'binary' }),
        fc.uint8Array({ maxLength: 20 }),
        fc.integer({ min: -1_000_000, max: 3_000_000 }),
        async (long, micros, dbl, str, bin, days) => {
          expect((await roundTrip(days, DateType)).back).toBe(days);
          expect((await roundTrip(long, LongType)).back).toBe(long);
          expect((await roundTrip(micros, TimestampType)).back).toBe(micros);
          expect((await roundTrip(micros, TimestampNtzType)).back).toBe(micros);
          expect((await roundTrip(dbl, DoubleType)).back).toBe(dbl);
          expect((await roundTrip(str, StringType)).back).toBe(str);
          expect((await roundTrip(bin, BinaryType)).back).toBe(
            Buffer.from(bin).toString('hex').toUpperCase(),
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('writes a date of years 0001-9999 as a plain DATE literal', () => {
    expect(scalarToSql(19723, DateType)).toBe("DATE '2024-01-01'");
    expect(scalarToSql(-719162, DateType)).toBe("DATE '0001-01-01'");
    expect(scalarToSql(-719163, DateType)).toBe("CAST(DATE '1970-01-01' + CAST(-719163 AS INTEGER) AS DATE)");
  });

  it('refuses a value of the wrong JS type', () => {
    expect(() => scalarToSql(5, LongType)).toThrow(/bigint/);
  });
});
