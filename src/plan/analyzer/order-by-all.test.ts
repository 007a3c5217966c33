/**
 * ORDER BY ALL as Spark resolves it (ResolveOrderByAll): every output column in order with the written
 * direction and null order, over a select list and over a set operation; a column or alias named `all`
 * keeps its meaning.
 */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';

const db = useSqlSession('lakesql-order-by-all-');
const T = "VALUES (2, 'a'), (1, 'b'), (1, 'a'), (NULL, 'c') AS t(a, b)";

describe('ORDER BY ALL', () => {
  it('sorts by every select item, ascending with nulls first', async () => {
    expect(await db.rows(`SELECT * FROM ${T} ORDER BY ALL`)).toEqual([
      [null, 'c'],
      [1, 'a'],
      [1, 'b'],
      [2, 'a'],
    ]);
  });
  it('applies the written direction and null order to every item', async () => {
    expect(await db.rows(`SELECT b, a FROM ${T} ORDER BY ALL DESC`)).toEqual([
      ['c', null],
      ['b', 1],
      ['a', 2],
      ['a', 1],
    ]);
    expect(await db.rows(`SELECT a FROM ${T} ORDER BY ALL DESC NULLS FIRST`)).toEqual([
      [null],
      [2],
      [1],
      [1],
    ]);
  });
  it('sorts an aggregate by its grouping and aggregate columns', async () => {
    expect(await db.rows(`SELECT b, count(*) FROM ${T} GROUP BY ALL ORDER BY ALL DESC`)).toEqual([
      ['c', 1n],
      ['b', 1n],
      ['a', 2n],
    ]);
  });
  it('sorts a set operation by its output columns', async () => {
    expect(
      await db.rows('SELECT 2 AS x, 1 AS y UNION ALL SELECT 1, 2 UNION ALL SELECT 1, 1 ORDER BY ALL'),
    ).toEqual([
      [1, 1],
      [1, 2],
      [2, 1],
    ]);
  });
  it('leaves a column or alias named all to its own meaning', async () => {
    expect(await db.rows(`SELECT b, a AS all FROM ${T} ORDER BY all DESC NULLS LAST`)).toEqual([
      ['a', 2],
      ['b', 1],
      ['a', 1],
      ['c', null],
    ]);
    expect(await db.rows('SELECT x FROM VALUES (1, 2), (2, 1) AS t(x, all) ORDER BY all')).toEqual([
      [2],
      [1],
    ]);
  });
});
