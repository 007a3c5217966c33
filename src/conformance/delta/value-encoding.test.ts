import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  arrayOf,
  BinaryType,
  type DataType,
  DateType,
  DoubleType,
  decimal,
  FloatType,
  field,
  LongType,
  mapOf,
  StringType,
  type StructType,
  struct,
  TimestampNtzType,
  TimestampType,
} from '../../types/data-types.js';
import { canonicalLiteral, canonicalRowsSql } from './canonical-literal.js';
import { encodedRowsSql, prepareConnection, readEncodedRows } from './value-encoding.js';

let instance: DuckDBInstance;
let connection: DuckDBConnection;
beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:', { autoload_known_extensions: 'false' });
  connection = await instance.connect();
  await prepareConnection(connection);
});
afterAll(() => {
  connection.closeSync();
  instance.closeSync();
});

async function encodeOne(sqlValue: string, t: DataType): Promise<string> {
  const schema = struct([field('v', t)]);
  const [row] = await readEncodedRows(connection, `SELECT ${sqlValue} AS "v"`, schema);
  return row!;
}

describe('the canonical encoding (README "Expected result formats")', () => {
  it('pins the generated SQL of a primitive column', () => {
    expect(encodedRowsSql('SELECT 1 AS "a b"', struct([field('a b', LongType)]))).toBe(
      'SELECT CAST(to_json(list_value(to_json(CAST(CAST("__t"."a b" AS BIGINT) AS VARCHAR)))) AS VARCHAR) AS "row" ' +
        'FROM (SELECT 1 AS "a b") AS "__t"',
    );
  });

  it('encodes each type as the README table says', async () => {
    expect(await encodeOne(`9223372036854775807`, LongType)).toBe('["9223372036854775807"]');
    expect(await encodeOne(`3.4::FLOAT`, FloatType)).toBe('[3.4000000953674316]');
    expect(await encodeOne(`'NaN'::DOUBLE`, DoubleType)).toBe('["NaN"]');
    expect(await encodeOne(`'-Infinity'::DOUBLE`, DoubleType)).toBe('["-Infinity"]');
    expect(await encodeOne(`1.5`, decimal(10, 2))).toBe('["1.50"]');
    expect(await encodeOne(`'\\x01\\x02abc'::BLOB`, BinaryType)).toBe('["\\\\x01\\\\x02abc"]');
    expect(await encodeOne(`DATE '2023-01-15'`, DateType)).toBe('["2023-01-15"]');
    expect(await encodeOne(`TIMESTAMP '2023-05-31 18:58:33.633'`, TimestampType)).toBe(
      '["2023-05-31 18:58:33.633+00"]',
    );
    expect(await encodeOne(`TIMESTAMP '2021-11-18 02:30:00.123456'`, TimestampNtzType)).toBe(
      '["2021-11-18 02:30:00.123456"]',
    );
    expect(await encodeOne(`MAP {'key1': 100}`, mapOf(StringType, LongType))).toBe(
      '[[{"key":"key1","value":"100"}]]',
    );
    expect(await encodeOne(`[[1, NULL], NULL]`, arrayOf(arrayOf(LongType)))).toBe('[[["1",null],null]]');
  });

  it('keeps a NULL struct NULL and encodes fields by logical name', async () => {
    const t = struct([field('a', LongType), field('b c', StringType)]);
    expect(await encodeOne(`NULL::STRUCT(a BIGINT, "b c" VARCHAR)`, t)).toBe('[null]');
    expect(await encodeOne(`{'a': 1, 'b c': NULL}`, t)).toBe('[{"a":"1","b c":null}]');
  });
});

describe('canonicalLiteral is the inverse of the encoding', () => {
  const schema: StructType = struct([
    field('l', LongType),
    field('d', DoubleType),
    field('m', decimal(38, 6)),
    field('s', StringType),
    field('t', TimestampType),
    field('a', arrayOf(mapOf(StringType, LongType))),
  ]);

  it('property: literal -> encode gives the value back', async () => {
    const value = fc.tuple(
      fc.option(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String)),
      fc.option(
        fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom('NaN', 'Infinity')),
      ),
      fc.option(fc.bigInt({ min: -(10n ** 32n), max: 10n ** 32n }).map((n) => decimalText(n, 6))),
      fc.option(fc.string({ maxLength: 8 })),
      fc.option(
        fc
          .integer({ min: 0, max: 4_000_000_000 })
          .map((s) => `${new Date(s * 1000).toISOString().slice(0, 19).replace('T', ' ')}+00`),
      ),
      fc.option(
        fc.array(
          fc.array(fc.record({ key: fc.string({ maxLength: 3 }), value: fc.constant('7') }), {
            maxLength: 1,
          }),
          { maxLength: 2 },
        ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(value, { minLength: 1, maxLength: 5 }), async (rows) => {
        const uniqueKeyRows = rows.map((r) => withUniqueMapKeys(r));
        const encoded = await readEncodedRows(connection, canonicalRowsSql(schema, uniqueKeyRows), schema);
        const back = encoded.map((t) => JSON.parse(t) as unknown[]);
        expect(back.map(normalizeNegZero)).toEqual(uniqueKeyRows.map(normalizeNegZero));
      }),
      { numRuns: 40 },
    );
  });

  it('writes typed NULLs', () => {
    expect(canonicalLiteral(null, arrayOf(LongType))).toBe('CAST(NULL AS BIGINT[])');
  });
});

function decimalText(unscaled: bigint, scale: number): string {
  const neg = unscaled < 0n;
  const digits = (neg ? -unscaled : unscaled).toString().padStart(scale + 1, '0');
  return `${neg ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** A DuckDB MAP refuses duplicate keys; keep the first entry of each key. */
function withUniqueMapKeys(row: unknown[]): unknown[] {
  const maps = row[5] as { key: string; value: string }[][] | null;
  if (maps === null) return row;
  const unique = maps.map((m) => m.filter((e, i) => m.findIndex((x) => x.key === e.key) === i));
  return [...row.slice(0, 5), unique];
}

/** -0 prints as -0.0 in DuckDB and parses back as -0; toEqual tells -0 from 0, the comparator does not. */
function normalizeNegZero(row: unknown[]): unknown[] {
  return row.map((v) => (Object.is(v, -0) ? 0 : v));
}
