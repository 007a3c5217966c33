/** A literal regex pattern Java would not compile fails as Spark's INVALID_PARAMETER_VALUE.PATTERN. */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-regex-pattern-');

describe('literal regex patterns', () => {
  it.each([
    ["SELECT 'abc' RLIKE '(ab'", 'regexp_like', "'(ab'"],
    ["SELECT regexp_extract('abc', 'a)', 0)", 'regexp_extract', "'a)'"],
    ["SELECT regexp_replace('abc', '*a', 'x')", 'regexp_replace', "'*a'"],
    ["SELECT regexp_count('abc', '[a')", 'regexp_count', "'[a'"],
    ["SELECT split('abc', '+')", 'split', "'+'"],
  ])('%s fails with INVALID_PARAMETER_VALUE.PATTERN', async (sql, fn, value) => {
    const e = await errorOf(fixture.rows(sql));
    expect(e.errorClass).toBe('INVALID_PARAMETER_VALUE.PATTERN');
    expect(e.messageParameters).toMatchObject({ parameter: '`regexp`', value });
    expect(String(e.messageParameters.functionName)).toMatch(
      new RegExp(fn.replace('regexp_like', '(regexp_like|rlike)')),
    );
  });

  it('patterns Java accepts still run', async () => {
    expect(
      await fixture.rows(
        "SELECT 'a(b' RLIKE 'a\\\\(b', regexp_extract('abc', '([]a])b', 1), regexp_count('aaa', 'a+'), 'x' RLIKE '\\\\Q(\\\\E|x'",
      ),
    ).toEqual([[true, 'a', 1, true]]);
  });

  // Found by the execution fuzz: a pattern held in a column reached RE2 at run time and was an INTERNAL_ERROR.
  it.each([
    [`SELECT 'a' RLIKE p FROM VALUES ('x'), ('a\\\\') AS t(p)`, 'trailing \\'],
    [`SELECT regexp_replace('a', p, 'x') FROM VALUES ('[') AS t(p)`, "'[' (missing ])"],
    [`SELECT regexp_count('a', p || ')') FROM VALUES ('a') AS t(p)`, "'a)' (unexpected ))"],
  ])('a pattern from a column: %s', async (sql, value) => {
    const e = await errorOf(fixture.rows(sql));
    expect([e.errorClass, e.sqlState, e.messageParameters]).toEqual([
      'INVALID_PARAMETER_VALUE.PATTERN',
      '22023',
      { parameter: '`regexp`', functionName: 'a regular expression function', value },
    ]);
  });
});
