import { describe, expect, it } from 'vitest';
import { LakesqlError } from '../../errors/index.js';
import { field, LongType, StringType, sqlTypeName, struct } from '../../types/data-types.js';
import { DataSourceOptions } from '../data-source-options.js';
import { readCsv } from './csv-reader.js';

const schema = struct([field('users', StringType, true), field('cost', LongType, true)]);
const file = (text: string) => [{ path: '/data/bronze/a.csv', text }];
const options = (extra: [string, string][] = []) =>
  new DataSourceOptions([['header', 'true'], ['rescuedDataColumn', '_rescued_data'], ...extra]);

describe('CSV rescuedDataColumn', () => {
  it('rescues a value of the wrong type as JSON with the file path, and adds the column', () => {
    const r = readCsv(file('users,cost\npeter,$100\nzebi,300\n'), options(), schema);
    expect(r.schema.fields.map((f) => `${f.name} ${sqlTypeName(f.type)}`)).toEqual([
      'users string',
      'cost bigint',
      '_rescued_data string',
    ]);
    expect(r.rows).toEqual([
      ['peter', null, '{"cost":"$100","_file_path":"file:/data/bronze/a.csv"}'],
      ['zebi', 300n, null],
    ]);
  });

  it('rescues values past the schema under their header names, and headers differing only in case', () => {
    const r = readCsv(file('users,Cost,extra\npeter,1,x\n'), options(), schema);
    expect(r.rows).toEqual([
      ['peter', null, '{"Cost":"1","extra":"x","_file_path":"file:/data/bronze/a.csv"}'],
    ]);
    const insensitive = readCsv(
      file('users,Cost,extra\npeter,1,x\n'),
      options([['readerCaseSensitive', 'false']]),
      schema,
    );
    expect(insensitive.rows).toEqual([['peter', 1n, '{"extra":"x","_file_path":"file:/data/bronze/a.csv"}']]);
  });

  it('with inference, keeps the rescued column last and names extras _cN without a header', () => {
    const r = readCsv(
      [{ path: '/d/b.csv', text: 'a,1\nb,2,spill\n' }],
      new DataSourceOptions([
        ['inferSchema', 'true'],
        ['rescuedDataColumn', 'rescued'],
      ]),
    );
    expect(r.schema.fields.map((f) => `${f.name} ${sqlTypeName(f.type)}`)).toEqual([
      '_c0 string',
      '_c1 int',
      'rescued string',
    ]);
    expect(r.rows).toEqual([
      ['a', 1, null],
      ['b', 2, '{"_c2":"spill","_file_path":"file:/d/b.csv"}'],
    ]);
  });

  it('does not count rescued values as malformed; a short record still is', () => {
    const text = 'users,cost\npeter,$100\nshort\n';
    expect(readCsv(file(text), options([['mode', 'DROPMALFORMED']]), schema).rows).toEqual([
      ['peter', null, '{"cost":"$100","_file_path":"file:/data/bronze/a.csv"}'],
    ]);
    const failFast = () => readCsv(file(text), options([['mode', 'FAILFAST']]), schema);
    expect(failFast).toThrow(LakesqlError);
    expect(failFast).toThrow(/short/);
  });
});
