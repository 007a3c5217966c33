import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalObjectStore } from '../storage/local-store.js';
import { EngineSession } from './engine-session.js';
import { DuckDBParquetHandler } from './parquet-handler.js';
import { readRowsPacked } from './parquet-rows-packed.js';
import { quoteString } from './sql-text.js';

let session: EngineSession;
let dir: string;
beforeAll(async () => {
  session = await EngineSession.create();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'packed-rows-'));
});
afterAll(async () => {
  session.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** Writes `select` as a Parquet file and returns its path. */
async function parquetOf(name: string, select: string): Promise<string> {
  const file = path.join(dir, name);
  await session.withConnection((c) => c.run(`COPY (${select}) TO ${quoteString(file)} (FORMAT parquet)`));
  return file;
}

const packed = (file: string, columns: readonly string[]) =>
  session.withConnection(async (c) => {
    const source = `read_parquet(${quoteString(file)})`;
    const probe = await c.run(`SELECT ${columns.join(', ')} FROM ${source} LIMIT 0`);
    const types = probe.columnTypes();
    return readRowsPacked(
      c,
      source,
      probe.columnNames().map((name, i) => ({ name, type: types[i]! })),
    );
  });

/** The rows as DuckDB's to_json gives them: the shape ParquetHandler.readRows promises. */
const toJsonRows = (file: string) =>
  session.withConnection(async (c) => {
    const reader = await c.runAndReadAll(
      `SELECT to_json(t)::VARCHAR FROM read_parquet(${quoteString(file)}) t`,
    );
    return (reader.getColumnsJS()[0] ?? []).map((j) => JSON.parse(j as string) as Record<string, unknown>);
  });

describe('readRowsPacked', () => {
  it('gives each value as to_json does: NULL structs and fields, empty strings, maps, lists, big integers', async () => {
    const file = await parquetOf(
      'kinds.parquet',
      `SELECT * FROM (VALUES
        ({'path': 'a', 'size': 9007199254740991::BIGINT, 'dataChange': true, 'partitionValues': MAP {'p': 'x'}, 'stats': NULL::VARCHAR}, [1, 2], 'top'),
        ({'path': '', 'size': NULL::BIGINT, 'dataChange': false, 'partitionValues': MAP {}::MAP(VARCHAR, VARCHAR), 'stats': '{"numRecords":1}'}, NULL, NULL),
        (NULL, [], '')
      ) t(add, xs, s)`,
    );
    const rows = await packed(file, ['add', 'xs', 's']);
    expect(rows).toEqual([
      {
        add: {
          path: 'a',
          size: 9007199254740991,
          dataChange: true,
          partitionValues: { p: 'x' },
          stats: null,
        },
        xs: [1, 2],
        s: 'top',
      },
      {
        add: { path: '', size: null, dataChange: false, partitionValues: {}, stats: '{"numRecords":1}' },
        xs: null,
        s: null,
      },
      { add: null, xs: [], s: '' },
    ]);
    expect(rows).toEqual(await toJsonRows(file));
  });

  it('reads every row of a file larger than one packed batch exactly once', async () => {
    const file = await parquetOf(
      'many.parquet',
      `SELECT {'path': 'f' || i::VARCHAR, 'size': i} AS add FROM range(150000) t(i)`,
    );
    const rows = (await packed(file, ['add']))!;
    expect(rows).toHaveLength(150000);
    const sizes = new Set(rows.map((r) => (r.add as { size: number }).size));
    expect(sizes.size).toBe(150000);
    expect(rows.find((r) => (r.add as { size: number }).size === 123456)).toEqual({
      add: { path: 'f123456', size: 123456 },
    });
  });

  it('gives up on values holding a separator, and readRows still reads them exactly', async () => {
    for (const [name, sep] of [
      ['record.parquet', 30],
      ['unit.parquet', 31],
    ] as const) {
      const file = await parquetOf(
        name,
        `SELECT {'path': CASE WHEN i = 2500 THEN 'x' || chr(${sep}) || 'y' ELSE 'f' || i::VARCHAR END} AS add FROM range(3000) t(i)`,
      );
      expect(await packed(file, ['add'])).toBeUndefined();
      const handler = new DuckDBParquetHandler(session, { inProcessMaxBytes: 0 });
      const rows = await handler.readRows(new LocalObjectStore(dir), name);
      expect(rows).toHaveLength(3000);
      expect(rows.filter((r) => (r.add as { path: string }).path.includes(String.fromCharCode(sep)))).toEqual(
        [{ add: { path: `x${String.fromCharCode(sep)}y` } }],
      );
    }
  });
});
