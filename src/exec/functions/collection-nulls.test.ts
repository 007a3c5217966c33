/**
 * array_contains, array_distinct and flatten find NULL elements with DuckDB's list_count / list_position, not a
 * list_transform that builds a list of IS NULL flags for every row.
 */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-collection-nulls-');

describe('NULL elements in array functions', () => {
  it("keep Spark's three-valued array_contains, array_distinct's one NULL and flatten's NULL", async () => {
    expect(
      await fixture.rows(
        `SELECT array_contains(array(1, NULL), 2), array_contains(array(1, 2), 3), array_contains(array(1, NULL), 1),
           array_distinct(array(1, NULL, 1, NULL, 2)), flatten(array(array(1), NULL)), flatten(array(array(1), array(2)))`,
      ),
    ).toEqual([[null, false, true, [1, null, 2], null, [1, 2]]]);
  });

  it('compile without a list of IS NULL flags', async () => {
    const rows = await fixture.rows(
      'EXPLAIN EXTENDED SELECT array_contains(a, 2), array_distinct(a), flatten(array(a)) FROM (SELECT array(id, NULL) AS a FROM range(3))',
    );
    const plan = rows.map((r) => r.join(' ')).join('\n');
    const sql = plan.slice(plan.indexOf('== DuckDB SQL =='), plan.indexOf('== DuckDB Plan =='));
    expect(sql).toContain('list_count(');
    expect(sql).not.toMatch(/IS NULL\), true\)/);
  });
});
