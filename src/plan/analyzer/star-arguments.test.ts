/** A star among function arguments and in IN lists expands to its columns, and names the result after them. */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-star-arguments-');

describe('star arguments', () => {
  it('expands *, t.* and * EXCEPT inside calls and IN lists, in any clause', async () => {
    await fx.rows('CREATE TEMP VIEW sa(c1, c2, c3) AS VALUES (1, NULL, 3)');
    const [result] = await fx.session.execute(
      "SELECT coalesce(*), array(sa.*), concat_ws(',', * EXCEPT (c2)), 3 IN (*), struct(*) FROM sa",
    );
    expect(result!.kind === 'rows' && result!.columns.map((c) => c.name)).toEqual([
      'coalesce(c1, c2, c3)',
      'array(c1, c2, c3)',
      'concat_ws(,, c1, c3)',
      '(3 IN (c1, c2, c3))',
      'struct(c1, c2, c3)',
    ]);
    expect(result!.kind === 'rows' && result!.rows[0]!.slice(0, 4)).toEqual([1, [1, null, 3], '1,3', true]);
    expect(result!.kind === 'rows' && result!.columns[4]!.type).toMatchObject({ kind: 'struct' });
    expect(await fx.rows('SELECT count(*) FROM sa WHERE greatest(*) = 3 AND 1 IN (*)')).toEqual([[1n]]);
  });
});
