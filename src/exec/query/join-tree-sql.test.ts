/**
 * Inner and cross joins compile to one tree of joins, with a filter above them as the tree's WHERE. DuckDB
 * reorders joins only within one such tree: a `SELECT *` subquery between two joins kept TPC-H q09's FROM
 * list in its written order (a cross product of part and supplier), and a filter in a SELECT over the joins
 * left q18's `o_orderkey IN (…)` as a semi join over the whole three-way join instead of over orders.
 */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-join-tree-');

async function explained(query: string): Promise<{ sql: string; plan: string }> {
  const text = String((await fx.rows(`EXPLAIN FORMATTED ${query}`))[0]![0]);
  const plan = text.indexOf('== DuckDB Plan ==');
  return { sql: text.slice(text.indexOf('== DuckDB SQL =='), plan), plan: text.slice(plan) };
}

describe('join trees', () => {
  it('writes a FROM list and its WHERE as one join tree', async () => {
    await fx.rows(`CREATE TABLE a (k INT) USING DELTA; CREATE TABLE b (k INT, j INT) USING DELTA;
      CREATE TABLE c (j INT) USING DELTA;
      INSERT INTO a VALUES (1), (2); INSERT INTO b VALUES (1, 10), (2, 20), (3, 30); INSERT INTO c VALUES (10), (30)`);
    const query = 'SELECT a.k, c.j FROM a, c, b WHERE a.k = b.k AND b.j = c.j AND b.k IN (SELECT k FROM a)';
    const { sql, plan } = await explained(query);
    // `(a CROSS JOIN c) CROSS JOIN b WHERE …`: the nested join is a bare parenthesised join, not a subquery.
    expect(sql).toMatch(/AS q\d+\) CROSS JOIN \(SELECT /);
    expect(sql).toMatch(/ AS q\d+ WHERE \(/);
    expect(plan).not.toMatch(/CROSS_PRODUCT|NESTED_LOOP_JOIN|BLOCKWISE_NL_JOIN/);
    expect(await fx.rows(`${query} ORDER BY 1`)).toEqual([[1, 10]]);
  });

  it('keeps outer and semi joins with their own conditions', async () => {
    expect(
      await fx.rows(
        `SELECT a.k, b.j, c.j FROM a LEFT JOIN b ON a.k = b.k AND b.j > 10 JOIN c ON c.j = coalesce(b.j, 10)
         WHERE a.k IN (SELECT k FROM b) ORDER BY 1`,
      ),
    ).toEqual([[1, null, 10]]);
    expect(await fx.rows('SELECT b.k FROM b LEFT ANTI JOIN a ON a.k = b.k, c WHERE b.j = c.j')).toEqual([
      [3],
    ]);
  });
});
