import { describe, expect, it } from 'vitest';
import { settingsOf, splitStatements } from './statement-splitter.js';

const noImports = (): string => '';

describe('splitStatements', () => {
  it('splits code at semicolons and drops comment lines', () => {
    const input = '-- a comment\nSELECT 1;\nSELECT 2 -- trailing\n;\n';
    expect(splitStatements(input, noImports)).toEqual(['SELECT 1', 'SELECT 2 -- trailing']);
  });

  it('keeps a QUERY-DELIMITER pair whole, so a ; inside a bracketed comment does not split it', () => {
    const input = [
      'SELECT 0;',
      '--QUERY-DELIMITER-START',
      '/* commented out;',
      'SELECT 1; */',
      'SELECT 2;',
      '--QUERY-DELIMITER-END',
      'SELECT 3;',
    ].join('\n');
    expect(splitStatements(input, noImports)).toEqual([
      'SELECT 0',
      '/* commented out;\nSELECT 1; */\nSELECT 2',
      'SELECT 3',
    ]);
  });
});

describe('settingsOf', () => {
  it('reads the --SET lines, several settings to a line', () => {
    const input = '--SET a.b=true\n--SET c = 1, d=x=y\n-- SET e=2\nSELECT 1;\n';
    expect(settingsOf(input)).toEqual([
      ['a.b', 'true'],
      ['c', '1'],
      ['d', 'x=y'],
    ]);
  });
});
