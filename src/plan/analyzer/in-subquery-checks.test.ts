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
});
