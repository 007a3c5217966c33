/** uniform and randstr: types, ranges and pools (the values themselves are not Spark's sequence). */
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
