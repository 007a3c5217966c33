import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-generator-table-');

async function columnsAndRows(sql: string) {
  const results = await fx.session.execute(sql);
  const last = results.at(-1);
  if (last?.kind !== 'rows') throw new Error('expected rows');
  return { columns: last.columns.map((c) => c.name), rows: last.rows };
}

describe('generators as table-valued functions in FROM', () => {
  it('explode, posexplode, inline and stack read as tables', async () => {
    expect(await columnsAndRows('SELECT * FROM explode(array(1, 2)) t(v)')).toEqual({
      columns: ['v'],
      rows: [[1], [2]],
    });
    expect(await fx.rows("SELECT * FROM posexplode(array('a', 'b'))")).toEqual([
      [0, 'a'],
      [1, 'b'],
    ]);
    expect(await columnsAndRows("SELECT * FROM inline(array(struct(1, 'x'))) AS t(k, v)")).toEqual({
      columns: ['k', 'v'],
      rows: [[1, 'x']],
    });
    expect(await fx.rows('SELECT * FROM stack(2, 1, 2)')).toEqual([[1], [2]]);
  });

  it('LATERAL arguments name the columns on their left', async () => {
    await fx.rows('CREATE TEMP VIEW arrs(id, a) AS VALUES (1, array(10, 20)), (2, array()), (3, NULL)');
    expect(await fx.rows('SELECT id, v FROM arrs, LATERAL explode(a) t(v) ORDER BY id, v')).toEqual([
      [1, 10],
      [1, 20],
    ]);
    expect(await fx.rows('SELECT id, v FROM arrs, LATERAL explode_outer(a) t(v) ORDER BY id, v')).toEqual([
      [1, 10],
      [1, 20],
      [2, null],
      [3, null],
    ]);
    expect(
      await fx.rows('SELECT id, v FROM arrs LEFT JOIN LATERAL explode(a) t(v) ON v > 10 ORDER BY id'),
    ).toEqual([
      [1, 20],
      [2, null],
      [3, null],
    ]);
  });

  it('an alias with the wrong number of columns is NUM_TABLE_VALUE_ALIASES_MISMATCH', async () => {
    const e = await errorOf(fx.session.execute('SELECT * FROM explode(array(1, 2)) t(c1, c2)'));
    expect(e.errorClass).toBe('NUM_TABLE_VALUE_ALIASES_MISMATCH');
    expect(e.messageParameters).toEqual({ funcName: '`explode`', aliasesNum: 2, outColsNum: 1 });
  });
});
