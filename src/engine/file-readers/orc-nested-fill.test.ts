/**
 * Nested ORC columns (list, map, struct, union) through the columnar path: the expected rows of Apache ORC's
 * examples, exact equality with the rows path, NULL at every level across chunks and stripes, and the
 * leaf conversions (VARCHAR repair, timestamps in the session time zone).
 */

import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type OrcReadPlan, orcPlanRows } from '../../formats/file-source.js';
import { bytesSource, type ColumnVector, type OrcType, openOrcFile } from '../../formats/orc/index.js';
import { orcSchemaOf, writeOrcFile } from '../../formats/orc/writer/index.js';
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
  type StructType,
  struct,
  TimestampType,
} from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import { carrierCast } from './orc-read-sql.js';
import { registerOrcScan } from './orc-table-function.js';
import { orcCarrier, vectorFill } from './orc-vector-fill.js';
import { type FileReadSql, planSql } from './read-files.js';
import { EXAMPLES, example, useOrcReadFixture } from './testing/orc-read-fixture.js';

const fx = useOrcReadFixture('lakesql-orc-nested-');
const { orcPlan, columnar } = fx;

async function rowsPath(plan: OrcReadPlan): Promise<FileReadSql> {
  return planSql(fx.engine, { kind: 'rows', rows: await orcPlanRows(plan) });
}

/** Every column as DuckDB's text rendering, so that nested values compare exactly, leaf types included. */
async function textRows(read: FileReadSql): Promise<(string | null)[][]> {
  const cols = read.schema.fields.map((f) => `CAST("${f.name}" AS VARCHAR)`).join(', ');
  const rows = await fx.engine.all(`SELECT ${cols} FROM (${read.sql})`);
  return rows.map((r) => Object.values(r).map((v) => (v === null ? null : String(v))));
}

async function duckTypes(read: FileReadSql): Promise<string[]> {
  return (await fx.engine.all(`DESCRIBE ${read.sql}`)).map((r) => String(r.column_type));
}

async function expectSameAsRowsPath(plan: OrcReadPlan, label: string): Promise<FileReadSql> {
  const read = await columnar(plan);
  const rows = await rowsPath(plan);
  expect(await duckTypes(read), label).toEqual(await duckTypes(rows));
  expect(await textRows(read), label).toEqual(await textRows(rows));
  await rows.release?.();
  return read;
}

/** The conformance folder's expected rows: one JSON value a line. */
function expectedRows(name: string): Record<string, unknown>[] {
  const text = gunzipSync(readFileSync(path.join(EXAMPLES, 'expected', `${name}.jsn.gz`))).toString('utf8');
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('nested ORC columns through the columnar path', () => {
  it('reads test1’s struct, list and map columns as the expected rows', async () => {
    const read = await columnar(await orcPlan([example('TestOrcFile.test1.orc')]));
    expect((await duckTypes(read)).slice(9)).toEqual([
      'STRUCT(list STRUCT(int1 INTEGER, string1 VARCHAR)[])',
      'STRUCT(int1 INTEGER, string1 VARCHAR)[]',
      'MAP(VARCHAR, STRUCT(int1 INTEGER, string1 VARCHAR))',
    ]);
    // The C++ printer writes a map as a list of {key, value}: map_entries gives that shape.
    const got = await fx.engine.all(
      `SELECT CAST(to_json("middle") AS VARCHAR) AS middle, CAST(to_json("list") AS VARCHAR) AS list,
         CAST(to_json(map_entries("map")) AS VARCHAR) AS map FROM (${read.sql})`,
    );
    const expected = expectedRows('TestOrcFile.test1');
    expect(
      got.map((r) => [JSON.parse(String(r.middle)), JSON.parse(String(r.list)), JSON.parse(String(r.map))]),
    ).toEqual(expected.map((r) => [r.middle, r.list, r.map]));
    await read.release?.();
  });

  it('reads testUnionAndTimestamp’s union as struct<tag, field0, field1>, every row as expected', async () => {
    const read = await columnar(await orcPlan([example('TestOrcFile.testUnionAndTimestamp.orc')]));
    expect(await duckTypes(read)).toEqual([
      'TIMESTAMP WITH TIME ZONE',
      'STRUCT(tag TINYINT, field0 INTEGER, field1 VARCHAR)',
      'DECIMAL(38,18)',
    ]);
    // Back to the printer's {tag, value}: the chosen variant's field.
    const got = await fx.engine.all(
      `SELECT CAST(CASE WHEN "union" IS NULL THEN NULL ELSE json_object('tag', "union".tag, 'value',
         CASE "union".tag WHEN 0 THEN to_json("union".field0) ELSE to_json("union".field1) END) END AS VARCHAR) AS u
       FROM (${read.sql})`,
    );
    const expected = expectedRows('TestOrcFile.testUnionAndTimestamp');
    expect(got).toHaveLength(5077);
    expect(got.map((r) => (r.u === null ? null : JSON.parse(String(r.u))))).toEqual(
      expected.map((r) => r.union),
    );
    await read.release?.();
  });

  it('gives exactly the rows path’s rows and types for every nested example small enough to read as rows', async () => {
    for (const name of [
      'TestOrcFile.test1.orc',
      'TestOrcFile.metaData.orc',
      'TestOrcFile.emptyFile.orc',
      'TestOrcFile.testUnionAndTimestamp.orc',
      'orc_no_format.orc',
      'complextypes_iceberg.orc',
    ]) {
      const read = await expectSameAsRowsPath(await orcPlan([example(name)]), name);
      await read.release?.();
    }
  });
});

/** A union of int, list<string> and struct<x: double>, as Spark reads it. */
const UNION_TYPE = struct([
  field('tag', ByteType),
  field('field0', IntegerType),
  field('field1', arrayOf(StringType)),
  field('field2', struct([field('x', DoubleType)])),
]);

const NESTED_SCHEMA = struct([
  field('id', IntegerType),
  field('l', arrayOf(struct([field('i', IntegerType), field('s', StringType), field('d', DateType)]))),
  field('m', mapOf(StringType, arrayOf(decimal(20, 3)))),
  field(
    's',
    struct([
      field('a', ByteType),
      field('b', ShortType),
      field('c', LongType),
      field('f', FloatType),
      field('g', DoubleType),
      field('bin', BinaryType),
      field('d4', decimal(4, 1)),
      field('d9', decimal(9, 2)),
      field('d18', decimal(18, 4)),
      field('bool', BooleanType),
    ]),
  ),
  field('u', UNION_TYPE),
  field('ll', arrayOf(arrayOf(LongType))),
]);

const WORDS = ['', 'a', 'héllo wörld, longer than twelve bytes', '日本語', 'x'.repeat(40)];
const sv = (fields: Record<string, Value>): Value => ({ kind: 'struct', fields });

/** Row r of NESTED_SCHEMA: NULL lists, elements, structs, fields, maps and map values, and empty lists. */
function nestedRow(r: number): Value[] {
  const list: Value =
    r % 7 === 3
      ? null
      : r % 5 === 0
        ? []
        : Array.from({ length: (r % 4) + 1 }, (_, e) =>
            (r + e) % 6 === 2
              ? null
              : sv({
                  i: (r + e) % 4 === 1 ? null : r * 10 + e,
                  s: (r + e) % 9 === 4 ? null : WORDS[(r + e) % WORDS.length]!,
                  d: (r + e) % 8 === 5 ? null : r - 2000,
                }),
          );
  const map: Value =
    r % 11 === 4
      ? null
      : {
          kind: 'map',
          entries:
            r % 13 === 0
              ? []
              : Array.from({ length: (r % 3) + 1 }, (_, e) => [
                  `k${e}`,
                  (r + e) % 3 === 0
                    ? null
                    : r % 17 === 1
                      ? []
                      : [BigInt(r) * 1001n - 7n, null, -123456789012345n],
                ]),
        };
  const s: Value =
    r % 9 === 1
      ? null
      : sv({
          a: r % 10 === 2 ? null : (r % 256) - 128,
          b: (r % 65536) - 32768,
          c: BigInt(r) * 1_000_000_007n - 9_000_000_000_000_000_000n / 2n,
          f: r % 12 === 0 ? Number.NaN : r / 8,
          g: r % 14 === 0 ? Number.NEGATIVE_INFINITY : r * 1.1,
          bin: r % 15 === 0 ? null : new Uint8Array([r % 256, 0, 255]),
          d4: BigInt((r % 1999) - 999),
          d9: BigInt(r) * 12345n - 30_000_000n,
          d18: r % 16 === 0 ? null : -BigInt(r) * 98_765_432_101n,
          bool: r % 3 === 0 ? null : r % 2 === 0,
        });
  const tag = r % 3;
  const union: Value =
    r % 10 === 7
      ? null
      : sv({
          tag,
          field0: tag === 0 ? (r % 4 === 0 ? null : r) : null,
          field1: tag === 1 ? (r % 4 === 1 ? null : [WORDS[r % WORDS.length]!, null]) : null,
          field2: tag === 2 ? (r % 4 === 2 ? null : sv({ x: r % 8 === 2 ? null : r / 3 })) : null,
        });
  const ll: Value = r % 6 === 5 ? null : [[BigInt(r), null], null, [], [BigInt(-r)]];
  return [r, list, map, s, union, ll];
}

/** The ORC schema to write: Spark's mapping, and a real uniontype for `u`. */
function orcSchemaWithUnion(schema: StructType) {
  return {
    kind: 'struct' as const,
    fields: schema.fields.map((f) =>
      f.name === 'u'
        ? {
            name: 'u',
            type: {
              kind: 'uniontype' as const,
              variants: UNION_TYPE.fields.slice(1).map((g) => orcSchemaOf(g.type)),
            },
          }
        : { name: f.name, type: orcSchemaOf(f.type) },
    ),
  };
}

async function writeExample(name: string, schema: StructType, rows: Value[][], stripeSizeRows: number) {
  const bytes = await writeOrcFile(schema, rows, {
    compression: 'ZLIB',
    stripeSizeRows,
    orcSchema: orcSchemaWithUnion(schema),
  });
  const file = path.join(fx.dir, name);
  await writeFile(file, bytes);
  return file;
}

describe('nested ORC columns written by lakesql’s ORC writer', () => {
  it('gives the rows path’s rows with NULLs at every level, over stripes and chunk boundaries', async () => {
    // 2600 rows in stripes of 1100: chunks of 2048 start inside stripes and stripes end inside chunks.
    const rows = Array.from({ length: 2600 }, (_, r) => nestedRow(r));
    const file = await writeExample('nested.orc', NESTED_SCHEMA, rows, 1100);
    const read = await expectSameAsRowsPath(await orcPlan([file]), 'nested.orc');
    expect(await duckTypes(read)).toEqual([
      'INTEGER',
      'STRUCT(i INTEGER, s VARCHAR, d DATE)[]',
      'MAP(VARCHAR, DECIMAL(20,3)[])',
      'STRUCT(a TINYINT, b SMALLINT, c BIGINT, f FLOAT, g DOUBLE, bin BLOB, d4 DECIMAL(4,1), d9 DECIMAL(9,2), d18 DECIMAL(18,4), bool BOOLEAN)',
      'STRUCT(tag TINYINT, field0 INTEGER, field1 VARCHAR[], field2 STRUCT(x DOUBLE))',
      'BIGINT[][]',
    ]);
    // Spot checks, so that an error common to both paths would still show.
    const spot = await fx.engine.all(
      `SELECT "id", CAST("l" AS VARCHAR) AS l, CAST("m" AS VARCHAR) AS m, CAST("u" AS VARCHAR) AS u,
         CAST("ll" AS VARCHAR) AS ll FROM (${read.sql}) WHERE "id" IN (3, 5, 9, 10, 2099) ORDER BY "id"`,
    );
    expect(spot).toEqual([
      {
        id: 3,
        l: null,
        m: '{k0=NULL}',
        u: "{'tag': 0, 'field0': 3, 'field1': NULL, 'field2': NULL}",
        ll: '[[3, NULL], NULL, [], [-3]]',
      },
      {
        id: 5,
        l: '[]',
        m: '{k0=[4.998, NULL, -123456789012.345], k1=NULL, k2=[4.998, NULL, -123456789012.345]}',
        u: "{'tag': 2, 'field0': NULL, 'field1': NULL, 'field2': {'x': 1.6666666666666667}}",
        ll: null,
      },
      {
        id: 9,
        l: `[{'i': NULL, 's': ${'x'.repeat(40)}, 'd': 1964-07-20}, {'i': 91, 's': '', 'd': 1964-07-20}]`,
        m: '{k0=NULL}',
        u: "{'tag': 0, 'field0': 9, 'field1': NULL, 'field2': NULL}",
        ll: '[[9, NULL], NULL, [], [-9]]',
      },
      {
        id: 10,
        l: null,
        m: '{k0=[10.003, NULL, -123456789012.345], k1=[10.003, NULL, -123456789012.345]}',
        u: "{'tag': 1, 'field0': NULL, 'field1': ['', NULL], 'field2': NULL}",
        ll: '[[10, NULL], NULL, [], [-10]]',
      },
      {
        id: 2099,
        l: `[{'i': 20990, 's': ${'x'.repeat(40)}, 'd': 1970-04-10}, {'i': 20991, 's': '', 'd': 1970-04-10}, {'i': NULL, 's': NULL, 'd': NULL}, NULL]`,
        m: '{k0=[2101.092, NULL, -123456789012.345], k1=NULL, k2=[2101.092, NULL, -123456789012.345]}',
        u: "{'tag': 2, 'field0': NULL, 'field1': NULL, 'field2': {'x': 699.6666666666666}}",
        ll: null,
      },
    ]);
    await read.release?.();
  });

  it('reads nested ORC timestamps as wall clocks in the session time zone, as flat ones', async () => {
    const schema = struct([
      field('t', TimestampType),
      field('st', struct([field('t', TimestampType), field('ts', arrayOf(TimestampType))])),
    ]);
    // Instants the writer (UTC) stores as wall clocks; the read gives those wall clocks in Los Angeles.
    const instants = [0n, 1_700_000_000_123_456n, -1_234_567_890_000_001n, 1_710_064_800_000_000n];
    const rows: Value[][] = instants.map((t, i) => [t, i === 2 ? null : sv({ t, ts: [t, null, t + 1n] })]);
    const file = await writeExample('timestamps.orc', schema, rows, 3);
    const read = await columnar(await orcPlan([file]));
    expect(await duckTypes(read)).toEqual([
      'TIMESTAMP WITH TIME ZONE',
      'STRUCT(t TIMESTAMP WITH TIME ZONE, ts TIMESTAMP WITH TIME ZONE[])',
    ]);
    expect(
      await fx.engine.all(
        `SELECT CAST("t" AS VARCHAR) AS t, "st".t = "t" AS same, CAST("st".ts AS VARCHAR) AS ts FROM (${read.sql})`,
      ),
    ).toEqual([
      {
        t: '1970-01-01 00:00:00-08',
        same: true,
        ts: "['1970-01-01 00:00:00-08', NULL, '1970-01-01 00:00:00.000001-08']",
      },
      {
        t: '2023-11-14 22:13:20.123456-08',
        same: true,
        ts: "['2023-11-14 22:13:20.123456-08', NULL, '2023-11-14 22:13:20.123457-08']",
      },
      { t: '1930-11-18 00:28:29.999999-08', same: null, ts: null },
      // 2024-03-10 10:00 wall clock, after the spring-forward gap in Los Angeles.
      {
        t: '2024-03-10 10:00:00-07',
        same: true,
        ts: "['2024-03-10 10:00:00-07', NULL, '2024-03-10 10:00:00.000001-07']",
      },
    ]);
    await read.release?.();
  });
});

describe('nested fills from hand-made vectors', () => {
  const orcType = (kind: OrcType['kind'], children: OrcType[] = [], fieldNames: string[] = []): OrcType => ({
    id: 0,
    maxId: 0,
    kind,
    children,
    fieldNames,
    maximumLength: undefined,
    precision: undefined,
    scale: undefined,
  });

  async function scanText(vectors: readonly ColumnVector[], type: DataType): Promise<unknown[]> {
    const carrier = orcCarrier(vectors[0]!.type, { precision: 0, scale: 0 })!;
    const scan = await registerOrcScan(fx.engine, {
      columns: [{ name: 'c0', type: carrier.duckType }],
      batches: () => vectors.map((v) => ({ rows: v.length, decode: () => [vectorFill(v)] })),
    });
    try {
      const sql = `SELECT CAST(${carrierCast('"c0"', carrier, type)} AS VARCHAR) AS v FROM ${scan.from}`;
      return (await fx.engine.all(sql)).map((r) => r.v);
    } finally {
      await scan.release();
    }
  }

  it('repairs bad UTF-8 in list elements as the rows path’s TextDecoder does', async () => {
    const stringType = orcType('string');
    const strings: ColumnVector = {
      kind: 'bytes',
      type: stringType,
      length: 4,
      present: undefined,
      offsets: new Int32Array([0, 3, 4, 5, 6]),
      data: new Uint8Array([0x61, 0xff, 0x62, 0xc3, 0xa9, 0x7a]),
    };
    const list: ColumnVector = {
      kind: 'list',
      type: orcType('array', [stringType]),
      length: 2,
      present: undefined,
      offsets: new Int32Array([0, 2, 4]),
      child: strings,
    };
    expect(await scanText([list], arrayOf(StringType))).toEqual(['[a\uFFFDb, \uFFFD]', '[\uFFFD, z]']);
  });

  it('sizes list children past 2048 elements, and clears NULLs a chunk left in a reused child vector', async () => {
    const n = 5000;
    const intType = orcType('int');
    const present = new Uint8Array(n).fill(1);
    present[2049] = 0; // a NULL list (no elements) just past the first chunk
    const offsets = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) offsets[i + 1] = offsets[i]! + (present[i] === 1 ? i % 7 : 0);
    // About 6,000 elements a chunk; NULL elements only in the first chunk's rows, the last one included.
    const elements = offsets[n]!;
    const childPresent = new Uint8Array(elements).fill(1);
    for (let e = 999; e < offsets[2048]!; e += 1000) childPresent[e] = 0;
    childPresent[offsets[2048]! - 1] = 0;
    const child: ColumnVector = {
      kind: 'int',
      type: intType,
      length: elements,
      present: childPresent,
      values: Int32Array.from({ length: elements }, (_, e) => (childPresent[e] === 1 ? e : 0)),
    };
    const list: ColumnVector = {
      kind: 'list',
      type: orcType('array', [intType]),
      length: n,
      present,
      offsets,
      child,
    };
    const got = await scanText([list], arrayOf(IntegerType));
    const expected = Array.from({ length: n }, (_, i) =>
      present[i] === 0
        ? null
        : `[${Array.from({ length: offsets[i + 1]! - offsets[i]! }, (_, k) => offsets[i]! + k)
            .map((e) => (childPresent[e] === 1 ? String(e) : 'NULL'))
            .join(', ')}]`,
    );
    expect(got).toEqual(expected);
    expect(got[2047]).toMatch(/NULL\]$/);
  });
});

describe('nested ORC columns across files', () => {
  it('reads a nested column as NULL from a file that lacks it, as the rows path does', async () => {
    const test1 = await openFileSchema(example('TestOrcFile.test1.orc'));
    const middle = test1.fields.find((f) => f.name === 'middle')!;
    const list = test1.fields.find((f) => f.name === 'list')!;
    const schema = struct([field('int1', IntegerType), middle, list]);
    const plan = await orcPlan(
      [example('TestOrcFile.test1.orc'), example('TestOrcFile.testStripeLevelStats.orc')],
      schema,
    );
    const read = await expectSameAsRowsPath(plan, 'two files');
    const rows = await textRows(read);
    expect(rows).toHaveLength(11_002);
    expect(rows[1]).toEqual([
      '65536',
      "{'list': [{'int1': 1, 'string1': bye}, {'int1': 2, 'string1': sigh}]}",
      "[{'int1': 100000000, 'string1': cat}, {'int1': -100000, 'string1': in}, {'int1': 1234, 'string1': hat}]",
    ]);
    expect(rows[2]).toEqual(['1', null, null]);
    await read.release?.();
  });
});

async function openFileSchema(file: string): Promise<StructType> {
  return (await openOrcFile(bytesSource(new Uint8Array(readFileSync(file)), file))).schema;
}
