/**
 * Leaf columns read without row assembly give the values DuckDB wrote, row for row: nulls of a leaf and of
 * the struct above it, a map that is null, empty or holds a null value, int64 as numbers, text across many
 * pages, and the footer's counts of non-null values.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineSession } from './engine-session.js';
import { InMemoryParquetColumns } from './parquet-leaf-columns.js';
import { quoteString } from './sql-text.js';

let engine: EngineSession;
let dir: string;
let columns: InMemoryParquetColumns;

const ROWS = 5000;

beforeAll(async () => {
  engine = await EngineSession.create({ threads: 1 });
  dir = await mkdtemp(join(tmpdir(), 'lakesql-leaf-columns-'));
  const file = join(dir, 'f.parquet');
  // Row i: no struct when i % 5 = 0; its text null when i % 7 = 0; its map null when i % 3 = 0, empty when
  // i % 3 = 1, else one entry whose value is null when i % 2 = 0.
  await engine.run(
    `COPY (SELECT CASE WHEN i % 5 = 0 THEN NULL ELSE {
        'text': CASE WHEN i % 7 = 0 THEN NULL ELSE 'path-' || i || '-é' END,
        'n': i * 1000000000000,
        'm': CASE i % 3 WHEN 0 THEN NULL WHEN 1 THEN MAP {}::MAP(VARCHAR, VARCHAR)
             ELSE MAP {'k' || i: CASE WHEN i % 2 = 0 THEN NULL ELSE 'v' END} END,
        'never': NULL::VARCHAR} END AS s
      FROM range(${ROWS}) t(i)) TO ${quoteString(file)} (FORMAT parquet, ROW_GROUP_SIZE 2048)`,
  );
  columns = new InMemoryParquetColumns(new Uint8Array(await readFile(file)));
});
afterAll(async () => {
  engine.close();
  await rm(dir, { recursive: true, force: true });
});

describe('InMemoryParquetColumns', () => {
  it('reads a leaf under a nullable struct, row by row', () => {
    expect(columns.numRows).toBe(ROWS);
    expect(columns.childNames(['s'])).toEqual(['text', 'n', 'm', 'never']);
    expect(columns.childNames(['nope'])).toBeUndefined();
    const text = columns.leaf(['s', 'text']);
    const n = columns.leaf(['s', 'n']);
    for (let i = 0; i < ROWS; i++) {
      expect(text[i]).toBe(i % 5 === 0 || i % 7 === 0 ? null : `path-${i}-é`);
      expect(n[i]).toBe(i % 5 === 0 ? null : i * 1e12);
    }
    expect(columns.leaf(['s', 'never'])).toEqual(new Array(ROWS).fill(null));
  });

  it('reads a map of strings: null, empty, and entries with null values', () => {
    const maps = columns.stringMap(['s', 'm']);
    expect(maps).toHaveLength(ROWS);
    for (let i = 0; i < ROWS; i++) {
      const expected =
        i % 5 === 0 || i % 3 === 0 ? null : i % 3 === 1 ? {} : { [`k${i}`]: i % 2 === 0 ? null : 'v' };
      expect(maps[i]).toEqual(expected);
    }
  });

  it('counts non-null values from the footer', () => {
    let expected = 0;
    for (let i = 0; i < ROWS; i++) if (i % 5 !== 0 && i % 7 !== 0) expected++;
    expect(columns.nonNullCount(['s', 'text'])).toBe(expected);
    expect(columns.nonNullCount(['s', 'never'])).toBe(0);
  });
});
