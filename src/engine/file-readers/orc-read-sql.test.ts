/** The columnar ORC path: exact values and DuckDB types, equality with the rows path, partitions, fallbacks. */

import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { orcPlanRows } from '../../formats/file-source.js';
import type { ColumnVector, OrcType } from '../../formats/orc/index.js';
import {
  BinaryType,
  BooleanType,
  ByteType,
  DoubleType,
  FloatType,
  field,
  IntegerType,
  LongType,
  ShortType,
  StringType,
  struct,
  TimestampType,
} from '../../types/data-types.js';
import { carrierCast, orcReadSql } from './orc-read-sql.js';
import { registerOrcScan } from './orc-table-function.js';
import { orcCarrier, vectorFill } from './orc-vector-fill.js';
import { type FileReadSql, planSql } from './read-files.js';
import { example, useOrcReadFixture } from './testing/orc-read-fixture.js';

const fx = useOrcReadFixture('lakesql-orc-columnar-');
const { orcPlan, columnar } = fx;

/** Every column as text (DuckDB's own rendering), so that the comparison is exact for every type. */
async function textRows(read: FileReadSql, extra = ''): Promise<(string | null)[][]> {
  const cols = read.schema.fields.map((f) => `CAST("${f.name}" AS VARCHAR)`).join(', ');
  const rows = await fx.engine.all(`SELECT ${cols} FROM (${read.sql}) ${extra}`);
  return rows.map((r) => Object.values(r).map((v) => (v === null ? null : String(v))));
}

async function duckTypes(read: FileReadSql): Promise<string[]> {
  return (await fx.engine.all(`DESCRIBE ${read.sql}`)).map((r) => String(r.column_type));
}

function flatOrcType(kind: OrcType['kind']): OrcType {
  return {
    id: 1,
    maxId: 1,
    kind,
    children: [],
    fieldNames: [],
    maximumLength: undefined,
    precision: undefined,
    scale: undefined,
  };
}

describe('ORC through the lakesql_orc_scan table function', () => {
  it('reads the flat columns of test1 through a user schema, a missing column as NULL', async () => {
    const schema = struct([
      field('BOOLEAN1', BooleanType),
      field('byte1', ByteType),
      field('short1', ShortType),
      field('int1', IntegerType),
      field('long1', LongType),
      field('float1', FloatType),
      field('double1', DoubleType),
      field('bytes1', BinaryType),
      field('string1', StringType),
      field('missing', IntegerType),
    ]);
    const read = await columnar(await orcPlan([example('TestOrcFile.test1.orc')], schema));
    expect(read.schema.fields.map((f) => f.name)).toEqual(schema.fields.map((f) => f.name));
    expect(await duckTypes(read)).toEqual([
      'BOOLEAN',
      'TINYINT',
      'SMALLINT',
      'INTEGER',
      'BIGINT',
      'FLOAT',
      'DOUBLE',
      'BLOB',
      'VARCHAR',
      'INTEGER',
    ]);
    expect(await textRows(read)).toEqual([
      [
        'false',
        '1',
        '1024',
        '65536',
        '9223372036854775807',
        '1.0',
        '-15.0',
        '\\x00\\x01\\x02\\x03\\x04',
        'hi',
        null,
      ],
      ['true', '100', '2048', '65536', '9223372036854775807', '2.0', '-5.0', '', 'bye', null],
    ]);
    await read.release?.();
  });

  it('reads ORC timestamps as wall clocks in the session time zone, nanoseconds cut to micros', async () => {
    const read = await columnar(await orcPlan([example('TestOrcFile.testTimestamp.orc')]));
    expect(await duckTypes(read)).toEqual(['TIMESTAMP WITH TIME ZONE']);
    const rows = (await textRows(read)).map((r) => r[0]);
    expect(rows.slice(0, 5)).toEqual([
      '2037-01-01 00:00:00.000999-08',
      '2003-01-01 00:00:00-08',
      '1999-01-01 00:00:00.999999-08',
      '1995-01-01 00:00:00.688888-08',
      '2002-01-01 00:00:00.1-08',
    ]);
    expect(rows[11]).toBe('2008-10-02 00:00:00-07');
  });

  it('reads dates and timestamps over 8 stripes and 70,000 rows, across chunk boundaries', async () => {
    const read = await columnar(await orcPlan([example('TestOrcFile.testDate1900.orc')]));
    expect(await duckTypes(read)).toEqual(['TIMESTAMP WITH TIME ZONE', 'DATE']);
    const rows = await textRows(read);
    expect(rows).toHaveLength(70_000);
    expect(rows[0]).toEqual(['1900-05-05 12:34:56.1-08', '1900-12-25']);
    expect(rows[2048]).toEqual(['1902-05-05 12:34:56.1048-08', '1902-12-25']);
    expect(rows[69_999]).toEqual(['1969-05-05 12:34:56.1999-07', '1969-12-25']);
  });

  it('reads decimals at their declared precision and scale', async () => {
    const read = await columnar(await orcPlan([example('decimal.orc')]));
    expect(await duckTypes(read)).toEqual(['DECIMAL(10,5)']);
    expect((await textRows(read)).slice(0, 3)).toEqual([['-1000.50000'], ['-999.60000'], ['-998.70000']]);
  });

  it('reads binary and string columns with nulls', async () => {
    const read = await columnar(await orcPlan([example('TestOrcFile.testStringAndBinaryStatistics.orc')]));
    expect(await textRows(read)).toEqual([
      ['\\x00\\x01\\x02\\x03\\x04', 'foo'],
      ['\\x00\\x01\\x02\\x03', 'bar'],
      ['\\x00\\x01\\x02\\x03\\x04\\x05', null],
      [null, 'hi'],
    ]);
  });

  it('gives exactly the rows path’s rows and types for files of every flat type', async () => {
    for (const name of [
      'nulls-at-end-snappy.orc',
      'over1k_bloom.orc',
      'orc_split_elim.orc',
      'TestOrcFile.testStripeLevelStats.orc',
      'TestOrcFile.testDate1900.orc',
      'decimal64_v2.orc',
    ]) {
      const plan = await orcPlan([example(name)]);
      const read = await columnar(plan);
      const rows = await planSql(fx.engine, { kind: 'rows', rows: await orcPlanRows(plan) });
      expect(await duckTypes(read), name).toEqual(await duckTypes(rows));
      expect(await textRows(read), name).toEqual(await textRows(rows));
      await read.release?.();
      await rows.release?.();
    }
  });

  it('adds Hive partition columns per file, typed as the rows path types them', async () => {
    const root = path.join(fx.dir, 'partitioned');
    for (const [sub, file] of [
      ['year=2020/part=a', 'TestOrcFile.testStripeLevelStats.orc'],
      ['year=2021/part=__HIVE_DEFAULT_PARTITION__', 'TestOrcFile.testSnappy.orc'],
    ] as const) {
      await mkdir(path.join(root, sub), { recursive: true });
      await copyFile(example(file), path.join(root, sub, 'f.orc'));
    }
    const read = await columnar(await orcPlan([root]));
    expect(read.schema.fields.map((f) => f.name)).toEqual(['int1', 'string1', 'year', 'part']);
    expect(await duckTypes(read)).toEqual(['INTEGER', 'VARCHAR', 'INTEGER', 'VARCHAR']);
    const counts = await fx.engine.all(
      `SELECT "year", "part", count(*) AS n FROM (${read.sql}) GROUP BY ALL ORDER BY "year"`,
    );
    expect(counts).toEqual([
      { year: 2020, part: 'a', n: 11_000n },
      { year: 2021, part: null, n: 10_000n },
    ]);
  });

  it('reads a `timestamp with local time zone` as the UTC instant', async () => {
    const type = flatOrcType('timestamp with local time zone');
    const vector: ColumnVector = {
      kind: 'timestamp',
      type,
      length: 2,
      present: new Uint8Array([1, 0]),
      seconds: new Float64Array([86_400, 0]),
      nanos: new Int32Array([1_500, 0]),
    };
    const carrier = orcCarrier(type, { precision: 0, scale: 0 })!;
    const scan = await registerOrcScan(fx.engine, {
      columns: [{ name: 'c0', type: carrier.duckType }],
      batches: () => [{ rows: 2, decode: () => [vectorFill(vector)] }],
    });
    const sql = `SELECT CAST(${carrierCast('"c0"', carrier, TimestampType)} AS VARCHAR) AS t FROM ${scan.from}`;
    expect(await fx.engine.all(sql)).toEqual([{ t: '1970-01-01 16:00:00.000001-08' }, { t: null }]);
    await scan.release();
    await expect(fx.engine.all(sql)).rejects.toThrow(/no ORC scan/);
  });

  it('repairs bad UTF-8 as the rows path’s TextDecoder does, also where rows split a character', async () => {
    const type = flatOrcType('string');
    const stripe = (bytes: number[], offsets: number[]): ColumnVector => ({
      kind: 'bytes',
      type,
      length: offsets.length - 1,
      present: undefined,
      offsets: new Int32Array(offsets),
      data: new Uint8Array(bytes),
    });
    // A stripe with a bad byte, and one whose buffer is valid UTF-8 but whose rows cut "é" in two.
    const stripes = [stripe([0x61, 0xff, 0x62], [0, 3]), stripe([0xc3, 0xa9, 0x7a], [0, 1, 2, 3])];
    const expected = stripes.flatMap((v) =>
      v.kind === 'bytes'
        ? [...v.offsets.subarray(1)].map((end, r) =>
            new TextDecoder().decode(v.data.subarray(v.offsets[r], end)),
          )
        : [],
    );
    expect(expected).toEqual(['a\uFFFDb', '\uFFFD', '\uFFFD', 'z']);
    const carrier = orcCarrier(type, { precision: 0, scale: 0 })!;
    const scan = await registerOrcScan(fx.engine, {
      columns: [{ name: 'c0', type: carrier.duckType }],
      batches: () => stripes.map((v) => ({ rows: v.length, decode: () => [vectorFill(v)] })),
    });
    const sql = `SELECT ${carrierCast('"c0"', carrier, StringType)} AS s FROM ${scan.from}`;
    expect((await fx.engine.all(sql)).map((r) => r.s)).toEqual(expected);
    await scan.release();
  });

  it('serves every connection and scans one read twice in one query', async () => {
    const read = await columnar(await orcPlan([example('TestOrcFile.testSnappy.orc')]));
    const n = await fx.engine.withConnection(
      async (c) =>
        (
          await c.runAndReadAll(
            `SELECT count(*) FROM (${read.sql}) a, (SELECT 1 FROM (${read.sql}) LIMIT 2) b`,
          )
        ).getRows()[0]?.[0],
    );
    expect(n).toBe(20_000n);
  });

  it('scans nested columns too (orc-nested-fill.test.ts has their values)', async () => {
    const plan = await orcPlan([example('TestOrcFile.test1.orc')]);
    expect(await orcReadSql(fx.engine, plan)).toBeDefined();
    const rows = await planSql(fx.engine, plan);
    expect(rows.schema.fields.map((f) => f.name)).toContain('middle');
    expect(await fx.engine.all(`SELECT count(*) AS n FROM (${rows.sql})`)).toEqual([{ n: 2n }]);
  });
});
