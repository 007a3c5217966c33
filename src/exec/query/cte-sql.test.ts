/**
 * WITH queries read twice or more are computed once (DuckDB's materialized CTE); read once, or correlated
 * with an outer query, they are inlined. TPC-H q15 reads its revenue view twice and once aggregated
 * lineitem twice.
 */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-cte-');

async function explained(query: string): Promise<{ sql: string; plan: string }> {
  const text = String((await fx.rows(`EXPLAIN FORMATTED ${query}`))[0]![0]);
  const plan = text.indexOf('== DuckDB Plan ==');
  return { sql: text.slice(text.indexOf('== DuckDB SQL ==') + 17, plan).trim(), plan: text.slice(plan) };
}

describe('WITH queries', () => {
  it('computes a query read twice once', async () => {
    await fx.rows(
      `CREATE TABLE s (k INT, v INT) USING DELTA; INSERT INTO s VALUES (1, 10), (1, 20), (2, 5), (3, 30)`,
    );
    const query = `WITH r AS (SELECT k, sum(v) AS total FROM s GROUP BY k)
      SELECT k, total FROM r WHERE total = (SELECT max(total) FROM r) ORDER BY k`;
    const { sql, plan } = await explained(query);
    expect(sql).toMatch(/^WITH "__cte\d+" AS MATERIALIZED \(SELECT /);
    expect(plan.match(/CTE_SCAN/g)).toHaveLength(2);
    expect(await fx.rows(query)).toEqual([
      [1, 30n],
      [3, 30n],
    ]);
  });

  it('inlines a query read once', async () => {
    const { sql } = await explained('WITH r AS (SELECT k FROM s WHERE v > 5) SELECT count(*) FROM r');
    expect(sql).not.toContain('MATERIALIZED');
    expect(await fx.rows('WITH r AS (SELECT k FROM s WHERE v > 5) SELECT count(*) FROM r')).toEqual([[3n]]);
  });

  it('writes a shared query that reads another after it', async () => {
    const query = `WITH a AS (SELECT k, v FROM s), b AS (SELECT k, v * 2 AS w FROM a)
      SELECT (SELECT sum(w) FROM b), (SELECT max(w) FROM b), (SELECT count(*) FROM a), (SELECT min(v) FROM a)`;
    const { sql } = await explained(query);
    expect(sql.match(/MATERIALIZED/g)).toHaveLength(2);
    expect(await fx.rows(query)).toEqual([[130n, 60, 4n, 5]]);
  });

  it('gives every reference the same rows of a non-deterministic query', async () => {
    expect(await fx.rows('WITH r AS (SELECT rand() AS x) SELECT a.x = b.x FROM r AS a, r AS b')).toEqual([
      [true],
    ]);
  });

  it('keeps a self-join of a WITH query apart', async () => {
    expect(
      await fx.rows(
        'WITH r AS (SELECT k, v FROM s) SELECT a.v, b.v FROM r AS a JOIN r AS b ON a.k = b.k AND a.v < b.v',
      ),
    ).toEqual([[10, 20]]);
  });

  it('skips files for a filter over a query read once, and inside one read twice', async () => {
    await fx.rows(`CREATE TABLE f (k INT) USING DELTA; INSERT INTO f VALUES (1); INSERT INTO f VALUES (2)`);
    const once = await fx.rows('EXPLAIN FORMATTED WITH r AS (SELECT k FROM f) SELECT k FROM r WHERE k = 1');
    expect(String(once[0]![0])).toContain('Files kept: 1 of 2');
    const twice = await fx.rows(
      'EXPLAIN FORMATTED WITH r AS (SELECT k FROM f WHERE k = 2) SELECT a.k FROM r AS a, r AS b WHERE a.k = b.k',
    );
    expect(String(twice[0]![0])).toContain('Files kept: 1 of 2');
    // Over a query read twice, a filter on one reference must not skip the files the other reads.
    const shared = await fx.rows(
      'EXPLAIN FORMATTED WITH r AS (SELECT k FROM f) SELECT k FROM r WHERE k = 1 UNION ALL SELECT k FROM r',
    );
    expect(String(shared[0]![0])).toContain('Files kept: 2 of 2');
    expect(
      await fx.rows(
        'WITH r AS (SELECT k FROM f) SELECT (SELECT count(*) FROM r WHERE k = 1), (SELECT count(*) FROM r)',
      ),
    ).toEqual([[1n, 2n]]);
  });
});
