/**
 * spark.sql.parser.quotedRegexColumnNames: a backquoted select item that is not a plain word selects the
 * columns its Java regex matches in full (possessive quantifiers included), case-insensitively; elsewhere, or
 * with the setting off, it stays a column name.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';
import { columnRegex } from './column-regex.js';

const fx = useSqlSession('lakesql-column-regex-');

async function columnNames(sql: string): Promise<string[]> {
  const results = await fx.session.execute(sql);
  const last = results[results.length - 1];
  return last?.kind === 'rows' ? last.columns.map((c) => c.name) : [];
}

describe('column regex', () => {
  afterAll(() => fx.session.setConf('spark.sql.parser.quotedRegexColumnNames', 'false'));

  it('reads Java possessive quantifiers as atomic', () => {
    const allButA = columnRegex('(a)?+.+');
    expect(['a', 'A', 'b', 'ab'].map((n) => allButA.test(n))).toEqual([false, false, true, true]);
    expect(columnRegex('(a|b)').test('B')).toBe(true);
    expect(columnRegex('(a|b)').test('ab')).toBe(false);
    expect(columnRegex('x*+x').test('xx')).toBe(false);
  });

  it('selects matching columns in select items, qualified or not, and inside functions', async () => {
    await fx.rows('CREATE TEMP VIEW rc(A, B, c) AS VALUES (1, 2, 3), (4, 5, 6)');
    const off = await errorOf(fx.session.execute('SELECT `(a)?+.+` FROM rc'));
    expect(off.errorClass).toBe('UNRESOLVED_COLUMN.WITH_SUGGESTION');
    await fx.session.setConf('spark.sql.parser.quotedRegexColumnNames', 'true');
    expect(await columnNames('SELECT `(a)?+.+` FROM rc')).toEqual(['B', 'c']);
    expect(await fx.rows('SELECT t.`(a|c)` FROM rc t WHERE A = 1')).toEqual([[1, 3]]);
    expect(await columnNames('SELECT `(x|y)` FROM rc')).toEqual([]);
    expect(await columnNames('SELECT sum(`(b)`), count(`(c)`) FROM rc')).toEqual(['sum(B)', 'count(c)']);
    const inWhere = await errorOf(fx.session.execute('SELECT A FROM rc WHERE `(a)` = 1'));
    expect(inWhere.errorClass).toBe('UNRESOLVED_COLUMN.WITH_SUGGESTION');
  });
});
