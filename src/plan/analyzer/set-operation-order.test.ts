/**
 * ORDER BY over a set operation: an integer is an ordinal of the output columns (Spark's
 * SubstituteUnresolvedOrdinals applies to every Sort), never a constant that leaves the rows unordered.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';

const db = useSqlSession('lakesql-set-operation-order-');

describe('ORDER BY ordinal over UNION, INTERSECT and EXCEPT', () => {
  it('sorts by the numbered output column', async () => {
    expect(await db.rows('SELECT 3 AS a, 1 AS b UNION SELECT 1, 2 UNION SELECT 2, 0 ORDER BY 1')).toEqual([
      [1, 2],
      [2, 0],
      [3, 1],
    ]);
    expect(
      await db.rows('SELECT 3 AS a, 1 AS b UNION ALL SELECT 1, 2 UNION ALL SELECT 2, 0 ORDER BY 2 DESC'),
    ).toEqual([
      [1, 2],
      [3, 1],
      [2, 0],
    ]);
    expect(
      await db.rows('SELECT * FROM VALUES (5), (4), (9) AS t(x) EXCEPT SELECT 4 ORDER BY 1 DESC'),
    ).toEqual([[9], [5]]);
  });
  it('an ordinal past the output fails as over a select list', async () => {
    const e = await errorOf(db.rows('SELECT 1 AS a UNION SELECT 2 ORDER BY 2'));
    expect([e.errorClass, e.messageParameters]).toEqual(['ORDER_BY_POS_OUT_OF_RANGE', { index: 2, size: 1 }]);
  });
});
