import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';
import { LEGACY_EXISTS_COUNT_KEY } from './legacy-exists-count.js';

const fx = useSqlSession('lakesql-legacy-exists-count-');

async function columnNames(sql: string): Promise<string[]> {
  const results = await fx.session.execute(sql);
  const last = results[results.length - 1];
  return last?.kind === 'rows' ? last.columns.map((c) => c.name) : [];
}

describe('the COUNT bug in EXISTS and IN subqueries', () => {
  it('a global aggregate gives one row over no rows, unless the legacy flag is set', async () => {
    await fx.rows('CREATE TEMP VIEW ct1(c1, c2) AS VALUES (0, 1), (1, 2)');
    await fx.rows('CREATE TEMP VIEW ct2(c1, c2) AS VALUES (0, 2), (0, 3)');
    const exists =
      'SELECT * FROM ct1 WHERE EXISTS (SELECT count(*) FROM ct2 WHERE ct2.c1 = ct1.c1) ORDER BY c1';
    const inCount =
      'SELECT * FROM ct1 WHERE c1 IN (SELECT 1 FROM ct2 WHERE ct2.c1 = ct1.c1 HAVING count(*) = 0) ORDER BY c1';
    expect(await fx.rows(exists)).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(await fx.rows(inCount)).toEqual([[1, 2]]);
    await fx.rows(`SET ${LEGACY_EXISTS_COUNT_KEY} = true`);
    try {
      expect(await fx.rows(exists)).toEqual([[0, 1]]);
      expect(await fx.rows(inCount)).toEqual([]);
    } finally {
      await fx.rows(`SET ${LEGACY_EXISTS_COUNT_KEY} = false`);
    }
  });

  it('names an IN subquery after the outer columns it reads', async () => {
    expect(
      await columnNames('SELECT c1 NOT IN (SELECT count(*) + 1 FROM ct2 WHERE ct2.c1 = ct1.c1) FROM ct1'),
    ).toEqual(['(NOT (c1 IN (listquery(c1))))']);
  });
});
