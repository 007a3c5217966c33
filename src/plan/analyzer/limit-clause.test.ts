/**
 * LIMIT and OFFSET values as Spark's checkLimitLikeClause checks them: any foldable INT expression, and
 * Spark's error classes for a column reference, another type, NULL and a negative value.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';

const db = useSqlSession('lakesql-limit-clause-');
const T = 'VALUES (1), (2), (3), (4), (5) AS t(key)';

describe('LIMIT and OFFSET values', () => {
  it('fold constant expressions', async () => {
    expect(await db.rows(`SELECT key FROM ${T} ORDER BY key LIMIT 2 + 1`)).toEqual([[1], [2], [3]]);
    expect(await db.rows(`SELECT key FROM ${T} ORDER BY key LIMIT CAST(1 AS INT) OFFSET abs(-3)`)).toEqual([
      [4],
    ]);
  });
  it.each([
    ['LIMIT key > 3', 'INVALID_LIMIT_LIKE_EXPRESSION.IS_UNFOLDABLE', { expr: '"(key > 3)"', name: 'limit' }],
    [
      'LIMIT true',
      'INVALID_LIMIT_LIKE_EXPRESSION.DATA_TYPE',
      { expr: '"true"', name: 'limit', dataType: '"BOOLEAN"' },
    ],
    [
      "LIMIT 'a'",
      'INVALID_LIMIT_LIKE_EXPRESSION.DATA_TYPE',
      { expr: '"a"', name: 'limit', dataType: '"STRING"' },
    ],
    [
      'LIMIT 1L',
      'INVALID_LIMIT_LIKE_EXPRESSION.DATA_TYPE',
      { expr: '"1"', name: 'limit', dataType: '"BIGINT"' },
    ],
    [
      'LIMIT CAST(NULL AS INT)',
      'INVALID_LIMIT_LIKE_EXPRESSION.IS_NULL',
      { expr: '"CAST(NULL AS INT)"', name: 'limit' },
    ],
    [
      'OFFSET 1 - 2',
      'INVALID_LIMIT_LIKE_EXPRESSION.IS_NEGATIVE',
      { expr: '"(1 - 2)"', name: 'offset', v: -1 },
    ],
  ])('%s fails with %s', async (clause, errorClass, parameters) => {
    const e = await errorOf(db.session.execute(`SELECT key FROM ${T} ${clause}`));
    expect(e.errorClass).toBe(errorClass);
    expect(e.messageParameters).toEqual(parameters);
    expect(e.sqlState).toBe('42K0E');
  });
});
