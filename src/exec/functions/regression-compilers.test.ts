/** regr_* and bit_and / bit_or / bit_xor: Spark's documented rows, types, NULL pairs, groups and windows. */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-regression-');
const ALL = (t: string) =>
  `SELECT regr_count(y, x), regr_avgx(y, x), regr_avgy(y, x), regr_r2(y, x), regr_sxx(y, x), regr_sxy(y, x), regr_syy(y, x), regr_slope(y, x), regr_intercept(y, x) FROM ${t}`;

describe('regr_*', () => {
  it('gives the Spark documentation examples to the last bit', async () => {
    expect(await fixture.rows(ALL('VALUES (1, 2), (2, 2), (2, 3), (2, 4) AS tab(y, x)'))).toEqual([
      [4n, 2.75, 1.75, 0.2727272727272727, 2.75, 0.75, 0.75, 0.2727272727272727, 1.0],
    ]);
    expect(await fixture.rows(ALL('VALUES (1, 2), (2, null), (2, 3), (2, 4) AS tab(y, x)'))).toEqual([
      [
        3n,
        3.0,
        1.6666666666666667,
        0.7500000000000001,
        2.0,
        1.0,
        0.6666666666666666,
        0.5,
        0.16666666666666674,
      ],
    ]);
    expect(await fixture.rows(ALL('VALUES (1, 2), (2, null), (null, 3), (2, 4) AS tab(y, x)'))).toEqual([
      [2n, 3.0, 1.5, 1.0, 2.0, 1.0, 0.5, 0.5, 0.0],
    ]);
    expect(
      await fixture.rows(
        'SELECT regr_slope(y, x), regr_intercept(y, x) FROM VALUES (1,1), (2,2), (3,3) AS tab(y, x)',
      ),
    ).toEqual([[1.0, 0.0]]);
  });

  it('is NULL (count 0) without pairs; slope NULL and r2 1.0 for a constant x; types', async () => {
    expect(await fixture.rows(ALL('VALUES (1, null), (null, 2) AS tab(y, x)'))).toEqual([
      [0n, null, null, null, null, null, null, null, null],
    ]);
    expect(
      await fixture.rows(
        'SELECT regr_slope(y, x), regr_intercept(y, x), regr_r2(y, x), regr_r2(x, y), regr_sxx(y, x) FROM VALUES (1, 5), (2, 5) AS t(y, x)',
      ),
    ).toEqual([[null, null, 1.0, null, 0.0]]);
    expect(
      await fixture.rows(
        'SELECT typeof(regr_count(y, x)), typeof(regr_avgx(y, x)), typeof(regr_avgy(y, x)), typeof(regr_sxy(y, x)) FROM VALUES (1, CAST(2.5 AS DECIMAL(3, 1))) AS t(y, x)',
      ),
    ).toEqual([['bigint', 'decimal(7,5)', 'double', 'double']]);
  });

  it('groups, filters and windows', async () => {
    expect(
      await fixture.rows(
        'SELECT g, regr_slope(y, x), regr_count(y, x) FILTER (WHERE x > 1) FROM VALUES (1, 1, 1), (1, 3, 2), (2, 1, 1) AS t(g, y, x) GROUP BY g ORDER BY g',
      ),
    ).toEqual([
      [1, 2.0, 1n],
      [2, null, 0n],
    ]);
    expect(
      await fixture.rows(
        'SELECT x, regr_sxx(y, x) OVER (ORDER BY x), regr_count(y, x) OVER (ORDER BY x) FROM VALUES (1, 1), (2, 3), (3, 4) AS t(y, x) ORDER BY x',
      ),
    ).toEqual([
      [1, 0.0, 1n],
      [3, 2.0, 2n],
      [4, 4.666666666666666, 3n],
    ]);
  });
});

describe('bit_and, bit_or, bit_xor', () => {
  it('keep the integral type and skip NULLs', async () => {
    expect(
      await fixture.rows(
        'SELECT bit_and(x), bit_or(x), bit_xor(x), typeof(bit_and(x)), bit_or(CAST(x AS TINYINT)), typeof(bit_xor(CAST(x AS SMALLINT))), typeof(bit_or(CAST(x AS BIGINT))) FROM VALUES (3), (5), (NULL) AS t(x)',
      ),
    ).toEqual([[1, 7, 6, 'int', 7, 'smallint', 'bigint']]);
    expect(await fixture.rows('SELECT bit_and(x), bit_xor(x) FROM VALUES (3) AS t(x) WHERE x > 3')).toEqual([
      [null, null],
    ]);
    expect(
      await fixture.rows(
        'SELECT g, bit_or(x) FROM VALUES (1, 1), (1, 2), (2, 4) AS t(g, x) GROUP BY g ORDER BY g',
      ),
    ).toEqual([
      [1, 3],
      [2, 4],
    ]);
    expect(
      await fixture.rows(
        'SELECT x, bit_xor(x) OVER (ORDER BY x) FROM VALUES (1), (2), (4) AS t(x) ORDER BY x',
      ),
    ).toEqual([
      [1, 1],
      [2, 3],
      [4, 7],
    ]);
  });

  it('rejects non-integral input as Spark does', async () => {
    const e = await errorOf(fixture.session.execute('SELECT bit_and(1.5)'));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE');
    expect(e.messageParameters).toMatchObject({ requiredType: '"INTEGRAL"', inputType: '"DECIMAL(2,1)"' });
  });
});
