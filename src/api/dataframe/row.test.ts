/** Rows from collect(): asDict() and a toJSON() that JSON.stringify can use for BIGINT and other values. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../lake-session.js';

let dir: string;
let spark: LakeSession;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-row-'));
  spark = await LakeSession.create({ warehouse: dir, output: () => {} });
});

afterAll(async () => {
  spark.close();
  await rm(dir, { recursive: true, force: true });
});

describe('Row', () => {
  it('keeps BIGINT exact as bigint, and JSON.stringify writes safe ones as numbers, others as strings', async () => {
    const df = await spark.sql(
      'SELECT 5L AS small, 9007199254740993L AS big, -9007199254740991L AS edge, CAST(NULL AS BIGINT) AS n',
    );
    const rows = await df.collect();
    expect(rows).toEqual([{ small: 5n, big: 9007199254740993n, edge: -9007199254740991n, n: null }]);
    expect(JSON.stringify(rows)).toBe(
      '[{"small":5,"big":"9007199254740993","edge":-9007199254740991,"n":null}]',
    );
  });

  it('converts nested values: arrays and structs of bigint, maps, binary, dates and timestamps', async () => {
    const df = await spark.sql(
      "SELECT array(1L, 2L) AS a, named_struct('x', 3L, 'y', 'z') AS s, map('k', 4L) AS m, map(1, 'one') AS mi, " +
        "X'CAFE' AS b, DATE'2024-01-02' AS d, TIMESTAMP'2024-01-02 03:04:05.123Z' AS ts, 12.30BD AS dec",
    );
    const row = (await df.collect())[0]!;
    expect(row.toJSON()).toEqual({
      a: [1, 2],
      s: { x: 3, y: 'z' },
      m: { k: 4 },
      mi: { '1': 'one' },
      b: 'yv4=',
      d: '2024-01-02',
      ts: '2024-01-02T03:04:05.123Z',
      dec: '12.30',
    });
  });

  it('asDict() is a plain object copy of the row', async () => {
    const row = (await (await spark.sql("SELECT 1 AS id, 'a' AS name")).collect())[0]!;
    const dict = row.asDict();
    expect(dict).toEqual({ id: 1, name: 'a' });
    expect(Object.getPrototypeOf(dict)).toBe(Object.prototype);
    expect(Object.keys(row)).toEqual(['id', 'name']);
    expect((await (await spark.sql('SELECT 2 AS id')).first())?.asDict()).toEqual({ id: 2 });
  });
});
