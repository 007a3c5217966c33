import { describe, expect, it } from 'vitest';
import { tokenize } from './lexer.js';

const kinds = (s: string) => tokenize(s).map((t) => [t.type, t.value]);

describe('lexer', () => {
  it('reads words, backquoted identifiers and Spark string escapes', () => {
    expect(kinds("sElEct `a``b` 'x\\n\\t\\'\\\\\\u0041\\101' \"dq\" r'\\n'")).toEqual([
      ['word', 'sElEct'],
      ['quoted', 'a`b'],
      ['string', "x\n\t'\\AA"],
      ['string', 'dq'],
      ['string', '\\n'],
      ['eof', ''],
    ]);
  });
  it('reads numbers with suffixes, and digits glued to letters as identifiers', () => {
    expect(kinds('1 1L 1S 1Y 1.5 .5 1.5D 1.5F 1.5BD 1e3 1E-2 12ab')).toEqual([
      ['number', '1'],
      ['number', '1L'],
      ['number', '1S'],
      ['number', '1Y'],
      ['number', '1.5'],
      ['number', '.5'],
      ['number', '1.5D'],
      ['number', '1.5F'],
      ['number', '1.5BD'],
      ['number', '1e3'],
      ['number', '1E-2'],
      ['word', '12ab'],
      ['eof', ''],
    ]);
  });
  it('skips -- and nested /* */ comments, keeps hints, tracks line and column', () => {
    const toks = tokenize('a -- c\n /* x /* y */ z */ b /*+ BROADCAST(t) */');
    expect(toks.map((t) => t.value)).toEqual(['a', 'b', '/*+', 'BROADCAST', '(', 't', ')', '*/', '']);
    expect(toks[1]).toMatchObject({ line: 2, column: 20, start: 26, end: 27 });
  });
  it('reads operators longest first and parameter markers', () => {
    expect(kinds('<=> <> != == :: -> => || >>> ? :p')).toEqual([
      ['op', '<=>'],
      ['op', '<>'],
      ['op', '!='],
      ['op', '=='],
      ['op', '::'],
      ['op', '->'],
      ['op', '=>'],
      ['op', '||'],
      ['op', '>>>'],
      ['param', ''],
      ['param', 'p'],
      ['eof', ''],
    ]);
  });
  it('reads `:` after a name or a closing bracket as a colon, not a parameter marker', () => {
    expect(kinds('a:INT `b`:c ]:d ):e (:f =:g')).toEqual([
      ['word', 'a'],
      ['op', ':'],
      ['word', 'INT'],
      ['quoted', 'b'],
      ['op', ':'],
      ['word', 'c'],
      ['op', ']'],
      ['op', ':'],
      ['word', 'd'],
      ['op', ')'],
      ['op', ':'],
      ['word', 'e'],
      ['op', '('],
      ['param', 'f'],
      ['op', '='],
      ['param', 'g'],
      ['eof', ''],
    ]);
  });
  it('refuses an unclosed comment and an unclosed string', () => {
    expect(() => tokenize('select /* x')).toThrow(
      expect.objectContaining({ errorClass: 'UNCLOSED_BRACKETED_COMMENT' }),
    );
    expect(() => tokenize("select 'x")).toThrow(
      expect.objectContaining({ errorClass: 'PARSE_SYNTAX_ERROR' }),
    );
  });
});
