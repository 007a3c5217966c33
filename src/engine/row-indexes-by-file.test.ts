import { describe, expect, it } from 'vitest';
import { EngineSession } from './engine-session.js';
import { rowIndexesByFile } from './row-indexes-by-file.js';

describe('rowIndexesByFile', () => {
  it('groups the pairs by file, files ascending, rows in query order; NULL files left out', async () => {
    const session = await EngineSession.create({ threads: 1 });
    try {
      const sql =
        'SELECT f, r FROM (VALUES (2, 7::BIGINT, 1), (0, 3, 2), (2, 1, 3), (NULL, 9, 4), (0, 1099511627781, 5))' +
        ' AS t(f, r, o) ORDER BY o';
      const byFile = await rowIndexesByFile(session, sql);
      expect([...byFile]).toEqual([
        [0, [3, 2 ** 40 + 5]],
        [2, [7, 1]],
      ]);
      // Many chunks' worth of rows.
      const many = await rowIndexesByFile(session, 'SELECT i % 3, i FROM range(10000) AS t(i)');
      expect([...many.keys()]).toEqual([0, 1, 2]);
      expect(many.get(1)!.length).toBe(3333);
      expect(many.get(0)!.reduce((a, b) => a + b, 0)).toBe(16668333);
    } finally {
      session.close();
    }
  });
});
