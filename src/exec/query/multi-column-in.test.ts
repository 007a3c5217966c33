import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-multi-column-in-');

describe('(a, b) [NOT] IN (subquery)', () => {
  it('answers TRUE, NULL or FALSE column by column, as Spark does', async () => {
    await fx.rows('CREATE TEMP VIEW mm(a, b) AS VALUES (null, null), (null, 1), (2, 3), (4, 5)');
    await fx.rows('CREATE TEMP VIEW ms(c, d) AS VALUES (null, null), (0, 1), (2, 3), (4, null)');
    // (null, 1) differs from (2, 3) on d, so it is NOT IN that one-row subquery.
    expect(
      await fx.rows('SELECT * FROM mm WHERE b = 1 AND (a, b) NOT IN (SELECT * FROM ms WHERE c = 2)'),
    ).toEqual([[null, 1]]);
    expect(
      await fx.rows(
        'SELECT a, b, (a, b) IN (SELECT * FROM ms WHERE c IS NOT NULL) FROM mm ORDER BY a NULLS FIRST, b NULLS FIRST',
      ),
    ).toEqual([
      [null, null, null],
      [null, 1, null],
      [2, 3, true],
      [4, 5, null],
    ]);
  });

  it('may be correlated', async () => {
    expect(
      await fx.rows('SELECT a, b FROM mm WHERE (a, b) IN (SELECT c, d FROM ms WHERE ms.c = mm.a) ORDER BY a'),
    ).toEqual([[2, 3]]);
    expect(
      await fx.rows(
        'SELECT a, b FROM mm WHERE (a, b) NOT IN (SELECT c, d FROM ms WHERE ms.c = mm.a + 100) ORDER BY a NULLS FIRST, b NULLS FIRST',
      ),
    ).toEqual([
      [null, null],
      [null, 1],
      [2, 3],
      [4, 5],
    ]);
  });
});
