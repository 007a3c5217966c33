/** rand, randn, uniform and randstr: types, ranges, pools, and Spark's values for a seed. */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';
import { query } from './testing/spark-query.js';

const fx = useSqlSession('lakesql-random-');

describe('uniform', () => {
  it('draws in [min, max) with Spark result types', async () => {
    const out = await query(
      fx,
      'SELECT uniform(10, 20, 0) AS a, uniform(5.5D, 10.5D) AS b, uniform(1, 3L) AS c, uniform(CAST(1 AS FLOAT), 2) AS d FROM range(200)',
    );
    expect(out.types).toEqual(['int', 'double', 'bigint', 'float']);
    for (const [a, b, c, d] of out.rows as [number, number, bigint, number][]) {
      expect(a >= 10 && a < 20).toBe(true);
      expect(b >= 5.5 && b < 10.5).toBe(true);
      expect(c >= 1n && c < 3n).toBe(true);
      expect(d >= 1 && d < 2).toBe(true);
    }
    expect(new Set(out.rows.map((r) => r[0])).size).toBeGreaterThan(1);
  });
  it('names the call as written and requires constants', async () => {
    expect((await query(fx, 'SELECT uniform(10, 20, 0)')).names).toEqual(['uniform(10, 20, 0)']);
    const e = await errorOf(fx.session.execute('SELECT uniform(a, 2) FROM VALUES (1) AS t(a)'));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.NON_FOLDABLE_INPUT');
    expect(e.messageParameters.inputName).toBe('`min`');
  });
});

describe('randstr', () => {
  it('gives strings of the length from the 62-character pool', async () => {
    const out = await query(fx, 'SELECT randstr(5, 0) AS s, randstr(0) AS e FROM range(50)');
    expect(out.types).toEqual(['string', 'string']);
    for (const [s, e] of out.rows as [string, string][]) {
      expect(s).toMatch(/^[0-9a-zA-Z]{5}$/);
      expect(e).toBe('');
    }
    expect(new Set(out.rows.map((r) => r[0])).size).toBeGreaterThan(40);
  });
});

describe('seeded values are Spark’s (XORShiftRandom seeded with the seed, partition 0)', () => {
  it('rand, randn, uniform and randstr give the values of Spark’s documentation and golden files', async () => {
    const out = await query(
      fx,
      'SELECT rand(0), rand(NULL), randn(0L), uniform(0, 10, 0), uniform(-20L, -10L, -10), ' +
        'uniform(10.0D, 20.0D, 0), randstr(10, 0), randstr(3, 0)',
    );
    expect(out.rows).toEqual([
      [
        0.7604953758285915,
        0.7604953758285915,
        1.6034991609278433,
        7,
        -17n,
        17.604953758285916,
        'ceV0PXaR2I',
        'ceV',
      ],
    ]);
  });
  it('types and checks arguments as Spark 4.0 does', async () => {
    const out = await query(
      fx,
      'SELECT uniform(CAST(10 AS DECIMAL(10, 3)), CAST(20 AS DECIMAL(11, 4)), 0) AS a, ' +
        'uniform(10, CAST(20 AS DECIMAL(10, 3)), 0) AS b, uniform(NULL, 1, 0) AS c, randstr(10L, 0) AS d, ' +
        'randstr(CAST(1 AS DECIMAL(10, 2)), 0) AS e',
    );
    expect(out.types).toEqual(['decimal(11,4)', 'decimal(10,3)', 'double', 'string', 'string']);
    expect(out.rows).toEqual([[176050n, 17605n, null, 'ceV0PXaR2I', 'c']]);
    for (const [sql, paramIndex, inputType] of [
      ["SELECT rand('1')", 'first', '"STRING"'],
      ['SELECT randn(1.0)', 'first', '"DECIMAL(2,1)"'],
      ['SELECT uniform(0, 1, CAST(NULL AS FLOAT))', 'third', '"FLOAT"'],
      ['SELECT randstr(10, 1.5)', 'second', '"DECIMAL(2,1)"'],
    ] as const) {
      const e = await errorOf(fx.session.execute(sql));
      expect(e.errorClass).toBe('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE');
      expect(e.messageParameters).toMatchObject({
        paramIndex,
        inputType,
        requiredType: '("INT" or "BIGINT")',
      });
    }
  });
  it('draws one value after another in row order, each call from its own stream', async () => {
    const out = await query(fx, 'SELECT rand(0) AS a, rand(0) AS b, rand(1) AS c FROM range(3)');
    expect(out.rows).toEqual([
      [0.7604953758285915, 0.7604953758285915, 0.6363787615254752],
      [0.5234194256885571, 0.5234194256885571, 0.5993846534021868],
      [0.0953472826424725, 0.0953472826424725, expect.any(Number)],
    ]);
  });
  it('repeats itself when the query runs again, and stays in [0, 1) over many chunks', async () => {
    const sql = 'SELECT rand(7) FROM range(5)';
    expect((await query(fx, sql)).rows).toEqual((await query(fx, sql)).rows);
    const stats = await query(
      fx,
      'SELECT count(*), min(r) >= 0, max(r) < 1 FROM (SELECT rand(3) AS r FROM range(20000))',
    );
    expect(stats.rows).toEqual([[20000n, true, true]]);
  });
});
