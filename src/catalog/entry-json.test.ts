import { describe, expect, it } from 'vitest';
import { arrayOf, decimal, field, IntegerType, mapOf, StringType, struct } from '../types/data-types.js';
import type { CatalogDataTable, CatalogView } from './catalog-types.js';
import { dataTypeFromJson, dataTypeToJson } from './data-type-json.js';
import { databaseFromJson, databaseToJson, tableFromJson, tableToJson } from './entry-json.js';

const schema = struct([
  field('id', IntegerType, false),
  field('tags', arrayOf(StringType)),
  field('m', mapOf(StringType, decimal(10, 2), false), true, { comment: 'prices' }),
  field('code', { kind: 'char', length: 3 }),
  field('name', { kind: 'varchar', length: 20 }),
  field('ym', { kind: 'yearMonthInterval', startField: 0, endField: 1 }),
  field('dt', { kind: 'dayTimeInterval', startField: 1, endField: 3 }),
  field('ci', { kind: 'calendarInterval' }),
]);

describe('catalog entry JSON', () => {
  it('round-trips every data type, SQL-only ones by Spark JSON names', () => {
    const json = dataTypeToJson(schema);
    expect(JSON.stringify(json)).toContain('"char(3)"');
    expect(JSON.stringify(json)).toContain('"interval year to month"');
    expect(JSON.stringify(json)).toContain('"interval hour to second"');
    expect(dataTypeFromJson(JSON.parse(JSON.stringify(json)), 'schema')).toEqual(schema);
  });

  it('round-trips databases, data tables and views', () => {
    const db = { name: 's', comment: 'c', location: 'file:///wh/s.db', properties: { a: '1' }, owner: 'me' };
    expect(databaseFromJson(databaseToJson(db), 'k')).toEqual(db);
    const table: CatalogDataTable = {
      identifier: { database: 's', name: 't' },
      tableType: 'EXTERNAL',
      provider: 'csv',
      location: 'file:///data/t',
      partitionColumns: ['p'],
      schema,
      options: { header: 'true' },
      properties: { k: 'v' },
      comment: 'hello',
      createdTime: 1700000000000,
    };
    expect(tableFromJson(tableToJson(table), 'k')).toEqual(table);
    const view: CatalogView = {
      identifier: { database: 'default', name: 'v' },
      tableType: 'VIEW',
      viewText: 'SELECT 1 AS one',
      viewSchema: struct([field('one', IntegerType, false)]),
      viewQueryColumnNames: ['one'],
      viewCatalogAndNamespace: ['spark_catalog', 'default'],
      properties: {},
      createdTime: 5,
    };
    expect(tableFromJson(tableToJson(view), 'k')).toEqual(view);
    const collated: CatalogView = { ...view, collation: 'UTF8_LCASE' };
    expect(tableFromJson(tableToJson(collated), 'k')).toEqual(collated);
  });

  it('fails loudly, naming the key, on a corrupt entry', () => {
    expect(() => tableFromJson('{not json', 'tables/x.json')).toThrow(/tables\/x\.json is not JSON/);
    expect(() => tableFromJson('{"database":"d","name":"n","tableType":"BOGUS"}', 'k')).toThrow(
      'catalog entry k: unknown tableType "BOGUS"',
    );
  });
});
