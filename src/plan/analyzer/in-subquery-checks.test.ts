import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-in-subquery-checks-');

describe('IN subquery inputs', () => {
  it('must match the subquery columns in number', async () => {
    await fx.rows('CREATE TEMP VIEW it1(a, b) AS VALUES (1, 2)');
    const e = await errorOf(fx.session.execute('SELECT * FROM it1 WHERE a IN (SELECT a, b FROM it1)'));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.IN_SUBQUERY_LENGTH_MISMATCH');
    expect(e.messageParameters).toMatchObject({
      leftColumns: '"a"',
      leftLength: '1',
      rightColumns: '"a", "b"',
      rightLength: '2',
    });
  });

  it('must share a type with each subquery column', async () => {
    await fx.rows("CREATE TEMP VIEW it2(t, d) AS VALUES (TIMESTAMP'2020-01-01 00:00:00', 1.5D)");
    const e = await errorOf(fx.session.execute('SELECT * FROM it2 WHERE (d, t) IN (SELECT t, d FROM it2)'));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.IN_SUBQUERY_DATA_TYPE_MISMATCH');
    expect(await fx.rows('SELECT count(*) FROM it1 WHERE (a, b) IN (SELECT b - 1, a + 1 FROM it1)')).toEqual([
      [1n],
    ]);
  });

  it('compares a value and a subquery column of different types in their common type', async () => {
    // The fuzz found BIGINT IN (SELECT STRING) reaching DuckDB uncast (INTERNAL_ERROR). ANSI widens to BIGINT.
    expect(await fx.rows("SELECT 1L IN (SELECT '1'), 2L IN (SELECT '1')")).toEqual([[true, false]]);
    expect(
      await fx.rows(
        'SELECT id FROM range(3) WHERE id IN (SELECT CAST(id AS STRING) FROM range(2)) ORDER BY id',
      ),
    ).toEqual([[0n], [1n]]);
    const e = await errorOf(fx.session.execute("SELECT 2L IN (SELECT 'a')"));
    expect(e.errorClass).toBe('CAST_INVALID_INPUT');
    // Legacy mode promotes to STRING: '1' is not '1.0'.
    await fx.rows('SET spark.sql.ansi.enabled = false');
    try {
      expect(await fx.rows("SELECT 1L IN (SELECT '1'), 1L IN (SELECT '1.0')")).toEqual([[true, false]]);
    } finally {
      await fx.rows('SET spark.sql.ansi.enabled = true');
    }
  });
});
