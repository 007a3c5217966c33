import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-lateral-join-');

describe('LATERAL subqueries in FROM', () => {
  it('read the columns of the relations on their left', async () => {
    await fx.rows('CREATE TEMP VIEW l1(c1, c2) AS VALUES (0, 1), (1, 2)');
    await fx.rows('CREATE TEMP VIEW l2(c1, c2) AS VALUES (0, 2), (0, 3)');
    expect(await fx.rows('SELECT * FROM l1, LATERAL (SELECT c1 + c2 AS s) ORDER BY c1')).toEqual([
      [0, 1, 1],
      [1, 2, 3],
    ]);
    expect(
      await fx.rows(
        'SELECT l1.c1, m FROM l1, LATERAL (SELECT max(c2) AS m FROM l2 WHERE l1.c1 = l2.c1) ORDER BY 1',
      ),
    ).toEqual([
      [0, 3],
      [1, null],
    ]);
    expect(
      await fx.rows(
        'SELECT * FROM l1 LEFT JOIN LATERAL (SELECT c2 AS d FROM l2 WHERE l2.c1 = l1.c1) ON TRUE ORDER BY 1, 3',
      ),
    ).toEqual([
      [0, 1, 2],
      [0, 1, 3],
      [1, 2, null],
    ]);
  });

  it('refuses NATURAL and USING joins with a lateral right side', async () => {
    const natural = await errorOf(
      fx.session.execute('SELECT * FROM l1 NATURAL JOIN LATERAL (SELECT c1 + c2 AS c2)'),
    );
    expect(natural.errorClass).toBe('INCOMPATIBLE_JOIN_TYPES');
    expect(natural.messageParameters).toEqual({ joinType1: 'LATERAL', joinType2: 'NATURAL' });
    const using = await errorOf(
      fx.session.execute('SELECT * FROM l1 JOIN LATERAL (SELECT c1 + c2 AS c2) USING (c2)'),
    );
    expect(using.errorClass).toBe('UNSUPPORTED_FEATURE.LATERAL_JOIN_USING');
  });

  it('refuses a nondeterministic lateral subquery over many left rows, and a nondeterministic condition', async () => {
    const subquery = await errorOf(fx.session.execute('SELECT * FROM l1, LATERAL (SELECT rand(0) FROM l2)'));
    expect(subquery.errorClass).toBe(
      'UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY.NON_DETERMINISTIC_LATERAL_SUBQUERIES',
    );
    expect(await fx.rows('SELECT a, r < 1 FROM (SELECT 1 AS a), LATERAL (SELECT rand(0) AS r)')).toEqual([
      [1, true],
    ]);
    const condition = await errorOf(
      fx.session.execute('SELECT * FROM l1 JOIN LATERAL (SELECT * FROM l2) s ON l1.c1 + rand(0) = s.c1'),
    );
    expect(condition.errorClass).toBe(
      'UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY.LATERAL_JOIN_CONDITION_NON_DETERMINISTIC',
    );
  });

  it('names an outer column of a lateral select list as Spark does', async () => {
    const results = await fx.session.execute('SELECT * FROM l1, LATERAL (SELECT l1.c1 + c2 FROM l2)');
    const last = results[results.length - 1];
    expect(last?.kind === 'rows' ? last.columns.map((c) => c.name) : []).toEqual([
      'c1',
      'c2',
      '(outer(l1.c1) + c2)',
    ]);
  });
});
