import path from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DecimalType,
  decimal,
  field,
  IntegerType,
  struct,
  TimestampType,
} from '../../types/data-types.js';
import { DELTA_CONFORMANCE_DIR } from '../data-dirs.js';
import { type ExpectedOutcome, loadExpected, readExpectedParquet, withoutColumns } from './expected.js';
import { latestSchemaFromJsonCommits } from './log-schema.js';
import { loadManifest, type ManifestEntry } from './manifest.js';
import { prepareConnection } from './value-encoding.js';

const CONFORMANCE = DELTA_CONFORMANCE_DIR;

let instance: DuckDBInstance;
let connection: DuckDBConnection;
let manifest: ManifestEntry[];
beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:', { autoload_known_extensions: 'false' });
  connection = await instance.connect();
  await prepareConnection(connection);
  manifest = await loadManifest(CONFORMANCE);
});
afterAll(() => {
  connection.closeSync();
  instance.closeSync();
});

const entry = (id: string) => manifest.find((e) => e.id === id)!;
const golden = (t: string) => path.join(CONFORMANCE, 'golden', t);

async function goldenRows(t: string): Promise<string[]> {
  const schema = await latestSchemaFromJsonCommits(path.join(golden(t), 'delta'));
  return (await readExpectedParquet(connection, path.join(golden(t), 'expected'), schema)).sort();
}

describe('manifest', () => {
  it('lists every table with its expected kind', () => {
    expect(manifest).toHaveLength(193);
    const kinds: Record<string, number> = {};
    for (const e of manifest) kinds[e.expected.kind] = (kinds[e.expected.kind] ?? 0) + 1;
    expect(kinds).toEqual({ parquet: 71, none: 21, rows: 87, activeFilesOnly: 14 });
    expect(entry('golden/124-decimal-decode-bug')).toMatchObject({
      tablePath: 'golden/124-decimal-decode-bug/delta',
      version: 0,
      expected: { kind: 'parquet', dir: 'golden/124-decimal-decode-bug/expected/' },
    });
  });
});

describe('Spark-written expected parquet', () => {
  it('reads the golden schema from the newest metaData of the JSON log', async () => {
    expect(await latestSchemaFromJsonCommits(path.join(golden('kernel-timestamp-int96'), 'delta'))).toEqual(
      struct([field('id', IntegerType), field('part', TimestampType), field('time', TimestampType)]),
    );
    const dec = await latestSchemaFromJsonCommits(path.join(golden('124-decimal-decode-bug'), 'delta'));
    expect(dec.fields[0]?.type).toEqual(decimal(10, 0) satisfies DecimalType);
  });

  it('encodes decimals as strings with exactly s fraction digits', async () => {
    expect(await goldenRows('124-decimal-decode-bug')).toEqual(['["1000000"]']);
  });

  it('reads INT96 timestamps as UTC instants, across several part files', async () => {
    expect(await goldenRows('kernel-timestamp-int96')).toEqual([
      '[0,"2020-01-01 08:09:10.001+00","2020-02-01 08:09:10+00"]',
      '[1,"2021-10-01 08:09:20+00","1999-01-01 09:00:00+00"]',
      '[2,"2021-10-01 08:09:20+00","2000-01-01 09:00:00+00"]',
      '[3,"1969-01-01 00:00:00+00","1969-01-01 00:00:00+00"]',
      '[4,null,null]',
    ]);
  });

  it('encodes longs as strings, binary as blob text, and keeps the all-NULL row', async () => {
    const rows = await goldenRows('data-reader-primitives');
    expect(rows).toHaveLength(11);
    expect(rows[1]).toBe('[1,"1",1,1,false,1.0,1.0,"1","\\\\x01\\\\x01","1"]');
    expect(rows[10]).toBe('[null,null,null,null,null,null,null,null,null,null]');
  });

  it('encodes maps as [{key, value}] entries', async () => {
    const rows = await goldenRows('data-reader-map');
    expect(JSON.parse(rows[3]!)).toEqual([
      3,
      [{ key: 3, value: 3 }],
      [{ key: '3', value: 3 }],
      [{ key: 3, value: false }],
      [{ key: 3, value: 3 }],
      [{ key: '3', value: '3' }],
      [{ key: 3, value: [{ val: 3 }, { val: 3 }, { val: 3 }] }],
    ]);
  });

  it('loads a parquet case as a query with the manifest version', async () => {
    const e = await loadExpected(entry('golden/data-reader-date-types-Asia'), CONFORMANCE);
    expect(e.kind === 'rows' && e.version).toBe(0);
    expect(e.kind === 'rows' && e.activeFiles).toBe(null);
    expect(e.kind === 'rows' && e.rows.kind).toBe('query');
  });
});

describe('expected.json and prose outcomes', () => {
  it('loads rows, version, schema and sorted activeFiles', async () => {
    const e = await loadExpected(entry('kernel-rs/table-with-dv-small'), CONFORMANCE);
    expect(e).toEqual({
      kind: 'rows',
      version: 1,
      activeFiles: ['part-00000-fae5310a-a37d-4e51-827b-c3d5516560ca-c000.snappy.parquet'],
      schema: struct([field('value', IntegerType)]),
      rows: { kind: 'values', rows: [[1], [2], [3], [4], [5], [6], [7], [8]] },
    } satisfies ExpectedOutcome);
  });

  it('keeps longs and widened types exact', async () => {
    const e = await loadExpected(entry('kernel-rs/type-widening'), CONFORMANCE);
    if (e.kind !== 'rows' || e.rows.kind !== 'values') throw new Error('expected rows');
    expect(e.rows.rows[1]?.slice(0, 3)).toEqual([
      '9223372036854775807',
      '9223372036854775807',
      1.234567890123,
    ]);
    expect(e.schema.fields[6]).toMatchObject({ name: 'decimal_decimal_same_scale', type: decimal(20, 2) });
  });

  it('gives activeFiles and version when rows were not derived', async () => {
    const e = await loadExpected(entry('delta-rs/latest_not_checkpointed'), CONFORMANCE);
    expect(e.kind).toBe('activeFiles');
    expect(e.kind === 'activeFiles' && e.version).toBe(3);
  });

  it('models must-fail, log-only and unverifiable tables', async () => {
    expect(await loadExpected(entry('golden/versions-not-contiguous'), CONFORMANCE)).toEqual({
      kind: 'error',
      reason: 'commit 1 is missing: versions not contiguous',
    });
    expect(await loadExpected(entry('golden/checkpoint'), CONFORMANCE)).toEqual({
      kind: 'activeFiles',
      version: 14,
      paths: ['15'],
    });
    expect((await loadExpected(entry('golden/hive'), CONFORMANCE)).kind).toBe('unverifiable');
  });

  it('drops known-different columns from schema and rows', () => {
    const e: ExpectedOutcome = {
      kind: 'rows',
      version: 0,
      activeFiles: null,
      schema: struct([field('a', IntegerType), field('b', IntegerType)]),
      rows: { kind: 'values', rows: [[1, 2]] },
    };
    expect(withoutColumns(e, ['a'])).toEqual({
      ...e,
      schema: struct([field('b', IntegerType)]),
      rows: { kind: 'values', rows: [[2]] },
    });
  });
});
