import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-view-columns-');

async function columnsAndRows(sql: string) {
  const results = await fx.session.execute(sql);
  const last = results.at(-1);
  if (last?.kind !== 'rows') throw new Error('expected rows');
  return { columns: last.columns.map((c) => c.name), rows: last.rows };
}

describe('a persistent view with a column list', () => {
  it('names its columns after the list, not after its query', async () => {
    await fx.rows('CREATE VIEW named(c1, c2) AS VALUES (0, 1), (1, 2)');
    expect(await columnsAndRows('SELECT * FROM named')).toEqual({
      columns: ['c1', 'c2'],
      rows: [
        [0, 1],
        [1, 2],
      ],
    });
    expect(await fx.rows('SELECT c2 FROM named WHERE c1 = 1')).toEqual([[2]]);
  });

  it('keeps its query names when no list was given', async () => {
    await fx.rows('CREATE VIEW plain AS SELECT 1 AS a, 2 AS b');
    expect((await columnsAndRows('SELECT * FROM plain')).columns).toEqual(['a', 'b']);
  });
});
