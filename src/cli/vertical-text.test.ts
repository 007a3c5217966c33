import { describe, expect, it } from 'vitest';
import { IntegerType, StringType } from '../types/data-types.js';
import { expandedText, lineModeText } from './vertical-text.js';

const result = {
  columns: [
    { name: 'id', type: IntegerType, nullable: false },
    { name: 'full_name', type: StringType, nullable: true },
  ],
  rows: [
    [1, 'Ada Lovelace'],
    [22, null],
  ],
};
const options = { timeZone: 'UTC' };

describe('vertical results', () => {
  it("\\x: psql's expanded display, a record header as wide as the widest line", () => {
    expect(expandedText(result, options)).toBe(
      [
        '-[ RECORD 1 ]-----------',
        'id        | 1',
        'full_name | Ada Lovelace',
        '-[ RECORD 2 ]-----------',
        'id        | 22',
        'full_name | NULL',
      ].join('\n'),
    );
    expect(expandedText({ ...result, rows: [] }, options)).toBe('(0 rows)');
  });

  it(".mode line: DuckDB's line mode, names right-aligned, a blank line between rows", () => {
    expect(lineModeText(result, options)).toBe(
      ['       id = 1', 'full_name = Ada Lovelace', '', '       id = 22', 'full_name = NULL'].join('\n'),
    );
  });
});
