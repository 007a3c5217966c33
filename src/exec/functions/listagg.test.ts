/** listagg / string_agg: Spark's ListAgg rows, names, ordering, DISTINCT, windows and errors. */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-listagg-');
const rows = "VALUES ('a', 1), (NULL, 2), ('b', 3), ('a', 4) AS tab(x, y)";

async function names(sql: string): Promise<string[]> {
  const results = await fixture.session.execute(sql);
  const last = results[results.length - 1];
  return last?.kind === 'rows' ? last.columns.map((c) => c.name) : [];
}

describe('listagg and string_agg', () => {
  it('joins the non-NULL values in WITHIN GROUP order, named as Spark names them', async () => {
    const sql = `SELECT listagg(x) WITHIN GROUP (ORDER BY y), string_agg(x, ', ') WITHIN GROUP (ORDER BY y DESC), listagg(x) WITHIN GROUP (ORDER BY x DESC), listagg(DISTINCT x, '|') WITHIN GROUP (ORDER BY x), listagg(y, '-') WITHIN GROUP (ORDER BY y DESC), typeof(listagg(y)) FROM ${rows}`;
    expect(await fixture.rows(sql)).toEqual([['aba', 'a, b, a', 'baa', 'a|b', '4-3-2-1', 'string']]);
    expect(await names(sql)).toEqual([
      'listagg(x, NULL) WITHIN GROUP (ORDER BY y ASC NULLS FIRST)',
      'string_agg(x, , ) WITHIN GROUP (ORDER BY y DESC NULLS LAST)',
      'listagg(x, NULL) WITHIN GROUP (ORDER BY x DESC NULLS LAST)',
      'listagg(DISTINCT x, |) WITHIN GROUP (ORDER BY x ASC NULLS FIRST)',
      'listagg(y, -) WITHIN GROUP (ORDER BY y DESC NULLS LAST)',
      'typeof(listagg(y, NULL))',
    ]);
  });

  it('is NULL for no rows or only NULLs, per group, and joins binary values', async () => {
    expect(
      await fixture.rows(
        "SELECT listagg(x), string_agg(x, ',') FROM VALUES (CAST(NULL AS STRING)), (NULL) AS t(x)",
      ),
    ).toEqual([[null, null]]);
    expect(
      await fixture.rows(
        "SELECT g, listagg(x, ',') WITHIN GROUP (ORDER BY x) FROM VALUES (1, 'b'), (1, 'a'), (2, 'c') AS t(g, x) GROUP BY g ORDER BY g",
      ),
    ).toEqual([
      [1, 'a,b'],
      [2, 'c'],
    ]);
    expect(
      await fixture.rows(
        "SELECT hex(listagg(b, X'00') WITHIN GROUP (ORDER BY b)), hex(listagg(b)) FROM VALUES (X'42'), (X'41') AS t(b)",
      ),
    ).toEqual([['410042', expect.stringMatching(/^(4142|4241)$/)]]);
  });

  it('works as a window function over the whole partition, with FILTER', async () => {
    expect(
      await fixture.rows(
        "SELECT g, listagg(x, ',') WITHIN GROUP (ORDER BY x) OVER (PARTITION BY g), listagg(x) FILTER (WHERE x <> 'b') OVER (PARTITION BY g) FROM VALUES (1, 'a'), (1, 'b'), (2, 'c') AS t(g, x) ORDER BY g",
      ),
    ).toEqual([
      [1, 'a,b', 'a'],
      [1, 'a,b', 'a'],
      [2, 'c', 'c'],
    ]);
  });

  it('raises Spark errors', async () => {
    let e = await errorOf(fixture.session.execute(`SELECT listagg(x, CAST(y AS STRING)) FROM ${rows}`));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.NON_FOLDABLE_INPUT');
    expect(e.messageParameters).toMatchObject({ inputName: '`delimiter`' });
    e = await errorOf(
      fixture.session.execute(`SELECT listagg(DISTINCT x) WITHIN GROUP (ORDER BY y) FROM ${rows}`),
    );
    expect(e.errorClass).toBe('INVALID_WITHIN_GROUP_EXPRESSION.MISMATCH_WITH_DISTINCT_INPUT');
    expect(e.messageParameters).toEqual({ funcName: '`listagg`', funcArg: '"x"', orderingExpr: '"y"' });
    e = await errorOf(
      fixture.session.execute(`SELECT listagg(x) WITHIN GROUP (ORDER BY y) OVER (ORDER BY y) FROM ${rows}`),
    );
    expect(e.errorClass).toBe('INVALID_WINDOW_SPEC_FOR_AGGREGATION_FUNC');
    e = await errorOf(fixture.session.execute("SELECT listagg(b, ',') FROM VALUES (X'41') AS t(b)"));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.DATA_DIFF_TYPES');
  });
});
