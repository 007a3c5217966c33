/** percentile, median, percentile_cont/disc (WITHIN GROUP), percentile_approx and mode: Spark's rows, types, names, errors. */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-percentile-');
const four = 'VALUES (0), (1), (2), (10) AS tab(x)';

async function names(sql: string): Promise<string[]> {
  const results = await fixture.session.execute(sql);
  const last = results[results.length - 1];
  return last?.kind === 'rows' ? last.columns.map((c) => c.name) : [];
}

describe('percentile and median', () => {
  it('interpolates as Spark does, with DOUBLE results and Spark column names', async () => {
    const sql = `SELECT median(x), percentile(x, 0.3), percentile(x, array(0.25, 0.75)), percentile(x, 0.5, 2), typeof(median(x)), typeof(percentile(x, array(0.5))) FROM ${four}`;
    expect(await fixture.rows(sql)).toEqual([
      [1.5, 0.8999999999999999, [0.75, 4], 1.5, 'double', 'array<double>'],
    ]);
    expect(
      await names(
        `SELECT median(x), percentile(x, 0.3), percentile(x, 0.3, 2), percentile(DISTINCT x, 0.3) FROM ${four}`,
      ),
    ).toEqual([
      'median(x)',
      'percentile(x, 0.3, 1)',
      'percentile(x, 0.3, 2)',
      'percentile(DISTINCT x, 0.3, 1)',
    ]);
    expect(
      await fixture.rows(
        'SELECT percentile(DISTINCT x, 0.5), median(DISTINCT x) FROM VALUES (1), (1), (4) AS t(x)',
      ),
    ).toEqual([[2.5, 2.5]]);
  });

  it('repeats each value by its frequency, skipping NULLs and zero frequencies', async () => {
    expect(
      await fixture.rows(
        'SELECT percentile(x, 0.5, f), percentile(x, 0.25, f) FROM VALUES (1, 2), (2, 1), (3, 1), (3, 0), (NULL, 5), (7, NULL) AS t(x, f)',
      ),
    ).toEqual([[1.5, 1.0]]);
  });

  it('is NULL for no rows and per group, and keeps ANSI intervals', async () => {
    expect(
      await fixture.rows('SELECT median(x), percentile(x, array(0.5)) FROM VALUES (1) AS t(x) WHERE x > 1'),
    ).toEqual([[null, null]]);
    expect(
      await fixture.rows(
        'SELECT g, median(x) FROM VALUES (1, 1), (1, 4), (2, NULL), (3, 5) AS t(g, x) GROUP BY g ORDER BY g',
      ),
    ).toEqual([
      [1, 2.5],
      [2, null],
      [3, 5.0],
    ]);
    expect(
      await fixture.rows(
        "SELECT median(x) = INTERVAL '0-10' YEAR TO MONTH, percentile(x, 0.25) = INTERVAL '5' MONTH, typeof(median(x)) FROM VALUES (INTERVAL '0' MONTH), (INTERVAL '10' MONTH), (INTERVAL '11' MONTH) AS t(x)",
      ),
    ).toEqual([[true, true, 'interval year to month']]);
  });

  it('works as a window function over the whole partition', async () => {
    expect(
      await fixture.rows(
        'SELECT x, median(x) OVER (PARTITION BY g) FROM VALUES (1, 1), (1, 2), (2, 5) AS t(g, x) ORDER BY x',
      ),
    ).toEqual([
      [1, 1.5],
      [2, 1.5],
      [5, 5.0],
    ]);
  });

  it('raises Spark errors for bad percentages, frequencies and windows', async () => {
    let e = await errorOf(fixture.session.execute(`SELECT percentile(x, 1.5) FROM ${four}`));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE');
    expect(e.messageParameters).toMatchObject({
      sqlExpr: '"percentile(x, 1.5, 1)"',
      exprName: 'percentage',
      valueRange: '[0.0, 1.0]',
      currentValue: '1.5D',
    });
    e = await errorOf(fixture.session.execute(`SELECT percentile(x, x) FROM ${four}`));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.NON_FOLDABLE_INPUT');
    e = await errorOf(fixture.session.execute(`SELECT percentile(x, NULL) FROM ${four}`));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.UNEXPECTED_NULL');
    e = await errorOf(fixture.session.execute('SELECT median(true)'));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE');
    e = await errorOf(fixture.session.execute('SELECT percentile(x, 0.5, f) FROM VALUES (1, -1) AS t(x, f)'));
    expect(e.errorClass).toBe('NEGATIVE_VALUES_IN_FREQUENCY_EXPRESSION');
    expect(e.messageParameters).toMatchObject({ frequencyExpression: '"f"', negativeValue: '-1' });
    e = await errorOf(fixture.session.execute(`SELECT median(x) OVER (ORDER BY x) FROM ${four}`));
    expect(e.errorClass).toBe('INVALID_WINDOW_SPEC_FOR_AGGREGATION_FUNC');
    expect(e.messageParameters).toEqual({ aggFunc: '"median(x)"' });
  });
});

describe('percentile_cont and percentile_disc WITHIN GROUP', () => {
  it('ranks ascending or descending, named as Spark names them', async () => {
    const sql = `SELECT percentile_cont(0.25) WITHIN GROUP (ORDER BY x), percentile_cont(0.25) WITHIN GROUP (ORDER BY x DESC), percentile_disc(0.25) WITHIN GROUP (ORDER BY x), percentile_disc(0.25) WITHIN GROUP (ORDER BY x DESC), percentile_disc(0) WITHIN GROUP (ORDER BY x) FROM ${four}`;
    expect(await fixture.rows(sql)).toEqual([[0.75, 4.0, 0.0, 10.0, 0.0]]);
    expect(await names(sql)).toEqual([
      'percentile_cont(0.25) WITHIN GROUP (ORDER BY x)',
      'percentile_cont(0.25) WITHIN GROUP (ORDER BY x DESC)',
      'percentile_disc(0.25) WITHIN GROUP (ORDER BY x)',
      'percentile_disc(0.25) WITHIN GROUP (ORDER BY x DESC)',
      'percentile_disc(0) WITHIN GROUP (ORDER BY x)',
    ]);
  });

  it('follows the Spark docs examples, with FILTER and GROUP BY', async () => {
    expect(
      await fixture.rows(
        'SELECT percentile_cont(0.25) WITHIN GROUP (ORDER BY col), percentile_disc(0.25) WITHIN GROUP (ORDER BY col) FROM VALUES (0), (10) AS tab(col)',
      ),
    ).toEqual([[2.5, 0.0]]);
    expect(
      await fixture.rows(
        'SELECT g, percentile_cont(0.5) WITHIN GROUP (ORDER BY x) FILTER (WHERE x < 10) FROM VALUES (1, 1), (1, 3), (1, 50), (2, 4) AS t(g, x) GROUP BY g ORDER BY g',
      ),
    ).toEqual([
      [1, 2.0],
      [2, 4.0],
    ]);
  });

  it('raises Spark errors for a missing or wrong WITHIN GROUP', async () => {
    let e = await errorOf(fixture.session.execute(`SELECT percentile_cont(0.5) FROM ${four}`));
    expect(e.errorClass).toBe('INVALID_WITHIN_GROUP_EXPRESSION.WITHIN_GROUP_MISSING');
    expect(e.messageParameters).toEqual({ funcName: '`percentile_cont`' });
    e = await errorOf(
      fixture.session.execute(`SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY x, x) FROM ${four}`),
    );
    expect(e.errorClass).toBe('INVALID_WITHIN_GROUP_EXPRESSION.WRONG_NUM_ORDERINGS');
    e = await errorOf(
      fixture.session.execute(`SELECT percentile_cont(DISTINCT 0.5) WITHIN GROUP (ORDER BY x) FROM ${four}`),
    );
    expect(e.errorClass).toBe('INVALID_WITHIN_GROUP_EXPRESSION.DISTINCT_UNSUPPORTED');
    e = await errorOf(fixture.session.execute(`SELECT percentile_cont(x, 0.5) FROM ${four}`));
    expect(e.errorClass).toBe('WRONG_NUM_ARGS.WITHOUT_SUGGESTION');
    e = await errorOf(fixture.session.execute(`SELECT sum(x) WITHIN GROUP (ORDER BY x) FROM ${four}`));
    expect(e.errorClass).toBe('INVALID_SQL_SYNTAX.FUNCTION_WITH_UNSUPPORTED_SYNTAX');
    expect(e.messageParameters).toEqual({ prettyName: '`sum`', syntax: '"WITHIN GROUP (ORDER BY ...)"' });
    e = await errorOf(
      fixture.session.execute(`SELECT percentile_cont(1.5) WITHIN GROUP (ORDER BY x) FROM ${four}`),
    );
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE');
    expect(e.messageParameters.sqlExpr).toBe('"percentile_cont(1.5) WITHIN GROUP (ORDER BY x)"');
  });
});

describe('percentile_approx', () => {
  it('returns an element of the input, of the input type (Spark docs examples)', async () => {
    expect(
      await fixture.rows(
        `SELECT percentile_approx(x, array(0.5, 0.4, 0.1), 100), approx_percentile(x, 0.5), typeof(percentile_approx(x, 0.5)) FROM ${four}`,
      ),
    ).toEqual([[[1, 1, 0], 1, 'int']]);
    expect(
      await fixture.rows(
        'SELECT percentile_approx(col, 0.5, 100) FROM VALUES (0), (6), (7), (9), (10) AS tab(col)',
      ),
    ).toEqual([[7]]);
    expect(
      await names(`SELECT percentile_approx(x, 0.5), approx_percentile(x, 0.5, 100) FROM ${four}`),
    ).toEqual(['percentile_approx(x, 0.5, 10000)', 'approx_percentile(x, 0.5, 100)']);
  });

  it('takes the first value at p <= 1/accuracy and the last at p >= 1 - 1/accuracy; NULL for no rows', async () => {
    expect(
      await fixture.rows(
        `SELECT percentile_approx(x, 0.01, 100), percentile_approx(x, 0.99, 100), percentile_approx(x, 1.0) FROM ${four}`,
      ),
    ).toEqual([[0, 10, 10]]);
    expect(await fixture.rows(`SELECT percentile_approx(x, 0.5) FROM ${four} WHERE x > 100`)).toEqual([
      [null],
    ]);
  });

  it('checks the accuracy as Spark does', async () => {
    const e = await errorOf(fixture.session.execute(`SELECT percentile_approx(x, 0.5, 0) FROM ${four}`));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE');
    expect(e.messageParameters).toMatchObject({ exprName: 'accuracy', currentValue: '0L' });
  });

  it('works as a window function with a frame', async () => {
    expect(
      await fixture.rows(
        'SELECT x, percentile_approx(x, 0.5) OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM VALUES (1), (2), (5) AS t(x) ORDER BY x',
      ),
    ).toEqual([
      [1, 1],
      [2, 1],
      [5, 2],
    ]);
  });
});

describe('mode', () => {
  it('returns the most frequent value; deterministic and WITHIN GROUP break ties as Spark does', async () => {
    const sql =
      'SELECT mode(x), mode(x, true), mode() WITHIN GROUP (ORDER BY x), mode() WITHIN GROUP (ORDER BY x DESC) FROM VALUES (0), (10), (10), (20), (20), (NULL), (NULL), (NULL) AS tab(x)';
    const [[any, ...rest]] = (await fixture.rows(sql)) as [[number, ...number[]]];
    expect([10, 20]).toContain(any);
    expect(rest).toEqual([10, 10, 20]);
    expect(await names(sql)).toEqual([
      'mode(x)',
      'mode() WITHIN GROUP (ORDER BY x DESC)',
      'mode() WITHIN GROUP (ORDER BY x DESC)',
      'mode() WITHIN GROUP (ORDER BY x)',
    ]);
    expect(
      await fixture.rows('SELECT mode(x, true), mode(x, false) FROM VALUES (-10), (0), (10) AS tab(x)'),
    ).toEqual([[-10, expect.any(Number)]]);
  });

  it('is NULL for no rows, per group and in windows', async () => {
    expect(await fixture.rows('SELECT mode(x) FROM VALUES (CAST(NULL AS INT)) AS t(x)')).toEqual([[null]]);
    expect(
      await fixture.rows(
        "SELECT g, mode(s, true) FROM VALUES (1, 'b'), (1, 'a'), (2, 'c') AS t(g, s) GROUP BY g ORDER BY g",
      ),
    ).toEqual([
      [1, 'a'],
      [2, 'c'],
    ]);
    expect(
      await fixture.rows(
        'SELECT x, mode(x, true) OVER (ORDER BY x) FROM VALUES (3), (1), (3) AS t(x) ORDER BY x',
      ),
    ).toEqual([
      [1, 1],
      [3, 3],
      [3, 3],
    ]);
  });

  it('raises Spark errors', async () => {
    let e = await errorOf(fixture.session.execute('SELECT mode() FROM VALUES (1) AS t(x)'));
    expect(e.errorClass).toBe('INVALID_WITHIN_GROUP_EXPRESSION.WITHIN_GROUP_MISSING');
    e = await errorOf(
      fixture.session.execute('SELECT mode(x) WITHIN GROUP (ORDER BY x) FROM VALUES (1) AS t(x)'),
    );
    expect(e.errorClass).toBe('INVALID_WITHIN_GROUP_EXPRESSION.WRONG_NUM_ORDERINGS');
    e = await errorOf(fixture.session.execute('SELECT mode(x, x > 0) FROM VALUES (1) AS t(x)'));
    expect(e.errorClass).toBe('NON_FOLDABLE_ARGUMENT');
    e = await errorOf(fixture.session.execute('SELECT mode(x, 1) FROM VALUES (1) AS t(x)'));
    expect(e.errorClass).toBe('UNEXPECTED_INPUT_TYPE');
  });
});
