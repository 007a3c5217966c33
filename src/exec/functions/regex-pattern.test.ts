/** A literal regex pattern Java would not compile fails as Spark's INVALID_PARAMETER_VALUE.PATTERN. */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';
import { capturingGroupCount } from './regex-pattern.js';

const fixture = useSqlSession('lakesql-regex-pattern-');

describe('literal regex patterns', () => {
  it.each([
    ["SELECT 'abc' RLIKE '(ab'", 'regexp_like', "'(ab'"],
    ["SELECT regexp_extract('abc', 'a)', 0)", 'regexp_extract', "'a)'"],
    ["SELECT regexp_replace('abc', '*a', 'x')", 'regexp_replace', "'*a'"],
    ["SELECT regexp_count('abc', '[a')", 'regexp_count', "'[a'"],
    ["SELECT split('abc', '+')", 'split', "'+'"],
    ["SELECT regexp_extract('abc', '(?l)')", 'regexp_extract', "'(?l)'"],
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

describe('capture groups (Matcher.groupCount) and what RE2 lacks', () => {
  it('counts capturing and named groups, not escaped, class or non-capturing parentheses', () => {
    expect(capturingGroupCount('\\d+')).toBe(0);
    expect(capturingGroupCount('(\\d+)([a-z]+)')).toBe(2);
    expect(capturingGroupCount('(?:a)(?<n>b)(?i)\\(c[(])')).toBe(1 + 0 + 0);
    expect(capturingGroupCount('[]()](x)')).toBe(1);
    expect(capturingGroupCount('\\Q(\\E(y)')).toBe(1);
  });

  it('a group index past the groups fails once a row matches; an unmatched group is empty', async () => {
    const e = await errorOf(fixture.rows("SELECT regexp_extract('1a 2b', '\\\\d+', 1)"));
    expect(e.errorClass).toBe('INVALID_PARAMETER_VALUE.REGEX_GROUP_INDEX');
    expect(e.messageParameters).toEqual({
      parameter: '`idx`',
      functionName: '`regexp_extract`',
      groupCount: '0',
      groupIndex: '1',
    });
    const all = await errorOf(fixture.rows("SELECT regexp_extract_all('1a', '(\\\\d+)', -1)"));
    expect(all.messageParameters).toMatchObject({ groupCount: '1', groupIndex: '-1' });
    expect(
      await fixture.rows(
        "SELECT regexp_extract('xyz', '\\\\d+', 1), regexp_extract_all('1a 2b a', '(\\\\d+)?([a-z])', 1), regexp_extract('a', '(\\\\d)?a', 1)",
      ),
    ).toEqual([['', ['1', '2', ''], '']]);
  });

  it('lookaround and backreferences are refused by name, never a DuckDB error', async () => {
    const e = await errorOf(fixture.rows("SELECT regexp_count('a1', '(?=[^ ]*[a-z])[^ ]+')"));
    expect(e.errorClass).toBe('UNSUPPORTED_FEATURE');
    expect(String(e.messageParameters.feature)).toContain('lookaround');
  });

  it('regexp_replace takes a positive constant position; calls are named with their defaults', async () => {
    const e = await errorOf(fixture.rows("SELECT regexp_replace('abc', 'b', 'x', 0)"));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE');
    expect(e.messageParameters).toMatchObject({ exprName: 'position', currentValue: '0' });
    const result = await fixture.session.execute(
      "SELECT regexp_extract('a1', 'a(1)'), regexp_replace('ab', 'b', 'c'), regexp_instr('ab', 'b'), rlike('a', 'a'), regexp('a', 'a')",
    );
    const last = result.at(-1);
    expect(last?.kind === 'rows' ? last.columns.map((c) => c.name) : []).toEqual([
      'regexp_extract(a1, a(1), 1)',
      'regexp_replace(ab, b, c, 1)',
      'regexp_instr(ab, b, 0)',
      'RLIKE(a, a)',
      'REGEXP(a, a)',
    ]);
  });
});
