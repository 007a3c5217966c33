/**
 * Spark's LIKE in DuckDB SQL. A literal pattern without a backslash means the same with or without Spark's
 * escape character, and is written without `ESCAPE '\'`: DuckDB then rewrites `LIKE 'x%'`, `'%x%'` and `'%x'`
 * into prefix/contains/suffix (measured 7x faster for a prefix over TPC-H's part table), which it does not
 * do for a LIKE with an escape clause. Patterns with a backslash, an ESCAPE clause or a non-literal pattern
 * keep the escape. The results are Spark's either way.
 */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-like-');

/** The DuckDB SQL lakesql runs for `query`, from EXPLAIN FORMATTED. */
async function duckdbSql(query: string): Promise<string> {
  const text = String((await fx.rows(`EXPLAIN FORMATTED ${query}`))[0]![0]);
  return text.slice(text.indexOf('== DuckDB SQL =='), text.indexOf('== DuckDB Plan =='));
}

describe('LIKE', () => {
  it('leaves a literal pattern without a backslash bare, for DuckDB to rewrite', async () => {
    await fx.rows('CREATE TABLE t (s STRING, p STRING) USING DELTA');
    const prefix = await duckdbSql(`SELECT s FROM t WHERE s LIKE 'forest%'`);
    expect(prefix).toContain(`LIKE CAST('forest%' AS VARCHAR))`);
    expect(prefix).not.toContain('ESCAPE');
    expect(await duckdbSql(`SELECT s FROM t WHERE s ILIKE '%green%'`)).not.toContain('ESCAPE');
  });

  it('keeps the escape for a backslash, an ESCAPE clause or a column pattern', async () => {
    expect(await duckdbSql(`SELECT s FROM t WHERE s LIKE 'a\\\\_%'`)).toContain(`ESCAPE '\\'`);
    expect(await duckdbSql(`SELECT s FROM t WHERE s LIKE 'a/_%' ESCAPE '/'`)).toContain('ESCAPE');
    expect(await duckdbSql(`SELECT s FROM t WHERE s LIKE p`)).toContain(`ESCAPE '\\'`);
  });

  it('gives Spark’s results for wildcards, escapes and NULL', async () => {
    expect(
      await fx.rows(
        `SELECT 'abc' LIKE 'a%', 'abc' LIKE '%b%', 'abc' LIKE '%c', 'abc' LIKE 'a_c', 'abc' LIKE 'b%',
           'ABC' ILIKE 'a%', 'a\nb' LIKE 'a%b', '' LIKE '%', '' LIKE '_'`,
      ),
    ).toEqual([[true, true, true, true, false, true, true, true, false]]);
    // `\\_` and `\\%` match the wildcard characters themselves (Spark's default escape is a backslash).
    expect(
      await fx.rows(
        `SELECT 'a_c' LIKE 'a\\\\_c', 'abc' LIKE 'a\\\\_c', '100%' LIKE '100\\\\%', '1000' LIKE '100\\\\%',
           'a%b' LIKE 'a/%b' ESCAPE '/', 'axb' LIKE 'a/%b' ESCAPE '/'`,
      ),
    ).toEqual([[true, false, true, false, true, false]]);
    expect(
      await fx.rows(
        `SELECT 'abc' LIKE NULL, CAST(NULL AS STRING) LIKE 'a%', 'abc' LIKE CAST(NULL AS STRING)`,
      ),
    ).toEqual([[null, null, null]]);
  });

  it('matches column values against column patterns with Spark’s escape', async () => {
    await fx.rows(`INSERT INTO t VALUES ('a_c', 'a\\\\_c'), ('abc', 'a\\\\_c'), ('abc', 'a_c'), ('x', NULL)`);
    expect(await fx.rows('SELECT s, p, s LIKE p FROM t ORDER BY s, p')).toEqual([
      ['a_c', 'a\\_c', true],
      ['abc', 'a\\_c', false],
      ['abc', 'a_c', true],
      ['x', null, null],
    ]);
  });
});

describe('quantified and case-insensitive LIKE (Spark’s NotLikeAny, NotLikeAll and ILike)', () => {
  it('NOT LIKE ANY holds when some pattern does not match; NOT LIKE ALL when none matches', async () => {
    const rows = await fx.rows(
      `SELECT s, s NOT LIKE ANY ('a%', '%c') AS nany, s NOT LIKE ALL ('a%', '%c') AS nall,
        s NOT ILIKE ANY ('A%', NULL) AS niany, s NOT ILIKE ALL ('X%', NULL) AS niall
       FROM VALUES ('abc'), ('abx'), ('zzz') AS t(s) ORDER BY s`,
    );
    expect(rows).toEqual([
      ['abc', false, false, null, null],
      ['abx', true, false, null, null],
      ['zzz', true, true, true, null],
    ]);
  });

  it('names an ILIKE as the function Spark prints, its escape not shown', async () => {
    const result = await fx.session.execute(
      `SELECT 'a' ILIKE 'A', 'a' NOT ILIKE 'b' ESCAPE '/', 'a' LIKE 'a'`,
    );
    const last = result.at(-1);
    expect(last?.kind === 'rows' ? last.columns.map((c) => c.name) : []).toEqual([
      'ilike(a, A)',
      '(NOT ilike(a, b))',
      'a LIKE a',
    ]);
  });
});
