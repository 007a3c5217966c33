import { describe, expect, it } from 'vitest';
import { field, LongType, StringType, struct } from '../../types/data-types.js';
import { DataSourceOptions } from '../data-source-options.js';
import { readJson } from './json-reader.js';

const schema = struct([field('users', StringType, true), field('cost', LongType, true)]);
const file = (text: string) => [{ path: '/data/bronze/a.json', text }];
const options = (extra: [string, string][] = []) =>
  new DataSourceOptions([['rescuedDataColumn', '_rescued_data'], ...extra]);

describe('JSON rescuedDataColumn', () => {
  it('rescues values of the wrong type and keys the schema lacks, in key order, with the file path', () => {
    const r = readJson(
      file('{"users":"peter","extra":[1,2],"cost":"$100"}\n{"users":"zebi","cost":300}\n'),
      options(),
      schema,
    );
    expect(r.schema.fields.map((f) => f.name)).toEqual(['users', 'cost', '_rescued_data']);
    expect(r.rows).toEqual([
      ['peter', null, '{"extra":"[1,2]","cost":"$100","_file_path":"file:/data/bronze/a.json"}'],
      ['zebi', 300n, null],
    ]);
  });

  it('rescues a key differing only in case, unless readerCaseSensitive is false', () => {
    const text = '{"users":"kim","Cost":5}\n';
    expect(readJson(file(text), options(), schema).rows).toEqual([
      ['kim', null, '{"Cost":"5","_file_path":"file:/data/bronze/a.json"}'],
    ]);
    expect(readJson(file(text), options([['readerCaseSensitive', 'false']]), schema).rows).toEqual([
      ['kim', 5n, null],
    ]);
  });

  it('does not count rescued values as malformed; an unparsable record still is', () => {
    const text = '{"users":"peter","cost":"$100"}\n{broken\n';
    expect(readJson(file(text), options([['mode', 'DROPMALFORMED']]), schema).rows).toEqual([
      ['peter', null, '{"cost":"$100","_file_path":"file:/data/bronze/a.json"}'],
    ]);
    expect(() => readJson(file(text), options([['mode', 'FAILFAST']]), schema)).toThrow(/broken/);
  });

  it('without the option, a key in another case is not matched and nothing is added', () => {
    const r = readJson(file('{"users":"kim","Cost":5}\n'), new DataSourceOptions(), schema);
    expect(r.schema.fields.map((f) => f.name)).toEqual(['users', 'cost']);
    expect(r.rows).toEqual([['kim', null]]);
  });
});
