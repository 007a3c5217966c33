import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sqlTypeName } from '../../types/data-types.js';
import { DataSourceOptions } from '../data-source-options.js';
import { csvOptions } from './csv-options.js';
import { inferCsvTypes } from './csv-schema-inference.js';
import { tokenizeCsv } from './csv-tokenizer.js';

const o = csvOptions(new DataSourceOptions());
const infer = (...values: string[]) =>
  sqlTypeName(
    inferCsvTypes(
      values.map((v) => [v]),
      1,
      o,
    )[0]!,
  );

describe('CSVInferSchema rules', () => {
  it('widens integers int -> bigint -> decimal -> double', () => {
    expect(infer('1', '2')).toBe('int');
    expect(infer('1', '2147483648')).toBe('bigint');
    expect(infer('1', '9223372036854775808')).toBe('decimal(19,0)');
    expect(infer('1', '1.5')).toBe('double');
    expect(infer('1e3')).toBe('double');
    expect(infer('NaN')).toBe('double');
  });
  it('recognises booleans, dates and timestamps; mixed falls back to string; all-null is string', () => {
    expect(infer('true', 'FALSE')).toBe('boolean');
    expect(infer('2024-01-15')).toBe('date');
    expect(infer('2024-01-15', '2024-01-15 10:00:00')).toBe('timestamp');
    expect(infer('1', 'true')).toBe('string');
    expect(infer('1', 'x')).toBe('string');
    expect(infer('', '')).toBe('string');
    expect(infer('', '7')).toBe('int');
  });
  it('any int in range infers int (property)', () => {
    fc.assert(fc.property(fc.integer(), (n) => infer(String(n)) === 'int'));
  });
});

describe('tokenizer', () => {
  it('splits quoted fields, escapes and empty values like Spark', () => {
    const recs = tokenizeCsv('a,"b,c","d""e",\\x,,""\n\n"f\\"g"\r\nh', o);
    expect(recs.map((r) => r.tokens)).toEqual([['a', 'b,c', 'd"e', '\\x', '', ''], ['f"g'], ['h']]);
    expect(recs.map((r) => r.line)).toEqual([1, 3, 4]);
  });
  it('keeps line breaks inside quotes only with multiLine', () => {
    const text = 'a,"x\ny"\nb,z';
    expect(
      tokenizeCsv(text, csvOptions(new DataSourceOptions([['multiLine', 'true']]))).map((r) => r.tokens),
    ).toEqual([
      ['a', 'x\ny'],
      ['b', 'z'],
    ]);
    expect(tokenizeCsv(text, o).length).toBe(3);
  });
  it('honours lineSep', () => {
    const recs = tokenizeCsv('a|b', csvOptions(new DataSourceOptions([['lineSep', '|']])));
    expect(recs.map((r) => r.tokens)).toEqual([['a'], ['b']]);
  });
});
