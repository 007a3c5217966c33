/** sum of integers past BIGINT: ARITHMETIC_OVERFLOW under ANSI, the low 64 bits in legacy mode (Spark's Sum). */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-sum-overflow-');
const big = 'VALUES (9223372036854775807L), (1L) AS t(x)';

describe('sum overflow', () => {
  it('keeps DISTINCT, FILTER, OVER, GROUP BY and NULL results as they were', async () => {
    expect(
      await fixture.rows(
        'SELECT sum(x), sum(DISTINCT x), sum(x) FILTER (WHERE x > 1), typeof(sum(x)) FROM VALUES (1), (2), (2) AS t(x)',
      ),
    ).toEqual([[5n, 3n, 4n, 'bigint']]);
    expect(
      await fixture.rows('SELECT x, sum(x) OVER (ORDER BY x) FROM VALUES (1), (2), (3) AS t(x)'),
    ).toEqual([
      [1, 1n],
      [2, 3n],
      [3, 6n],
    ]);
    expect(await fixture.rows('SELECT sum(x) FROM VALUES (CAST(NULL AS INT)) AS t(x)')).toEqual([[null]]);
  });

  it('is ARITHMETIC_OVERFLOW under ANSI', async () => {
    const e = await errorOf(fixture.session.execute(`SELECT sum(x) FROM ${big}`));
    expect(e.errorClass).toBe('ARITHMETIC_OVERFLOW');
  });

  it('wraps in legacy mode', async () => {
    await fixture.session.setConf('spark.sql.ansi.enabled', 'false');
    try {
      expect(await fixture.rows(`SELECT sum(x) FROM ${big}`)).toEqual([[-9223372036854775808n]]);
    } finally {
      await fixture.session.setConf('spark.sql.ansi.enabled', 'true');
    }
  });
});
