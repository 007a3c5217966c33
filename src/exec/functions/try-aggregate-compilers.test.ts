/** try_sum and try_avg: NULL instead of an overflow error, for integers, decimals and ANSI intervals. */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-try-aggregates-');
const maxDecimal = 'CAST(99999999999999999999999999999999999999 AS DECIMAL(38,0))';

describe('try_sum and try_avg', () => {
  it('are sum and avg, with their result types, where nothing overflows', async () => {
    expect(
      await fixture.rows(
        'SELECT try_sum(x), try_avg(x), typeof(try_sum(x)), typeof(try_avg(x)) FROM VALUES (1), (2), (NULL) AS t(x)',
      ),
    ).toEqual([[3n, 1.5, 'bigint', 'double']]);
    expect(
      await fixture.rows(
        'SELECT CAST(try_sum(x) AS STRING), CAST(try_avg(x) AS STRING), typeof(try_sum(x)), typeof(try_avg(x)) FROM VALUES (1.5), (2.25) AS t(x)',
      ),
    ).toEqual([['3.75', '1.875000', 'decimal(13,2)', 'decimal(7,6)']]);
    expect(await fixture.rows('SELECT try_sum(x), try_avg(x) FROM VALUES (1.5D), (2.0D) AS t(x)')).toEqual([
      [3.5, 1.75],
    ]);
    expect(await fixture.rows('SELECT try_sum(x), try_avg(x) FROM VALUES (1) AS t(x) WHERE x > 1')).toEqual([
      [null, null],
    ]);
  });

  it('are NULL where sum would overflow', async () => {
    expect(
      await fixture.rows('SELECT try_sum(x), try_avg(x) FROM VALUES (9223372036854775807L), (1L) AS t(x)'),
    ).toEqual([[null, 2 ** 62]]);
    expect(
      await fixture.rows(
        `SELECT try_sum(x), try_avg(x) FROM VALUES (${maxDecimal}), (CAST(1 AS DECIMAL(38,0))) AS t(x)`,
      ),
    ).toEqual([[null, null]]);
    expect(
      await fixture.rows(
        `SELECT try_sum(x), try_avg(x) FROM VALUES (${maxDecimal}), (${maxDecimal}) AS t(x)`,
      ),
    ).toEqual([[null, null]]);
    expect(
      await fixture.rows(
        "SELECT CAST(try_sum(x) AS STRING), typeof(try_sum(x)) FROM VALUES (CAST('-1234567890123456789012345678.05' AS DECIMAL(30,2))), (CAST('0.01' AS DECIMAL(30,2))), (NULL) AS t(x)",
      ),
    ).toEqual([['-1234567890123456789012345678.04', 'decimal(38,2)']]);
    expect(
      await fixture.rows(
        "SELECT CAST(try_sum(x) AS STRING) FROM VALUES (CAST('-0.05' AS DECIMAL(30,2))), (CAST('0.01' AS DECIMAL(30,2))) AS t(x)",
      ),
    ).toEqual([['-0.04']]);
    const e = await errorOf(
      fixture.session.execute('SELECT sum(x) FROM VALUES (9223372036854775807L), (1L) AS t(x)'),
    );
    expect(e.errorClass).toBe('ARITHMETIC_OVERFLOW');
  });

  it('sum and average ANSI intervals, NULL past their range', async () => {
    expect(
      await fixture.rows(
        "SELECT try_sum(x) = INTERVAL '3' MONTH, try_avg(x) = INTERVAL '2' MONTH, try_sum(d) = INTERVAL '3' SECOND, try_avg(d) = INTERVAL '1.5' SECOND, typeof(try_avg(x)) FROM VALUES (INTERVAL '1' MONTH, INTERVAL '1' SECOND), (INTERVAL '2' MONTH, INTERVAL '2' SECOND) AS t(x, d)",
      ),
    ).toEqual([[true, true, true, true, 'interval month']]);
    expect(
      await fixture.rows(
        "SELECT try_sum(x), try_avg(x) FROM VALUES (INTERVAL '178956970' YEAR), (INTERVAL '1' YEAR) AS t(x)",
      ),
    ).toEqual([[null, null]]);
  });

  it('take FILTER, DISTINCT, GROUP BY and windows', async () => {
    expect(
      await fixture.rows(
        'SELECT g, CAST(try_avg(x) FILTER (WHERE x > 1) AS STRING), CAST(try_sum(DISTINCT x) AS STRING) FROM VALUES (1, 1.0), (1, 3.0), (1, 3.0), (2, 5.0) AS t(g, x) GROUP BY g ORDER BY g',
      ),
    ).toEqual([
      [1, '3.00000', '4.0'],
      [2, '5.00000', '5.0'],
    ]);
    expect(
      await fixture.rows(
        'SELECT x, try_avg(x) OVER (ORDER BY x), try_sum(x) OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM VALUES (1), (2), (4) AS t(x) ORDER BY x',
      ),
    ).toEqual([
      [1, 1.0, 1n],
      [2, 1.5, 3n],
      [4, 7 / 3, 6n],
    ]);
  });

  it('reject other types as Spark does', async () => {
    const e = await errorOf(fixture.session.execute('SELECT try_sum(true)'));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE');
  });
});
