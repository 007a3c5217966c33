import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-subquery-correlation-');

describe('outer references in a correlated subquery', () => {
  it('may stand in WHERE and in the select list of a non-aggregating subquery', async () => {
    await fx.rows('CREATE TEMP VIEW sx(x1, x2) AS VALUES (1, 1), (2, 2)');
    await fx.rows('CREATE TEMP VIEW sy(y1, y2) AS VALUES (1, 10), (1, 20), (2, 5)');
    expect(await fx.rows('SELECT x1, (SELECT sum(y2) FROM sy WHERE y1 = x1) FROM sx ORDER BY x1')).toEqual([
      [1, 30n],
      [2, 5n],
    ]);
  });

  it('are refused in GROUP BY and in an aggregate of the subquery (CORRELATED_REFERENCE)', async () => {
    const groupBy = await errorOf(
      fx.session.execute('SELECT * FROM sx WHERE (SELECT count(*) FROM sy WHERE y1 = x1 GROUP BY x1) = 1'),
    );
    expect(groupBy.errorClass).toBe('UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY.CORRELATED_REFERENCE');
    const aggregate = await errorOf(fx.session.execute('SELECT x1, (SELECT sum(x2) FROM sy) FROM sx'));
    expect(aggregate.errorClass).toBe('UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY.CORRELATED_REFERENCE');
  });

  it('may not be mixed with local columns in one aggregate function', async () => {
    const mixed = await errorOf(fx.session.execute('SELECT x1, (SELECT max(x2 + y2) FROM sy) FROM sx'));
    expect(mixed.errorClass).toBe(
      'UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY.AGGREGATE_FUNCTION_MIXED_OUTER_LOCAL_REFERENCES',
    );
  });
});
