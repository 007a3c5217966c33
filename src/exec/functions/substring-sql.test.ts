/**
 * substr/substring with a literal position from 1 and a literal length from 0 (`substr(l_shipmode, 1, 3)`) is
 * DuckDB's own character-wise substring, with none of the window arithmetic that Spark's zero and negative
 * positions need (UTF8String.substringSQL); other arguments keep that arithmetic. Results are Spark's.
 */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-substring-');

describe('substring', () => {
  it('is a plain substring for a literal position ≥ 1 and length ≥ 0', async () => {
    await fx.rows('CREATE TABLE t (s STRING, n INT) USING DELTA');
    const text = String(
      (await fx.rows('EXPLAIN FORMATTED SELECT substr(s, 1, 3), substr(s, 2) FROM t'))[0]![0],
    );
    const sql = text.slice(text.indexOf('== DuckDB SQL =='), text.indexOf('== DuckDB Plan =='));
    expect(sql).toContain('substring("c1", CAST(1 AS INTEGER), CAST(3 AS INTEGER))');
    expect(sql).toContain('substring("c1", CAST(2 AS INTEGER))');
    expect(sql).not.toContain('greatest');
  });

  it('gives Spark’s results for every kind of position and length', async () => {
    expect(
      await fx.rows(
        `SELECT substr('héllo wörld', 2, 3), substr('héllo', 4), substr('abc', 1, 0), substr('abc', 3, 5),
           substr('abc', 5, 1), substring('abc', 0, 2), substr('abc', -2, 1), substr('abc', 2, -1),
           substr(CAST(NULL AS STRING), 1, 2), substr('abc', -5, 3)`,
      ),
    ).toEqual([['éll', 'lo', '', 'c', '', 'ab', 'b', '', null, 'a']]);
    await fx.rows(`INSERT INTO t VALUES ('abcdef', 2), ('xy', -1), (NULL, 1)`);
    expect(await fx.rows('SELECT substr(s, 1, 3), substr(s, n, 2) FROM t ORDER BY n')).toEqual([
      ['xy', 'y'],
      [null, null],
      ['abc', 'bc'],
    ]);
  });
});
