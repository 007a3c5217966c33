/**
 * A window aggregate may take the group's aggregates as its argument (`sum(sum(x)) OVER (…)`): the inner
 * aggregate is evaluated by the grouping, the window over the groups. A plain aggregate of an aggregate
 * stays NESTED_AGGREGATE_FUNCTION.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-window-over-aggregate-');
const DATA = 'VALUES (1, 2), (1, 3), (2, 2) AS t(four, ten)';

describe('window functions over aggregates', () => {
  it('sums the groups of a GROUP BY over a partition and over a running frame', async () => {
    expect(
      await fixture.rows(
        `SELECT four, ten, sum(sum(four)) OVER (PARTITION BY four), avg(ten) FROM ${DATA} GROUP BY four, ten ORDER BY four, ten`,
      ),
    ).toEqual([
      [1, 2, 2n, 2],
      [1, 3, 2n, 3],
      [2, 2, 2n, 2],
    ]);
    expect(
      await fixture.rows(
        `SELECT ten, sum(sum(four)) OVER (ORDER BY ten) FROM ${DATA} GROUP BY ten ORDER BY ten`,
      ),
    ).toEqual([
      [2, 3n],
      [3, 4n],
    ]);
  });

  it('makes a query without GROUP BY one group', async () => {
    expect(await fixture.rows(`SELECT sum(count(four)) OVER () FROM ${DATA} WHERE four = 1`)).toEqual([[2n]]);
  });

  it('still refuses an aggregate of an aggregate without OVER', async () => {
    const e = await errorOf(fixture.session.execute(`SELECT sum(sum(four)) FROM ${DATA}`));
    expect(e.errorClass).toBe('NESTED_AGGREGATE_FUNCTION');
  });
});
