/**
 * IGNORE NULLS / RESPECT NULLS as Spark hands them to first/last/any_value and nth_value, as aggregates and
 * over windows, in input order; any other function refuses IGNORE NULLS.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';

const db = useSqlSession('lakesql-null-treatment-');
const T = 'VALUES (NULL, 1), (2, 2), (NULL, 3), (4, 4), (NULL, 5) AS t(x, o)';

describe('IGNORE NULLS', () => {
  it('makes first/last/any_value skip NULLs in input order; RESPECT NULLS keeps them', async () => {
    expect(
      await db.rows(
        `SELECT first(x) IGNORE NULLS, last(x) IGNORE NULLS, first_value(x) IGNORE NULLS, any_value(x) IGNORE NULLS, first(x) RESPECT NULLS, last(x, true) FROM ${T}`,
      ),
    ).toEqual([[2, 4, 2, 2, null, 4]]);
  });
  it('keeps the input order of a large input', async () => {
    expect(
      await db.rows(
        'SELECT last(x) IGNORE NULLS, first(x) IGNORE NULLS FROM (SELECT CASE WHEN i % 3 = 0 THEN NULL ELSE i END AS x FROM range(200000) r(i))',
      ),
    ).toEqual([[199999n, 1n]]);
  });
  it('applies over windows', async () => {
    expect(
      await db.rows(
        `SELECT o, first_value(x) IGNORE NULLS OVER (ORDER BY o), last_value(x) IGNORE NULLS OVER (ORDER BY o), nth_value(x, 2) IGNORE NULLS OVER (ORDER BY o ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) FROM ${T} ORDER BY o`,
      ),
    ).toEqual([
      [1, null, null, 4],
      [2, 2, 2, 4],
      [3, 2, 2, 4],
      [4, 2, 4, 4],
      [5, 2, 4, 4],
    ]);
  });
  it('is refused by functions that take no null treatment', async () => {
    const e = await errorOf(db.rows(`SELECT count(x) IGNORE NULLS FROM ${T}`));
    expect(e.errorClass).toBe('INVALID_SQL_SYNTAX.FUNCTION_WITH_UNSUPPORTED_SYNTAX');
    expect(e.messageParameters).toEqual({ prettyName: '`count`', syntax: 'IGNORE NULLS' });
  });
});
