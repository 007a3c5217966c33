/**
 * Generators (explode & co) as lateral joins: the collection is computed in a projection of the child, so
 * that a lambda naming an outer column binds (DuckDB cannot bind it inside the LATERAL subquery; found by
 * the execution fuzz as `explode(transform(array(), x -> x + i))`).
 */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-generate-sql-');
const T = 'FROM VALUES (1, array(10, 20)), (-7, array()) AS t(i, arr)';
const sorted = (rows: unknown[][]) =>
  [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('a generator over a lambda that names a column', () => {
  it.each([
    [`SELECT explode(transform(array(1, 2), x -> x + i)) ${T}`, [[2], [3], [-6], [-5]]],
    [`SELECT i, explode(transform(array(), x -> x + i)) ${T}`, []],
    [
      `SELECT i, explode_outer(filter(array(1, 2), x -> x > i)) AS e ${T}`,
      [
        [1, 2],
        [-7, 1],
        [-7, 2],
      ],
    ],
    [
      `SELECT i, explode_outer(filter(array(1), x -> x > i)) AS e ${T}`,
      [
        [1, null],
        [-7, 1],
      ],
    ],
    [
      `SELECT posexplode(transform(arr, x -> x * i)) ${T}`,
      [
        [0, 10],
        [1, 20],
      ],
    ],
    [
      `SELECT explode(map_filter(map('a', 1, 'b', 2), (k, v) -> v > i)) ${T}`,
      [
        ['a', 1],
        ['b', 2],
        ['b', 2],
      ],
    ],
    [
      `SELECT inline(transform(array(1), x -> named_struct('a', x + i, 'b', i))) ${T}`,
      [
        [2, 1],
        [-6, -7],
      ],
    ],
    [
      `SELECT * ${T} LATERAL VIEW explode(transform(array(1), x -> x - i)) g AS e`,
      [
        [1, [10, 20], 0],
        [-7, [], 8],
      ],
    ],
  ])('%s', async (sql, rows) => {
    expect(sorted(await fixture.rows(sql))).toEqual(sorted(rows));
  });

  it('a collection that is a column stays unprojected, and the hoisted column never shows', async () => {
    expect(await fixture.rows(`SELECT * ${T} LATERAL VIEW explode(arr) g AS e`)).toEqual([
      [1, [10, 20], 10],
      [1, [10, 20], 20],
    ]);
    expect(await fixture.rows(`SELECT * ${T} LATERAL VIEW explode(array(i, i)) g AS e WHERE i = 1`)).toEqual([
      [1, [10, 20], 1],
      [1, [10, 20], 1],
    ]);
  });
});
