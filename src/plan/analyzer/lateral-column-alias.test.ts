/**
 * Lateral column aliases: a select item reads an alias an earlier item defined, unless a FROM column has the
 * name; two earlier aliases of one name are ambiguous.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-lateral-alias-');

async function result(sql: string): Promise<{ names: string[]; rows: unknown[][] }> {
  const results = await fx.session.execute(sql);
  const last = results[results.length - 1];
  if (last?.kind !== 'rows') return { names: [], rows: [] };
  return { names: last.columns.map((c) => c.name), rows: last.rows.map((r) => [...r]) };
}

describe('lateral column aliases', () => {
  it('resolves a name to an earlier alias of the same list', async () => {
    await fx.rows("CREATE TEMP VIEW lca(x, y) AS VALUES (1, 'ab'), (2, 'c')");
    expect(await result('SELECT x + length(y) AS z, z + 1 AS plus_one, z * 2 FROM lca ORDER BY x')).toEqual({
      names: ['z', 'plus_one', '(z * 2)'],
      rows: [
        [3, 4, 6],
        [3, 4, 6],
      ],
    });
    expect((await result('TABLE lca |> EXTEND x * 10 AS z, z + 1 AS w |> WHERE x = 2')).rows).toEqual([
      [2, 'c', 20, 21],
    ]);
    expect((await result('SELECT sum(x) AS s, s * 2 FROM lca')).rows).toEqual([[3n, 6n]]);
  });

  it('prefers a FROM column, and leaves lambda parameters alone', async () => {
    expect((await result('SELECT x + 1 AS x, x + 10 FROM lca WHERE x = 1')).rows).toEqual([[2, 11]]);
    expect((await result('SELECT 5 AS v, transform(array(1), v -> v + 1)')).rows).toEqual([[5, [2]]]);
  });

  it('refuses a name two earlier items alias', async () => {
    const e = await errorOf(fx.session.execute('SELECT 1 AS a, 2 AS a, a + 1'));
    expect(e.errorClass).toBe('AMBIGUOUS_LATERAL_COLUMN_ALIAS');
    expect(e.messageParameters).toEqual({ name: '`a`', n: 2 });
  });

  it('refuses an alias over a non-deterministic call rather than drawing twice', async () => {
    const e = await errorOf(fx.session.execute('SELECT rand(1) * 10 AS r, r + 1'));
    expect(e.errorClass).toBe('UNSUPPORTED_FEATURE');
    expect(e.messageParameters).toEqual({
      feature: 'a lateral column alias (`r`) over the non-deterministic rand()',
    });
    expect((await result('SELECT rand(1) AS r, 2 AS s, s + 1')).rows[0]?.slice(1)).toEqual([2, 3]);
  });
});
