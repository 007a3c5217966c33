/**
 * The two-argument function forms of trim, ltrim and rtrim take the characters to trim first (Spark 3.0+), and
 * are named as the SQL form they stand for; btrim takes the string first. The DataFrame trim(col, chars) keeps
 * PySpark's order.
 */
import { describe, expect, it } from 'vitest';
import { functionCall } from '../../api/function-arguments.js';
import { columnRef, stringLiteral } from '../../sql/ast/node-builders.js';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const db = useSqlSession('lakesql-trim-order-');

describe('trim(trimStr, str)', () => {
  it('trims the first argument’s characters from the second', async () => {
    const results = await db.session.execute(
      "SELECT trim('ab', 'abcba'), ltrim('xy', 'xyxzz'), rtrim('z', 'xyzz'), btrim('xyxtrimyyx', 'xy'), trim(' a ')",
    );
    const last = results[results.length - 1];
    if (last?.kind !== 'rows') throw new Error('rows expected');
    expect(last.columns.map((c) => c.name)).toEqual([
      'TRIM(BOTH ab FROM abcba)',
      'TRIM(LEADING xy FROM xyxzz)',
      'TRIM(TRAILING z FROM xyzz)',
      'btrim(xyxtrimyyx, xy)',
      'trim( a )',
    ]);
    expect(last.rows.map((r) => [...r])).toEqual([['c', 'zz', 'xy', 'trim', 'a']]);
  });

  it('is what the DataFrame trim(col, chars) builds, the column first', () => {
    expect(functionCall('trim', [columnRef(['s']), stringLiteral('ab')]).expr).toMatchObject({
      kind: 'trim',
      side: 'BOTH',
      source: { kind: 'column', nameParts: ['s'] },
      trimChars: { kind: 'literal' },
    });
  });
});
