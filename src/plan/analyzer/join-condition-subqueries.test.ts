import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-join-condition-subqueries-');

describe('subqueries in a JOIN condition', () => {
  it('are computed on the join input whose columns they read, for every join type', async () => {
    await fx.rows('CREATE TEMP VIEW jx(x1, x2) AS VALUES (2, 1), (1, 1), (3, 4)');
    await fx.rows('CREATE TEMP VIEW jy(y1, y2) AS VALUES (0, 2), (1, 4), (4, 11)');
    await fx.rows('CREATE TEMP VIEW jz(z1, z2) AS VALUES (4, 2), (3, 3), (8, 1)');
    expect(
      await fx.rows(
        'SELECT * FROM jx LEFT JOIN jy ON x1 = y1 AND EXISTS (SELECT * FROM jz WHERE z2 = x2) ORDER BY x1, x2',
      ),
    ).toEqual([
      [1, 1, 1, 4],
      [2, 1, null, null],
      [3, 4, null, null],
    ]);
    expect(
      await fx.rows(
        'SELECT * FROM jx RIGHT JOIN jy ON x1 = y1 AND y2 NOT IN (SELECT z1 FROM jz WHERE z2 = y2) ORDER BY y1',
      ),
    ).toEqual([
      [null, null, 0, 2],
      [1, 1, 1, 4],
      [null, null, 4, 11],
    ]);
    expect(
      await fx.rows(
        'SELECT * FROM jx LEFT ANTI JOIN jy ON x1 = y1 AND x2 IN (SELECT z2 FROM jz) ORDER BY x1',
      ),
    ).toEqual([
      [2, 1],
      [3, 4],
    ]);
    // The IN is never NULL here, so `IS NULL` is false and no row of jy matches.
    expect(
      await fx.rows(
        'SELECT x1, y1 FROM jx FULL JOIN jy ON (x1 IN (SELECT z1 FROM jz)) IS NULL ORDER BY x1 NULLS LAST, y1',
      ),
    ).toEqual([
      [1, null],
      [2, null],
      [3, null],
      [null, 0],
      [null, 1],
      [null, 4],
    ]);
  });

  it('refuses an EXISTS or IN subquery that reads both join inputs', async () => {
    const e = await errorOf(
      fx.session.execute(
        'SELECT * FROM jx JOIN jy ON x1 = y1 AND EXISTS (SELECT * FROM jz WHERE z2 = x2 AND z2 = y2)',
      ),
    );
    expect(e.errorClass).toBe(
      'UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY.UNSUPPORTED_CORRELATED_EXPRESSION_IN_JOIN_CONDITION',
    );
    expect(e.messageParameters).toEqual({ subqueryExpression: 'exists(jx.x2, jy.y2)' });
  });

  it('NATURAL JOIN without common columns pairs every row with every row', async () => {
    expect(await fx.rows('SELECT count(*) FROM jx NATURAL JOIN jy')).toEqual([[9n]]);
  });
});
