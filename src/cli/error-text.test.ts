import { describe, expect, it } from 'vitest';
import { LakesqlError } from '../errors/index.js';
import { ParseError } from '../sql/index.js';
import { errorText } from './error-text.js';

const syntaxError = (offset: number, token: string) =>
  new ParseError(
    'PARSE_SYNTAX_ERROR',
    { error: `'${token}'`, hint: '' },
    { line: 1, column: offset + 1, offset },
  );

describe('errorText', () => {
  it("a parse error gives the script's line, Spark's 0-based pos and a caret under the statement line", () => {
    const script = 'SELECT 1;\n  SELEC 2;\n';
    expect(errorText(syntaxError(0, 'SELEC'), { text: 'SELEC 2', offset: 12 }, script)).toBe(
      [
        "[PARSE_SYNTAX_ERROR] Syntax error at or near 'SELEC'. SQLSTATE: 42601 (line 2, pos 2)",
        '',
        '== SQL ==',
        '  SELEC 2',
        '--^^^',
      ].join('\n'),
    );
  });

  it('the caret goes after the offending line of a multi-line statement, the rest follows', () => {
    const script = 'SELECT a,\n  b c d\nFROM t';
    expect(errorText(syntaxError(16, 'd'), { text: script, offset: 0 }, script)).toBe(
      [
        "[PARSE_SYNTAX_ERROR] Syntax error at or near 'd'. SQLSTATE: 42601 (line 2, pos 6)",
        '',
        '== SQL ==',
        'SELECT a,',
        '  b c d',
        '------^^^',
        'FROM t',
      ].join('\n'),
    );
  });

  it('other LakesqlErrors print as their message; bugs print their stack', () => {
    const e = new LakesqlError('DIVIDE_BY_ZERO', { config: '"spark.sql.ansi.enabled"' });
    expect(errorText(e, { text: 'x', offset: 0 }, 'x')).toBe(e.message);
    expect(errorText(e, { text: 'x', offset: 0 }, 'x')).toMatch(/^\[DIVIDE_BY_ZERO\] .* SQLSTATE: 22012$/);
    const bug = new TypeError('oops');
    expect(errorText(bug, { text: 'x', offset: 0 }, 'x')).toBe(bug.stack);
  });

  it('in a script, other errors name the line where their statement starts, then the statement', () => {
    const script = 'SELECT 1;\n\n-- next\nSELECT a\n  / 0 FROM t;';
    const e = new LakesqlError('DIVIDE_BY_ZERO', { config: '"spark.sql.ansi.enabled"' });
    const statement = { text: 'SELECT a\n  / 0 FROM t', offset: script.indexOf('SELECT a') };
    expect(errorText(e, statement, script, { statementLine: true })).toBe(
      `${e.message}\n== SQL (line 4) ==\nSELECT a\n  / 0 FROM t`,
    );
    // A message with its own query context is left as it is.
    const withContext = new Error('[X] boom\n== SQL (line 1, position 8) ==\nSELECT a / 0\n       ^^^^^');
    expect(errorText(withContext, statement, script, { statementLine: true })).toBe(withContext.stack);
    // A parse error keeps Spark's own `(line L, pos P)` and caret.
    expect(
      errorText(syntaxError(0, 'SELEC'), { text: 'SELEC 2', offset: 12 }, 'SELECT 1;\n  SELEC 2;\n', {
        statementLine: true,
      }),
    ).toMatch(/\(line 2, pos 2\)\n\n== SQL ==\n {2}SELEC 2\n--\^\^\^$/);
  });
});
