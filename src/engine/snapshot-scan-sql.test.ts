import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddFile } from '../delta/actions.js';
import { COLUMN_ID_KEY, PHYSICAL_NAME_KEY } from '../delta/column-mapping.js';
import { inlineDeletionVectorDescriptor } from '../delta/deletion-vectors/index.js';
import type { ColumnMappingMode, ScanFile, ScanPlan } from '../delta/scan-plan.js';
import { LocalObjectStore } from '../storage/local-store.js';
import {
  BinaryType,
  BooleanType,
  type DataType,
  DateType,
  decimal,
  field,
  IntegerType,
  LongType,
  StringType,
  type StructType,
  struct,
  TimestampType,
} from '../types/data-types.js';
import type { ScalarValue } from '../types/scalar.js';
import { EngineSession } from './engine-session.js';
import { scanRelation } from './snapshot-scan.js';

/** The shape of the scan SQL (what DuckDB is asked to do), and the rows it gives on tricky layouts. */

let session: EngineSession;
let dir: string;
let store: LocalObjectStore;
beforeAll(async () => {
  session = await EngineSession.create();
});
afterAll(() => session.close());
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lakesql-scan-sql-'));
  store = new LocalObjectStore(dir);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await fs.rm(dir, { recursive: true, force: true });
});

async function writeFile(key: string, select: string, options = ''): Promise<void> {
  const file = path.join(dir, key);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await session.run(`COPY (${select}) TO '${file.replaceAll("'", "''")}' (FORMAT parquet${options})`);
}

function scanFile(
  location: string,
  partitionValues: Record<string, ScalarValue> = {},
  add: Partial<AddFile> = {},
): ScanFile {
  return {
    add: { path: location, partitionValues: {}, size: 0, modificationTime: 0, dataChange: true, ...add },
    location,
    isAbsolute: false,
    partitionValues,
  };
}

function plan(
  schema: StructType,
  files: ScanFile[],
  partitionColumns: string[] = [],
  columnMappingMode: ColumnMappingMode = 'none',
): ScanPlan {
  return { version: 0, schema, partitionColumns, columnMappingMode, files, totalFiles: files.length };
}

async function scan(
  p: ScanPlan,
  query = 'SELECT * FROM scan ORDER BY ALL NULLS FIRST',
  fileIndexColumn?: string,
) {
  const relation = await scanRelation(session, store, p, fileIndexColumn ? { fileIndexColumn } : {});
  try {
    const sql = query.replace('scan', `(${relation.sql}) AS "scan"`);
    const rows = await session.withConnection(async (c) => (await c.runAndReadAll(sql)).getRowsJson());
    return { sql: relation.sql, rows };
  } finally {
    await relation.release();
  }
}

const schema = struct([field('id', LongType), field('name', StringType), field('part', StringType)]);

describe('scan SQL shape', () => {
  it('reads with the log schema: no footer probe, no connection, no join; partition values are constants', async () => {
    // b.parquet stores `id` as INTEGER, so the files are read with the log's schema, which widens it.
    await writeFile('a.parquet', `SELECT CAST(1 AS BIGINT) AS "id", 'one' AS "name"`);
    await writeFile('b.parquet', `SELECT CAST(2 AS INTEGER) AS "id", 'two' AS "name"`);
    const connections = vi.spyOn(session, 'withConnection');
    const relation = await scanRelation(
      session,
      store,
      plan(schema, [scanFile('a.parquet', { part: 'x' }), scanFile('b.parquet', { part: 'x' })], ['part']),
    );
    expect(connections).not.toHaveBeenCalled();
    const list = `['${path.join(dir, 'a.parquet')}', '${path.join(dir, 'b.parquet')}']`;
    expect(relation.sql).toBe(
      `SELECT "d"."c0" AS "id", "d"."c1" AS "name", CAST('x' AS VARCHAR) AS "part" FROM read_parquet(${list}, ` +
        `schema = map {'id': {name: 'c0', type: 'BIGINT', default_value: NULL}, 'name': {name: 'c1', type: 'VARCHAR', default_value: NULL}}) AS "d"`,
    );
    expect(await session.all(`SELECT id FROM (${relation.sql}) ORDER BY id`)).toEqual([
      { id: 1n },
      { id: 2n },
    ]);
    await relation.release();
  });

  it('reads files that store every column as the table types it with a plain read_parquet', async () => {
    await writeFile('a.parquet', `SELECT CAST(1 AS BIGINT) AS "id", 'one' AS "name", 3.5::DOUBLE AS "extra"`);
    // In another order: read_parquet matches the later files' columns to the first's by name.
    await writeFile('b.parquet', `SELECT 'two' AS "name", CAST(2 AS BIGINT) AS "id"`);
    const connections = vi.spyOn(session, 'withConnection');
    const files = [scanFile('a.parquet', { part: 'x' }), scanFile('b.parquet', { part: 'x' })];
    const relation = await scanRelation(session, store, plan(schema, files, ['part']));
    expect(connections).not.toHaveBeenCalled(); // the footers are read from the files' tails, not by DuckDB
    const list = `['${path.join(dir, 'a.parquet')}', '${path.join(dir, 'b.parquet')}']`;
    expect(relation.sql).toBe(
      `SELECT "d"."id" AS "id", "d"."name" AS "name", CAST('x' AS VARCHAR) AS "part" FROM read_parquet(${list}) AS "d"`,
    );
    expect(await session.all(`SELECT * FROM (${relation.sql}) ORDER BY id`)).toEqual([
      { id: 1n, name: 'one', part: 'x' },
      { id: 2n, name: 'two', part: 'x' },
    ]);
    await relation.release();
  });

  it('reads at most 64 unknown footers per scan: a scan of more files learns them over its first queries', async () => {
    const names = Array.from({ length: 70 }, (_, i) => `f${i}.parquet`);
    for (const [i, name] of names.entries()) {
      await writeFile(name, `SELECT CAST(${i} AS BIGINT) AS "id", 'n' AS "name"`);
    }
    const p = plan(
      schema,
      names.map((n) => scanFile(n, { part: 'x' })),
      ['part'],
    );
    const sqlOf = async () => {
      const relation = await scanRelation(session, store, p);
      const rows = await session.all(`SELECT count(*) AS n, sum(id) AS s FROM (${relation.sql})`);
      await relation.release();
      return { sql: relation.sql, rows };
    };
    const first = await sqlOf();
    expect(first.sql).toContain('schema = map {');
    const second = await sqlOf();
    expect(second.sql).not.toContain('schema = map {');
    expect(second.rows).toEqual(first.rows);
    expect(second.rows).toEqual([{ n: 70n, s: 2415n }]);
  });

  it('keeps the log schema for a file lacking a column, stored in another case, or with a clashing name', async () => {
    const cases: [string, string][] = [
      ['lacks', `SELECT CAST(1 AS BIGINT) AS "id"`],
      ['case', `SELECT CAST(1 AS BIGINT) AS "ID", 'one' AS "name"`],
      ['virtual', `SELECT CAST(1 AS BIGINT) AS "id", 'one' AS "name", 0 AS "filename"`],
      ['binary', `SELECT CAST(1 AS BIGINT) AS "id", 'one'::BLOB AS "name"`],
    ];
    for (const [name, select] of cases) {
      await writeFile(`${name}.parquet`, select);
      const relation = await scanRelation(
        session,
        store,
        plan(schema, [scanFile(`${name}.parquet`)], ['part']),
      );
      expect(relation.sql, name).toContain('schema = map {');
      expect(await session.all(`SELECT id FROM (${relation.sql})`), name).toEqual([{ id: 1n }]);
      await relation.release();
    }
  });

  it('picks a per-file value from a constant list by file_index when the files differ; the file index is file_index', async () => {
    await writeFile('a.parquet', `SELECT CAST(1 AS BIGINT) AS "id"`);
    await writeFile('b.parquet', `SELECT CAST(2 AS BIGINT) AS "id"`);
    const result = await scan(
      plan(schema, [scanFile('a.parquet', { part: 'x' }), scanFile('b.parquet', { part: null })], ['part']),
      'SELECT * FROM scan ORDER BY ALL NULLS FIRST',
      'fi',
    );
    expect(result.sql).toContain(
      `[CAST('x' AS VARCHAR), CAST(NULL AS VARCHAR)][CAST("d"."file_index" AS BIGINT) + 1] AS "part"`,
    );
    expect(result.sql).toContain(`CAST("d"."file_index" AS INTEGER) AS "fi"`);
    expect(result.sql).not.toMatch(/JOIN|parquet_schema/);
    expect(result.rows).toEqual([
      ['1', null, 'x', 0],
      ['2', null, null, 1],
    ]);
  });

  it('a WHERE on a data column becomes a table filter of the Parquet reader', async () => {
    await writeFile('a.parquet', `SELECT CAST(i AS BIGINT) AS "id", 'n' AS "name" FROM range(10) r(i)`);
    const relation = await scanRelation(
      session,
      store,
      plan(schema, [scanFile('a.parquet', { part: 'x' })], ['part']),
    );
    try {
      const explain = await session.all(
        `EXPLAIN SELECT * FROM (${relation.sql}) AS t WHERE id = 7 AND part = 'x'`,
      );
      const text = explain.map((r) => String(r.explain_value)).join('\n');
      expect(text).toMatch(/READ_PARQUET[\s\S]*Filters:[\s\S]*id=7/);
      expect(await session.all(`SELECT id FROM (${relation.sql}) AS t WHERE id = 7 AND part = 'x'`)).toEqual([
        { id: 7n },
      ]);
      // The partition constant folds: a filter it fails leaves no scan at all.
      const none = await session.all(`EXPLAIN SELECT * FROM (${relation.sql}) AS t WHERE part = 'y'`);
      expect(none.map((r) => String(r.explain_value)).join('\n')).not.toMatch(/READ_PARQUET/);
    } finally {
      await relation.release();
    }
  });

  it("tells DuckDB the scan's size from the files' numRecords when it opens no file to guess it", async () => {
    await writeFile('a.parquet', `SELECT CAST(i AS BIGINT) AS "id" FROM range(3) r(i)`);
    await writeFile('b.parquet', `SELECT CAST(i AS BIGINT) AS "id" FROM range(4) r(i)`);
    const withStats = [
      scanFile('a.parquet', { part: 'x' }, { stats: '{"numRecords":30000}' }),
      scanFile('b.parquet', { part: 'x' }, { stats: '{"numRecords": 12345,"minValues":{}}' }),
    ];
    const relation = await scanRelation(session, store, plan(schema, withStats, ['part']));
    expect(relation.sql).toMatch(/, explicit_cardinality = 42345\) AS "d"$/);
    const explain = await session.all(`EXPLAIN SELECT * FROM (${relation.sql}) AS t`);
    expect(explain.map((r) => String(r.explain_value)).join('\n')).toMatch(/~42,345 rows/);
    await relation.release();
    const partly = await scanRelation(
      session,
      store,
      plan(schema, [withStats[0]!, scanFile('b.parquet', { part: 'x' })], ['part']),
    );
    expect(partly.sql).not.toContain('explicit_cardinality');
    await partly.release();
    // Files that store every column as the table types it are read plainly: DuckDB opens the first and
    // estimates the scan as it does for its own read_parquet of the same files.
    await writeFile('c.parquet', `SELECT CAST(i AS BIGINT) AS "id", 'n' AS "name" FROM range(3) r(i)`);
    const plainRead = await scanRelation(
      session,
      store,
      plan(schema, [scanFile('c.parquet', { part: 'x' }, { stats: '{"numRecords":30000}' })], ['part']),
    );
    expect(plainRead.sql).toMatch(/FROM read_parquet\(\['[^']*c\.parquet'\]\) AS "d"$/);
    await plainRead.release();
  });

  it('probes footers only for timestamp columns, and reads INT96-style wall clocks as UTC', async () => {
    await writeFile('wall.parquet', `SELECT TIMESTAMP '2024-01-01 10:00:00' AS "t"`);
    await writeFile('utc.parquet', `SELECT TIMESTAMPTZ '2024-01-01 10:00:00+00' AS "t"`);
    const la = await EngineSession.create({ timeZone: 'America/Los_Angeles' });
    try {
      const p = plan(struct([field('t', TimestampType)]), [
        scanFile('wall.parquet'),
        scanFile('utc.parquet'),
      ]);
      const relation = await scanRelation(la, store, p);
      expect(relation.sql.match(/read_parquet/g)).toHaveLength(2);
      expect(relation.sql).toContain(`type: 'TIMESTAMP'`);
      expect(relation.sql).toContain(`timezone('UTC', "d"."c0")`);
      expect(await la.all(`SELECT epoch_us(t) AS us FROM (${relation.sql}) AS s`)).toEqual([
        { us: 1704103200000000n },
        { us: 1704103200000000n },
      ]);
      await relation.release();
    } finally {
      la.close();
    }
  });
});

describe('scan results', () => {
  it('NULL and escaped partition values come from the log, whatever the paths say', async () => {
    const values = [null, 'a b/c=d%25', "it's", ''];
    for (let i = 0; i < values.length; i++) {
      await writeFile(`part=__HIVE_DEFAULT_PARTITION__/f${i}.parquet`, `SELECT CAST(${i} AS BIGINT) AS "id"`);
    }
    const files = values.map((v, i) =>
      scanFile(`part=__HIVE_DEFAULT_PARTITION__/f${i}.parquet`, { part: v }),
    );
    const all = await scan(plan(schema, files, ['part']), 'SELECT id, part FROM scan ORDER BY id');
    expect(all.rows).toEqual([
      ['0', null],
      ['1', 'a b/c=d%25'],
      ['2', "it's"],
      ['3', ''],
    ]);
    const nulls = await scan(plan(schema, files, ['part']), 'SELECT id FROM scan WHERE part IS NULL');
    expect(nulls.rows).toEqual([['0']]);
  });

  it('typed partition constants: int, date, decimal, boolean, binary and timestamp, NULLs among them', async () => {
    const s = struct([
      field('id', LongType),
      field('i', IntegerType),
      field('d', DateType),
      field('m', decimal(10, 2)),
      field('b', BooleanType),
      field('bin', BinaryType),
      field('ts', TimestampType),
    ]);
    await writeFile('a.parquet', `SELECT CAST(1 AS BIGINT) AS "id"`);
    await writeFile('b.parquet', `SELECT CAST(2 AS BIGINT) AS "id"`);
    const files = [
      scanFile('a.parquet', { i: 7, d: 19723, m: 12345n, b: true, bin: new Uint8Array([1, 255]), ts: 1n }),
      scanFile('b.parquet', { i: null, d: null, m: null, b: null, bin: null, ts: null }),
    ];
    const result = await scan(
      plan(s, files, ['i', 'd', 'm', 'b', 'bin', 'ts']),
      `SELECT id, i, d::VARCHAR, m::VARCHAR, b, hex(bin), epoch_us(ts), typeof(d), typeof(m) FROM scan ORDER BY id`,
    );
    expect(result.rows).toEqual([
      ['1', 7, '2024-01-01', '123.45', true, '01FF', '1', 'DATE', 'DECIMAL(10,2)'],
      ['2', null, null, null, null, null, null, 'DATE', 'DECIMAL(10,2)'],
    ]);
    expect(result.sql).not.toMatch(/JOIN/);
  });

  it('name mode: physical names, a renamed nested field and a column an old file lacks', async () => {
    const mapped = (name: string, physical: string, type: DataType, id: number) =>
      field(name, type, true, { [PHYSICAL_NAME_KEY]: physical, [COLUMN_ID_KEY]: id });
    const s = struct([
      mapped('id', 'col-1', LongType, 1),
      mapped('info', 'col-2', struct([mapped('label', 'col-3', StringType, 3)]), 2),
      mapped('added', 'col-4', LongType, 4),
    ]);
    await writeFile('old.parquet', `SELECT CAST(1 AS INTEGER) AS "col-1", {'col-3': 'a'} AS "col-2"`);
    await writeFile(
      'new.parquet',
      `SELECT CAST(2 AS BIGINT) AS "col-1", {'col-3': 'b'} AS "col-2", CAST(9 AS BIGINT) AS "col-4"`,
    );
    const result = await scan(
      plan(s, [scanFile('old.parquet'), scanFile('new.parquet')], [], 'name'),
      'SELECT id, info.label AS label, added FROM scan ORDER BY id',
    );
    expect(result.rows).toEqual([
      ['1', 'a', null],
      ['2', 'b', '9'],
    ]);
  });

  it('id mode matches columns by Parquet field id, not by name', async () => {
    const s = struct([
      field('id', LongType, true, { [PHYSICAL_NAME_KEY]: 'col-a', [COLUMN_ID_KEY]: 1 }),
      field('n', IntegerType, true, { [PHYSICAL_NAME_KEY]: 'col-b', [COLUMN_ID_KEY]: 2 }),
    ]);
    // Written under other names: only the ids tie the columns to the table's.
    await writeFile(
      'f.parquet',
      `SELECT CAST(5 AS BIGINT) AS "x", CAST(6 AS INTEGER) AS "y"`,
      `, FIELD_IDS {x: 1, y: 2}`,
    );
    const result = await scan(plan(s, [scanFile('f.parquet')], [], 'id'));
    expect(result.sql).toContain(`schema = map {1: {name: 'c0'`);
    expect(result.rows).toEqual([['5', 6]]);
  });

  it('deletion vectors remove rows only in their files, next to partitions read as constants', async () => {
    await writeFile('a.parquet', `SELECT CAST(i AS BIGINT) AS "id", 'a' AS "name" FROM range(5) r(i)`);
    await writeFile('b.parquet', `SELECT CAST(i + 10 AS BIGINT) AS "id", 'b' AS "name" FROM range(3) r(i)`);
    const files = [
      scanFile('a.parquet', { part: 'p1' }, { deletionVector: inlineDeletionVectorDescriptor([0n, 4n]) }),
      scanFile('b.parquet', { part: 'p2' }),
    ];
    const result = await scan(plan(schema, files, ['part']), 'SELECT id, part FROM scan ORDER BY id');
    expect(result.rows).toEqual([
      ['1', 'p1'],
      ['2', 'p1'],
      ['3', 'p1'],
      ['10', 'p2'],
      ['11', 'p2'],
      ['12', 'p2'],
    ]);
    // One read for the file with a DV (anti-joined by file and row) and one, join-free, for the other.
    const [withDv, withoutDv] = result.sql.split('\nUNION ALL\n');
    expect(withoutDv).toBe(
      `SELECT "d"."id" AS "id", "d"."name" AS "name", CAST('p2' AS VARCHAR) AS "part" FROM read_parquet(['${path.join(dir, 'b.parquet')}']) AS "d"`,
    );
    expect(withDv).toMatch(
      /ANTI JOIN "lakesql_scan_dv[^"]*" AS "dv" ON "dv"."__lakesql_file_index" = "d"."file_index" AND "dv"."file_row_number" = "d"."file_row_number"$/,
    );
  });

  it('count(*) reads no column at all', async () => {
    await writeFile('a.parquet', `SELECT CAST(i AS BIGINT) AS "id" FROM range(4) r(i)`);
    const relation = await scanRelation(
      session,
      store,
      plan(schema, [scanFile('a.parquet', { part: 'x' })], ['part']),
      {
        columns: [],
      },
    );
    expect(relation.sql).toBe(
      `SELECT NULL AS "__no_columns" FROM read_parquet(['${path.join(dir, 'a.parquet')}']) AS "d"`,
    );
    expect(await session.all(`SELECT count(*) AS n FROM (${relation.sql}) AS t`)).toEqual([{ n: 4n }]);
    await relation.release();
  });
});
