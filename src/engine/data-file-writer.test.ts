import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AddFile } from '../delta/actions.js';
import { type ColumnMappingMode, physicalPartitionKey } from '../delta/column-mapping.js';
import { decodeAddPath, parsePartitionValue } from '../delta/partition-values.js';
import type { ScanPlan } from '../delta/scan-plan.js';
import { LocalObjectStore } from '../storage/local-store.js';
import { MemoryObjectStore } from '../storage/memory-store.js';
import type { ObjectStore } from '../storage/object-store.js';
import {
  arrayOf,
  BinaryType,
  DateType,
  DoubleType,
  decimal,
  field,
  IntegerType,
  LongType,
  mapOf,
  StringType,
  type StructField,
  type StructType,
  struct,
  TimestampNtzType,
  TimestampType,
} from '../types/data-types.js';
import { writeDataFiles } from './data-file-writer.js';
import { EngineSession } from './engine-session.js';
import { scanRelation } from './snapshot-scan.js';

let session: EngineSession;
let dir: string;
let store: LocalObjectStore;
beforeAll(async () => {
  session = await EngineSession.create();
});
afterAll(() => session.close());
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lakesql-writer-'));
  store = new LocalObjectStore(dir);
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

function planFor(
  schema: StructType,
  partitionColumns: string[],
  mode: ColumnMappingMode,
  adds: AddFile[],
): ScanPlan {
  return {
    version: 0,
    schema,
    partitionColumns,
    columnMappingMode: mode,
    files: adds.map((add) => ({
      add,
      location: decodeAddPath(add.path),
      isAbsolute: false,
      partitionValues: Object.fromEntries(
        partitionColumns.map((c) => [
          c,
          parsePartitionValue(
            add.partitionValues[physicalPartitionKey(schema, c, mode)] ?? null,
            schema.fields.find((f) => f.name === c)!.type,
          ),
        ]),
      ),
    })),
    totalFiles: adds.length,
  };
}

async function readBack(s: ObjectStore, plan: ScanPlan): Promise<unknown[][]> {
  const relation = await scanRelation(session, s, plan);
  try {
    return await session.withConnection(async (c) =>
      (await c.runAndReadAll(`SELECT * FROM (${relation.sql}) ORDER BY ALL NULLS FIRST`)).getRowsJson(),
    );
  } finally {
    await relation.release();
  }
}

async function sourceRows(sql: string): Promise<unknown[][]> {
  return session.withConnection(async (c) =>
    (await c.runAndReadAll(`SELECT * FROM (${sql}) ORDER BY ALL NULLS FIRST`)).getRowsJson(),
  );
}

describe('writeDataFiles: partitions', () => {
  const schema = struct([field('id', IntegerType), field('p', StringType), field('n', LongType)]);
  const source = `SELECT * FROM (VALUES
    (1, 'a b', 10), (2, 'x/y', 20), (3, 'k=v', 30), (4, '100%', 40), (5, 'é ü', 50), (6, NULL, 60), (7, 'a b', 70)
  ) AS t("id", "p", "n")`;

  it('names folders with Spark escaping and reads back equal', async () => {
    const adds = await writeDataFiles(session, store, {
      sourceSql: source,
      schema,
      partitionColumns: ['p'],
      columnMappingMode: 'none',
    });
    const dirs = adds.map((a) => path.dirname(decodeAddPath(a.path))).sort();
    expect(dirs).toEqual([
      'p=100%25',
      'p=__HIVE_DEFAULT_PARTITION__',
      'p=a b',
      'p=k%3Dv',
      'p=x%2Fy',
      'p=é ü',
    ]);
    const byDir = Object.fromEntries(adds.map((a) => [path.dirname(decodeAddPath(a.path)), a]));
    expect(byDir['p=100%25']!.path).toMatch(/^p=100%2525\/part-\d{5}-[0-9a-f-]{36}-c000\.snappy\.parquet$/);
    expect(byDir['p=a b']!.path.startsWith('p=a%20b/')).toBe(true);
    expect(byDir['p=é ü']!.path.startsWith('p=é%20ü/')).toBe(true);
    expect(byDir['p=__HIVE_DEFAULT_PARTITION__']!.partitionValues).toEqual({ p: null });
    expect(byDir['p=x%2Fy']!.partitionValues).toEqual({ p: 'x/y' });
    for (const a of adds) {
      expect(a.dataChange).toBe(true);
      expect(a.size).toBe((await fs.stat(path.join(dir, decodeAddPath(a.path)))).size);
      // Partition columns are not written into the files.
      const cols = await session.all(
        `SELECT name FROM parquet_schema('${path.join(dir, decodeAddPath(a.path)).replaceAll("'", "''")}')`,
      );
      expect(cols.map((c) => c.name).slice(1)).toEqual(['id', 'n']);
    }
    expect(byDir['p=a b']!.stats).toBe(
      '{"numRecords":2,"minValues":{"id":1,"n":10},"maxValues":{"id":7,"n":70},"nullCount":{"id":0,"n":0}}',
    );
    expect(await readBack(store, planFor(schema, ['p'], 'none', adds))).toEqual(
      await sourceRows(`SELECT "id", "p", CAST("n" AS BIGINT) AS "n" FROM (${source})`),
    );
    expect((await fs.readdir(dir)).filter((f) => f.startsWith('_lakesql_staging'))).toEqual([]);
  });

  it('writes nothing for no rows', async () => {
    const request = { schema, columnMappingMode: 'none' as const, sourceSql: `${source} WHERE false` };
    expect(await writeDataFiles(session, store, { ...request, partitionColumns: ['p'] })).toEqual([]);
    expect(await writeDataFiles(session, store, { ...request, partitionColumns: [] })).toEqual([]);
    expect(await fs.readdir(dir)).toEqual([]);
  });
});

describe('writeDataFiles: statistics', () => {
  it('writes Spark-shaped stats JSON', async () => {
    const schema = struct([
      field('i', IntegerType),
      field('s', StringType),
      field('t', TimestampType),
      field('tn', TimestampNtzType),
      field('d', DateType),
      field('dec', decimal(10, 2)),
      field('x', DoubleType),
      field('b', BinaryType),
      field('st', struct([field('a', LongType), field('z', StringType)])),
      field('arr', arrayOf(IntegerType)),
    ]);
    const long = `${'a'.repeat(32)}zzz`;
    const source = `SELECT * FROM (VALUES
      (1, '${long}', TIMESTAMPTZ '2024-01-01 00:00:00.123456+00', TIMESTAMP '2024-01-01 10:00:00.000001', DATE '2024-01-02', 1.50, 'NaN'::DOUBLE, '\\x01'::BLOB, {'a': 5, 'z': 'q'}, [1]),
      (NULL, 'b', TIMESTAMPTZ '2023-12-31 23:59:59.999999+00', NULL, DATE '2020-02-29', -3.25, 2.5, NULL, NULL, NULL)
    ) AS v("i", "s", "t", "tn", "d", "dec", "x", "b", "st", "arr")`;
    const [add] = await writeDataFiles(session, store, {
      sourceSql: source,
      schema,
      partitionColumns: [],
      columnMappingMode: 'none',
    });
    expect(JSON.parse(add!.stats!)).toEqual({
      numRecords: 2,
      minValues: {
        i: 1,
        s: long.slice(0, 32),
        t: '2023-12-31T23:59:59.999Z',
        tn: '2024-01-01T10:00:00.000',
        d: '2020-02-29',
        dec: -3.25,
        st: { a: 5, z: 'q' },
      },
      maxValues: {
        i: 1,
        s: 'b',
        t: '2024-01-01T00:00:00.124Z',
        tn: '2024-01-01T10:00:00.001',
        d: '2024-01-02',
        dec: 1.5,
        st: { a: 5, z: 'q' },
      },
      nullCount: { i: 1, s: 0, t: 0, tn: 1, d: 0, dec: 0, x: 0, b: 1, st: { a: 1, z: 1 } },
    });
    // The decimal keeps its scale's digits in the JSON text, as Spark writes it.
    expect(add!.stats).toContain('"dec":-3.25');
    expect(add!.stats).toContain('"dec":1.50');
  });

  it('truncates a long string max with a tie-breaker and honours numIndexedCols', async () => {
    const schema = struct([field('s', StringType), field('n', IntegerType)]);
    const [add] = await writeDataFiles(session, store, {
      sourceSql: `SELECT '${'m'.repeat(40)}' AS "s", 7 AS "n"`,
      schema,
      partitionColumns: [],
      columnMappingMode: 'none',
      numIndexedCols: 1,
    });
    expect(add!.stats).toBe(
      `{"numRecords":1,"minValues":{"s":"${'m'.repeat(32)}"},"maxValues":{"s":"${'m'.repeat(32)}\u007f"},"nullCount":{"s":0}}`,
    );
  });
});

const ALL_TYPES_SOURCE = `SELECT * FROM (VALUES
  (1, '\\x00\\xFF'::BLOB, 12345.67::DECIMAL(9,2), DATE '2021-01-01', TIMESTAMPTZ '2021-01-01 12:00:00.5+00',
   TIMESTAMP '2021-01-01 12:00:00.25', [1, NULL, 3], MAP {'k': 1.5}, {'a': 'x', 'b': [{'c': 1}]}, 'p1'),
  (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)
) AS v("id", "bin", "dec", "d", "ts", "tsn", "arr", "m", "st", "part")`;

function cmField(name: string, type: StructField['type'], id: number): StructField {
  return field(name, type, true, {
    'delta.columnMapping.id': id,
    'delta.columnMapping.physicalName': `col-${id}`,
  });
}

const CM_SCHEMA = struct([
  cmField('id', IntegerType, 1),
  cmField('bin', BinaryType, 2),
  cmField('dec', decimal(9, 2), 3),
  cmField('d', DateType, 4),
  cmField('ts', TimestampType, 5),
  cmField('tsn', TimestampNtzType, 6),
  cmField('arr', arrayOf(LongType), 7),
  cmField('m', mapOf(StringType, DoubleType), 8),
  cmField(
    'st',
    struct([cmField('a', StringType, 9), cmField('b', arrayOf(struct([cmField('c', LongType, 11)])), 10)]),
    12,
  ),
  cmField('part', StringType, 13),
]);

describe('writeDataFiles: types and column mapping round trip', () => {
  it.each(['none', 'name', 'id'] as const)('mode %s', async (mode) => {
    const adds = await writeDataFiles(session, store, {
      sourceSql: ALL_TYPES_SOURCE,
      schema: CM_SCHEMA,
      partitionColumns: ['part'],
      columnMappingMode: mode,
    });
    expect(adds).toHaveLength(2);
    if (mode !== 'none') {
      expect(adds.map((a) => a.partitionValues).sort()).toContainEqual({ 'col-13': 'p1' });
      const file = path.join(dir, decodeAddPath(adds[0]!.path)).replaceAll("'", "''");
      const schemaRows = await session.all(`SELECT name, field_id FROM parquet_schema('${file}')`);
      expect(schemaRows.map((r) => r.name)).toContain('col-12');
      expect(schemaRows.map((r) => r.name)).toContain('col-11');
      // Statistics are keyed by physical names; folders are Spark's random prefixes, not col-13=….
      expect(adds[0]!.stats).toContain('"col-12":{"col-9":');
      for (const a of adds) expect(a.path).toMatch(/^[A-Za-z0-9]{2}\/part-/);
      if (mode === 'id') {
        expect(schemaRows.find((r) => r.name === 'col-12')!.field_id).toBe(12n);
        expect(schemaRows.find((r) => r.name === 'col-9')!.field_id).toBe(9n);
      }
    }
    expect(await readBack(store, planFor(CM_SCHEMA, ['part'], mode, adds))).toEqual(
      await sourceRows(
        `SELECT "id", "bin", "dec", "d", "ts", "tsn", CAST("arr" AS BIGINT[]) AS "arr", CAST("m" AS MAP(VARCHAR, DOUBLE)) AS "m",
          CAST("st" AS STRUCT("a" VARCHAR, "b" STRUCT("c" BIGINT)[])) AS "st", "part" FROM (${ALL_TYPES_SOURCE})`,
      ),
    );
  });

  it('writes timestamps as INT64 micros, never INT96', async () => {
    const adds = await writeDataFiles(session, store, {
      sourceSql: ALL_TYPES_SOURCE,
      schema: CM_SCHEMA,
      partitionColumns: [],
      columnMappingMode: 'none',
    });
    const file = path.join(dir, decodeAddPath(adds[0]!.path)).replaceAll("'", "''");
    const rows = await session.all(
      `SELECT name, type, logical_type FROM parquet_schema('${file}') WHERE name IN ('ts', 'tsn')`,
    );
    expect(rows.map((r) => r.type)).toEqual(['INT64', 'INT64']);
    expect(String(rows[0]!.logical_type)).toContain('isAdjustedToUTC=1');
    expect(String(rows[1]!.logical_type)).toContain('isAdjustedToUTC=0');
  });

  it('writes through a non-local store, split by target file size', async () => {
    const memory = new MemoryObjectStore();
    const schema = struct([field('i', LongType), field('s', StringType)]);
    const sourceSql = `SELECT i AS "i", md5(CAST(i AS VARCHAR)) AS "s" FROM range(200000) r(i)`;
    const adds = await writeDataFiles(session, memory, {
      sourceSql,
      schema,
      partitionColumns: [],
      columnMappingMode: 'none',
      targetFileSizeBytes: 1024 * 1024,
      compression: 'zstd',
    });
    expect(adds.length).toBeGreaterThan(1);
    expect(adds[0]!.path).toMatch(/^part-00000-[0-9a-f-]{36}-c000\.zstd\.parquet$/);
    const total = adds.reduce((n, a) => n + (JSON.parse(a.stats!) as { numRecords: number }).numRecords, 0);
    expect(total).toBe(200000);
    const [row] = await session.all(
      `SELECT count(*) AS n, sum("i") AS s FROM (${(await scanRelation(session, memory, planFor(schema, [], 'none', adds))).sql})`,
    );
    expect(row).toEqual({ n: 200000n, s: 19999900000n });
  });
});

describe('writeDataFiles: sizing', () => {
  const schema = struct([cmField('i', LongType, 1), cmField('s', StringType, 2), cmField('p', LongType, 3)]);
  const sourceSql = `SELECT i AS "i", md5(CAST(i AS VARCHAR)) AS "s", i % 2 AS "p" FROM range(300000) r(i)`;
  const statsOf = (a: AddFile) =>
    JSON.parse(a.stats!) as {
      numRecords: number;
      minValues: Record<string, number>;
      maxValues: Record<string, number>;
    };

  it('splits partitions over the target again, keeping field ids, partition values and per-file stats', async () => {
    const adds = await writeDataFiles(session, store, {
      sourceSql,
      schema,
      partitionColumns: ['p'],
      columnMappingMode: 'id',
      targetFileSizeBytes: 1024 * 1024,
    });
    for (const p of ['0', '1']) {
      const files = adds.filter((a) => a.partitionValues['col-3'] === p);
      expect(files.length).toBeGreaterThanOrEqual(3);
      expect(files.reduce((n, a) => n + statsOf(a).numRecords, 0)).toBe(150000);
    }
    for (const a of adds) {
      const file = path.join(dir, decodeAddPath(a.path)).replaceAll("'", "''");
      const [counted] = await session.all(
        `SELECT count(*) AS n, min("col-1") AS lo, max("col-1") AS hi FROM read_parquet('${file}', hive_partitioning = false)`,
      );
      expect({ n: Number(counted!.n), lo: Number(counted!.lo), hi: Number(counted!.hi) }).toEqual({
        n: statsOf(a).numRecords,
        lo: statsOf(a).minValues['col-1'],
        hi: statsOf(a).maxValues['col-1'],
      });
      const ids = await session.all(
        `SELECT name, field_id FROM parquet_schema('${file}') WHERE name LIKE 'col-%'`,
      );
      expect(ids.map((r) => [r.name, r.field_id])).toEqual([
        ['col-1', 1n],
        ['col-2', 2n],
      ]);
    }
    const relation = await scanRelation(session, store, planFor(schema, ['p'], 'id', adds));
    try {
      const summary = `SELECT count(*) AS n, sum("i") AS si, sum("p") AS sp, count(DISTINCT "s") AS ds, count(DISTINCT "s" || "i") AS dsi`;
      expect(await session.all(`${summary} FROM (${relation.sql})`)).toEqual(
        await session.all(`${summary} FROM (${sourceSql})`),
      );
    } finally {
      await relation.release();
    }
  });

  it('maxRecordsPerFile: exact row caps, unpartitioned and per partition', async () => {
    const small = `SELECT * FROM (${sourceSql}) WHERE "i" < 1000`;
    const plain = await writeDataFiles(session, store, {
      sourceSql: small,
      schema,
      partitionColumns: [],
      columnMappingMode: 'none',
      maxRecordsPerFile: 300,
    });
    expect(plain.map((a) => statsOf(a).numRecords).sort((x, y) => y - x)).toEqual([300, 300, 300, 100]);
    const split = await writeDataFiles(session, store, {
      sourceSql: small,
      schema,
      partitionColumns: ['p'],
      columnMappingMode: 'none',
      maxRecordsPerFile: 200,
    });
    for (const p of ['0', '1']) {
      expect(
        split
          .filter((a) => a.partitionValues.p === p)
          .map((a) => statsOf(a).numRecords)
          .sort((x, y) => y - x),
      ).toEqual([200, 200, 100]);
    }
    expect(await readBack(store, planFor(schema, ['p'], 'none', split))).toEqual(await sourceRows(small));
  });
});
