/**
 * Spark's LIKE pattern checks (found by the execution fuzz: a pattern from a column ending with the escape
 * character was DuckDB's syntax error, an INTERNAL_ERROR; a literal one was silently false).
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';
import { likePatternDefect } from './like-pattern.js';

const fixture = useSqlSession('lakesql-like-pattern-');

describe('likePatternDefect', () => {
  it('finds an escape at the end or before a character it cannot escape', () => {
    expect(likePatternDefect('a\\_b\\%\\\\', '\\')).toBeUndefined();
    expect(likePatternDefect('ab\\', '\\')).toEqual({ kind: 'atTheEnd' });
    expect(likePatternDefect('a\\\\\\', '\\')).toEqual({ kind: 'atTheEnd' });
    expect(likePatternDefect('a\\b', '\\')).toEqual({ kind: 'inTheMiddle', char: 'b' });
    expect(likePatternDefect('a#😀', '#')).toEqual({ kind: 'inTheMiddle', char: '😀' });
  });
});

describe('LIKE with a pattern Spark refuses', () => {
  it.each([
    [`SELECT 'ab' LIKE 'ab\\\\'`, 'INVALID_FORMAT.ESC_AT_THE_END', { format: "'ab\\\\'" }],
    [`SELECT 'ab' LIKE 'a\\\\b'`, 'INVALID_FORMAT.ESC_IN_THE_MIDDLE', { format: "'a\\\\b'", char: "'b'" }],
    [`SELECT 'a%' LIKE 'a/' ESCAPE '/'`, 'INVALID_FORMAT.ESC_AT_THE_END', { format: "'a/'" }],
    [
      `SELECT 'AB' ILIKE 'a#b' ESCAPE '#'`,
      'INVALID_FORMAT.ESC_IN_THE_MIDDLE',
      { format: "'a#b'", char: "'b'" },
    ],
    [
      `SELECT s LIKE p FROM VALUES ('ab', 'a%'), ('ab', 'it''s\\\\') AS t(s, p)`,
      'INVALID_FORMAT.ESC_AT_THE_END',
      { format: "'it\\'s\\\\'" },
    ],
  ])('%s is %s', async (sql, errorClass, params) => {
    expect(await errorOf(fixture.rows(sql))).toMatchObject({
      errorClass,
      sqlState: '42601',
      messageParameters: params,
    });
  });

  it('matches valid patterns, and a NULL string or pattern is NULL before any check', async () => {
    expect(
      await fixture.rows(
        `SELECT s LIKE p, 'a_b' LIKE 'a\\\\_b', 'a%' LIKE 'a/%' ESCAPE '/'
         FROM VALUES ('a_', 'a\\\\_'), ('ab', 'a\\\\_'), ('a\\\\', 'a\\\\\\\\'), (NULL, 'x\\\\'), ('x', NULL) AS t(s, p)`,
      ),
    ).toEqual([
      [true, true, true],
      [false, true, true],
      [true, true, true],
      [null, true, true],
      [null, true, true],
    ]);
  });
});

describe('found beside it by the execution fuzz', () => {
  it('round with a scale from a column is DATATYPE_MISMATCH.NON_FOLDABLE_INPUT, as Spark', async () => {
    expect(await errorOf(fixture.rows('SELECT round(d, i) FROM VALUES (1.5D, 0) AS t(d, i)'))).toMatchObject({
      errorClass: 'DATATYPE_MISMATCH.NON_FOLDABLE_INPUT',
      messageParameters: { inputName: '`scale`', inputType: '"INT"', inputExpr: '"i"' },
    });
    expect(await fixture.rows('SELECT round(2.25D, 0 + 1), bround(2.5D)')).toEqual([[2.3, 2]]);
  });

  it('an index of Int.MinValue is out of bounds, not an overflow of abs()', async () => {
    expect(
      await fixture.rows(
        `SELECT try_element_at(array(1, 2), -2147483648), split_part('a,b', ',', -2147483648)`,
      ),
    ).toEqual([[null, '']]);
  });
});
