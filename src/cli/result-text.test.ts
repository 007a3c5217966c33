import { describe, expect, it } from 'vitest';
import {
  arrayOf,
  DateType,
  decimal,
  field,
  IntegerType,
  LongType,
  mapOf,
  StringType,
  struct,
  TimestampType,
} from '../types/data-types.js';
import type { Value } from '../types/value.js';
import { type RowsResult, resultText } from './result-text.js';

const utc = { timeZone: 'UTC' };

const mixed: RowsResult = {
  columns: [
    { name: 'id', type: IntegerType, nullable: false },
    { name: 'name', type: StringType, nullable: true },
    { name: 'tags', type: arrayOf(StringType), nullable: true },
    { name: 'price', type: decimal(5, 2), nullable: true },
  ],
  rows: [
    [1, 'a,"b"', ['x', null], 12345n],
    [22, null, [], null],
    [3, '', null, -5n],
  ],
};

describe('resultText', () => {
  it('table: Spark show(truncate=false) frame, minimum width 3, NULL shown, nested strings quoted', () => {
    expect(resultText(mixed, 'table', utc)).toBe(
      [
        '+---+-----+----------+------+',
        '|id |name |tags      |price |',
        '+---+-----+----------+------+',
        '|1  |a,"b"|["x",null]|123.45|',
        '|22 |NULL |[]        |NULL  |',
        '|3  |     |NULL      |-0.05 |',
        '+---+-----+----------+------+',
      ].join('\n'),
    );
  });

  it('table with no rows still prints the header', () => {
    expect(resultText({ columns: mixed.columns.slice(0, 1), rows: [] }, 'table', utc)).toBe(
      '+---+\n|id |\n+---+\n+---+',
    );
  });

  it('csv: RFC 4180 quoting; NULL is an empty field and the empty string is ""', () => {
    expect(resultText(mixed, 'csv', utc)).toBe(
      ['id,name,tags,price', '1,"a,""b""","[""x"",null]",123.45', '22,,[],', '3,"",,-0.05'].join('\n'),
    );
  });

  it('json: one line, integers as numbers, decimals as strings, nested as JSON', () => {
    expect(resultText(mixed, 'json', utc)).toBe(
      '[{"id":1,"name":"a,\\"b\\"","tags":["x",null],"price":"123.45"},' +
        '{"id":22,"name":null,"tags":[],"price":null},{"id":3,"name":"","tags":null,"price":"-0.05"}]',
    );
  });

  it('json: longs beyond 2^53 as strings, dates, timestamps in the session time zone, maps and structs', () => {
    const result: RowsResult = {
      columns: [
        { name: 'big', type: LongType, nullable: false },
        { name: 'd', type: DateType, nullable: false },
        { name: 'ts', type: TimestampType, nullable: false },
        { name: 'm', type: mapOf(StringType, IntegerType), nullable: false },
        { name: 's', type: struct([field('a', IntegerType)]), nullable: false },
      ],
      rows: [
        [
          9007199254740993n,
          19724,
          1704164645500000n,
          { kind: 'map', entries: [['k', 1]] },
          { kind: 'struct', fields: { a: 2 } },
        ] as Value[],
      ],
    };
    expect(resultText(result, 'json', { timeZone: 'America/New_York' })).toBe(
      '[{"big":"9007199254740993","d":"2024-01-02","ts":"2024-01-01 22:04:05.5","m":{"k":1},"s":{"a":2}}]',
    );
    expect(resultText(result, 'table', utc)).toBe(
      [
        '+----------------+----------+---------------------+-------+-------+',
        '|big             |d         |ts                   |m      |s      |',
        '+----------------+----------+---------------------+-------+-------+',
        '|9007199254740993|2024-01-02|2024-01-02 03:04:05.5|{"k":1}|{"a":2}|',
        '+----------------+----------+---------------------+-------+-------+',
      ].join('\n'),
    );
  });
});
