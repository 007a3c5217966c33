import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-pipe-operators-');

async function columnsAndRows(sql: string) {
  const results = await fx.session.execute(sql);
  const last = results.at(-1);
  if (last?.kind !== 'rows') throw new Error('expected rows');
  return { columns: last.columns.map((c) => c.name), rows: last.rows };
}

describe('SQL pipe syntax', () => {
  it('chains WHERE, EXTEND, SET, DROP and SELECT over FROM t, keeping qualifiers', async () => {
    await fx.rows("CREATE TEMP VIEW pt(x, y) AS VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    expect(
      await columnsAndRows(
        'FROM pt AS p |> WHERE p.x > 1 |> EXTEND x * 10 AS z |> SET x = x + 1, z = x |> DROP y |> ORDER BY x DESC',
      ),
    ).toEqual({
      columns: ['x', 'z'],
      rows: [
        [4, 4],
        [3, 3],
      ],
    });
    expect(await fx.rows('TABLE pt |> AS q |> SELECT q.y |> LIMIT 1 OFFSET 1')).toEqual([['b']]);
  });

  it('AGGREGATE lists the grouping keys first, then the aggregates', async () => {
    expect(
      await columnsAndRows(
        'FROM VALUES (1, 2), (1, 3), (2, 4) t(k, v) |> AGGREGATE sum(v) AS s GROUP BY k |> ORDER BY k',
      ),
    ).toEqual({
      columns: ['k', 's'],
      rows: [
        [1, 5n],
        [2, 4n],
      ],
    });
    expect(await fx.rows('TABLE pt |> AGGREGATE count(*) AS n')).toEqual([[3n]]);
    // Ordinals name the input's columns; keys may be aliased.
    expect(
      await columnsAndRows('SELECT 3 AS x, 4 AS y, 5 AS z |> AGGREGATE sum(y) GROUP BY 3, x + 1 AS k'),
    ).toEqual({
      columns: ['z', 'k', 'sum(y)'],
      rows: [[5, 4, 4n]],
    });
  });

  it('joins and set operations take the pipe input as their left side', async () => {
    expect(await fx.rows("TABLE pt |> JOIN pt AS o ON pt.x = o.x |> WHERE o.y = 'b' |> SELECT pt.x")).toEqual(
      [[2]],
    );
    expect(
      await fx.rows('TABLE pt |> SELECT x |> UNION ALL (SELECT 9) |> ORDER BY x DESC |> LIMIT 1'),
    ).toEqual([[9]]);
  });

  it('refuses what Spark refuses, with its error classes', async () => {
    const agg = await errorOf(fx.session.execute('TABLE pt |> SELECT sum(x) AS s'));
    expect(agg.errorClass).toBe('PIPE_OPERATOR_CONTAINS_AGGREGATE_FUNCTION');
    const plain = await errorOf(fx.session.execute('TABLE pt |> AGGREGATE x GROUP BY y'));
    expect(plain.errorClass).toBe('PIPE_OPERATOR_AGGREGATE_EXPRESSION_CONTAINS_NO_AGGREGATE_FUNCTION');
    const all = await errorOf(fx.session.execute('TABLE pt |> AGGREGATE count(*) GROUP BY ALL'));
    expect(all.errorClass).toBe('UNSUPPORTED_FEATURE.PIPE_OPERATOR_AGGREGATE_UNSUPPORTED_CASE');
    const rollup = await errorOf(fx.session.execute('TABLE pt |> AGGREGATE count(*) GROUP BY ROLLUP(x)'));
    expect(rollup.messageParameters).toEqual({ case: 'GROUP BY ROLLUP' });
    const two = await errorOf(fx.session.execute('TABLE pt |> ORDER BY x LIMIT 1'));
    expect(two.errorClass).toBe('MULTIPLE_QUERY_RESULT_CLAUSES_WITH_PIPE_OPERATORS');
    const missing = await errorOf(fx.session.execute('TABLE pt |> SET nope = 1'));
    expect(missing.errorClass).toBe('UNRESOLVED_COLUMN.WITH_SUGGESTION');
  });
});
