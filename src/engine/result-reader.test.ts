import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  arrayOf,
  BinaryType,
  BooleanType,
  ByteType,
  type DataType,
  DateType,
  DoubleType,
  decimal,
  FloatType,
  field,
  IntegerType,
  LongType,
  mapOf,
  ShortType,
  StringType,
  struct,
  TimestampNtzType,
  TimestampType,
} from '../types/data-types.js';
import type { Value } from '../types/value.js';
import { EngineSession } from './engine-session.js';
import { readResult, readResultChunks } from './result-reader.js';

let session: EngineSession;
beforeAll(async () => {
  session = await EngineSession.create({ threads: 1, timeZone: 'America/Los_Angeles' });
});
afterAll(() => session.close());

async function one(sqlExpr: string, type: DataType): Promise<Value> {
  const rows = await readResult(session, `SELECT ${sqlExpr}`, struct([field('c', type)]));
  const row = rows[0];
  if (row === undefined || row.length !== 1) throw new Error('expected one row of one column');
  return row[0] as Value;
}

describe('readResult', () => {
  it('converts every primitive type to its Value representation', async () => {
    expect(await one('true', BooleanType)).toBe(true);
    expect(await one('CAST(-7 AS TINYINT)', ByteType)).toBe(-7);
    expect(await one('CAST(300 AS SMALLINT)', ShortType)).toBe(300);
    expect(await one('2147483647', IntegerType)).toBe(2147483647);
    expect(await one('9223372036854775807', LongType)).toBe(9223372036854775807n);
    expect(await one('CAST(0.1 AS FLOAT)', FloatType)).toBe(Math.fround(0.1));
    expect(await one("'NaN'::DOUBLE", DoubleType)).toBeNaN();
    expect(await one("'héllo'", StringType)).toBe('héllo');
    expect(await one("'\\x23\\xAC'::BLOB", BinaryType)).toEqual(new Uint8Array([0x23, 0xac]));
    expect(await one("DATE '1969-12-31'", DateType)).toBe(-1);
    expect(await one("TIMESTAMPTZ '1970-01-01 00:00:01.5+00'", TimestampType)).toBe(1_500_000n);
    expect(await one("TIMESTAMP '1969-12-31 23:59:59.999999'", TimestampNtzType)).toBe(-1n);
    expect(await one('NULL::INTEGER', IntegerType)).toBeNull();
  });

  it('reads decimals as unscaled bigints at the Spark scale, whatever DuckDB returned', async () => {
    expect(await one('CAST(123.45 AS DECIMAL(5,2))', decimal(5, 2))).toBe(12345n);
    expect(await one('CAST(-1.5 AS DECIMAL(38,10))', decimal(38, 10))).toBe(-15_000_000_000n);
    expect(await one('CAST(99999999999999999999999999999999999999 AS DECIMAL(38,0))', decimal(38, 0))).toBe(
      99999999999999999999999999999999999999n,
    );
    expect(await one('CAST(1.25 AS DECIMAL(4,2))', decimal(3, 1))).toBe(13n);
    expect(await one('42::BIGINT', decimal(20, 2))).toBe(4200n);
  });

  it('reads intervals per Spark interval kind', async () => {
    const ym = { kind: 'yearMonthInterval', startField: 0, endField: 1 } as const;
    const dt = { kind: 'dayTimeInterval', startField: 0, endField: 3 } as const;
    expect(await one("INTERVAL '3 years 1 month'", ym)).toBe(37);
    expect(await one("INTERVAL '1 day 1 second'", dt)).toBe(86_401_000_000n);
    expect(await one("INTERVAL '-1 microsecond'", dt)).toBe(-1n);
    expect(await one("INTERVAL '1 month 2 days 3 microseconds'", { kind: 'calendarInterval' })).toEqual({
      kind: 'calendarInterval',
      months: 1,
      days: 2,
      microseconds: 3n,
    });
  });

  it('reads nested arrays, structs and maps', async () => {
    expect(await one('[1, NULL, 3]', arrayOf(IntegerType))).toEqual([1, null, 3]);
    const t = struct([field('a', LongType), field('b', arrayOf(decimal(3, 1)))]);
    expect(await one("{'a': 1::BIGINT, 'b': [1.5::DECIMAL(3,1)]}", t)).toEqual({
      kind: 'struct',
      fields: { a: 1n, b: [15n] },
    });
    expect(await one("MAP {'k': [DATE '1970-01-02']}", mapOf(StringType, arrayOf(DateType)))).toEqual({
      kind: 'map',
      entries: [['k', [1]]],
    });
  });

  it('streams in chunks and stops at the limit', async () => {
    const schema = struct([field('id', LongType)]);
    const rows = await readResult(session, 'SELECT range AS id FROM range(5000)', schema, { limit: 2100 });
    expect(rows).toHaveLength(2100);
    expect(rows[2099]).toEqual([2099n]);
    const sizes: number[] = [];
    await session.withConnection(async (c) => {
      for await (const chunk of readResultChunks(c, 'SELECT range FROM range(5000)', schema))
        sizes.push(chunk.length);
    });
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(5000);
    expect(sizes.length).toBeGreaterThan(1);
  });

  it("refuses a result whose column count is not the plan's", async () => {
    await expect(readResult(session, 'SELECT 1, 2', struct([field('a', IntegerType)]))).rejects.toMatchObject(
      {
        errorClass: 'INTERNAL_ERROR',
      },
    );
  });
});
