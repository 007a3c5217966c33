import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endsStatement } from './statement-end.js';

describe('endsStatement', () => {
  it.each([
    ['SELECT 1;', true],
    ['SELECT 1;  ', true],
    ['SELECT 1; -- done', true],
    ['SELECT 1', false],
    ['', false],
    ['SELECT\n  1\n;', true],
    ["SELECT 'a;'", false],
    ["SELECT 'a;", false],
    ["SELECT 'it\\'s;'", false],
    ["SELECT 'it\\'s';", true],
    ["SELECT r'a\\';", true],
    ['SELECT "x;" ;', true],
    ['SELECT `a;b` FROM t', false],
    ['SELECT `a``;` FROM t;', true],
    ['SELECT 1 -- ;', false],
    ['SELECT 1 /* ; */', false],
    ['SELECT 1 /* /* ; */ still open ;', false],
    ['SELECT 1 /* /* */ */;', true],
    ['SELECT 1; SELECT 2', false],
    ['SELECT 1; SELECT 2;', true],
  ])('%j -> %s', (text, expected) => {
    expect(endsStatement(text)).toBe(expected);
  });

  it('a statement of plain words ends exactly when a ; follows it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9 ]{0,20}$/), fc.boolean(), (words, terminated) => {
        expect(endsStatement(`${words}${terminated ? ';' : ''}`)).toBe(terminated);
      }),
    );
  });
});
