import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arrayOf,
  DoubleType,
  decimal,
  FloatType,
  field,
  IntegerType,
  LongType,
  mapOf,
  StringType,
  struct,
  TimestampNtzType,
  TimestampType,
} from '../../types/data-types.js';
import { compareRows, floatsEqual, normalizeTimestamp } from './compare.js';

const schema = struct([field('id', LongType), field('name', StringType), field('amount', decimal(10, 2))]);
const rows = [
  ['1', 'a', '1.50'],
  ['2', 'b', '2.00'],
  ['2', 'b', '2.00'],
  ['3', null, null],
];

describe('compareRows', () => {
  it('accepts the same multiset in any order, as parsed rows or JSON text', () => {
    expect(compareRows(schema, [...rows].reverse(), rows)).toEqual({ kind: 'equal' });
    expect(
      compareRows(
        schema,
        rows.map((r) => JSON.stringify(r)),
        rows,
      ),
    ).toEqual({ kind: 'equal' });
  });

  it('rejects one changed value and names the rows that differ', () => {
    const changed = [rows[0], ['2', 'b', '2.01'], rows[2], rows[3]] as unknown[][];
    expect(compareRows(schema, changed, rows)).toEqual({
      kind: 'different',
      reason:
        '4 rows, expected 4; 1 expected not found, e.g. ["2","b","2.00"]; 1 unexpected, e.g. ["2","b","2.01"]',
    });
  });

  it('rejects a missing row', () => {
    expect(compareRows(schema, rows.slice(1), rows)).toEqual({
      kind: 'different',
      reason: '3 rows, expected 4; 1 expected not found, e.g. ["1","a","1.50"]',
    });
  });

  it('rejects an extra duplicate (multiset, not set)', () => {
    expect(compareRows(schema, [...rows, rows[0]] as unknown[][], rows)).toEqual({
      kind: 'different',
      reason: '5 rows, expected 4; 1 unexpected, e.g. ["1","a","1.50"]',
    });
  });

  it('compares decimals exactly: 1.5 is not 1.50', () => {
    const s = struct([field('d', decimal(10, 2))]);
    expect(compareRows(s, [['1.5']], [['1.50']]).kind).toBe('different');
  });

  it('treats NaN as equal to NaN and keeps infinities apart', () => {
    const s = struct([field('x', DoubleType)]);
    expect(compareRows(s, [['NaN'], ['Infinity']], [['Infinity'], ['NaN']])).toEqual({ kind: 'equal' });
    expect(compareRows(s, [['-Infinity']], [['Infinity']]).kind).toBe('different');
    expect(compareRows(s, [[0]], [['NaN']]).kind).toBe('different');
  });

  it('compares floats within 1e-6 relative tolerance', () => {
    const s = struct([field('k', IntegerType), field('x', FloatType)]);
    expect(
      compareRows(
        s,
        [
          [1, 3.4000001],
          [2, 1e10 + 1],
        ],
        [
          [2, 1e10],
          [1, 3.4000000953674316],
        ],
      ),
    ).toEqual({
      kind: 'equal',
    });
    expect(compareRows(s, [[1, 3.41]], [[1, 3.4]]).kind).toBe('different');
  });

  it('compares timestamps as instants, ignoring trailing fraction zeros', () => {
    const s = struct([field('t', TimestampType), field('n', TimestampNtzType)]);
    expect(
      compareRows(
        s,
        [['2023-05-31 18:58:33.633000+00', '2021-11-18 02:30:00.000']],
        [['2023-05-31 18:58:33.633+00', '2021-11-18 02:30:00']],
      ),
    ).toEqual({ kind: 'equal' });
    expect(
      compareRows(s, [['2023-05-31 18:58:33.634+00', null]], [['2023-05-31 18:58:33.633+00', null]]).kind,
    ).toBe('different');
  });

  it('ignores map entry order but not map contents; compares nested structs and arrays', () => {
    const s = struct([
      field('m', mapOf(StringType, LongType)),
      field('s', struct([field('a', arrayOf(DoubleType)), field('b', StringType)])),
    ]);
    const expected = [
      [
        [
          { key: 'k1', value: '1' },
          { key: 'k2', value: '2' },
        ],
        { a: [1.5, 'NaN'], b: 'x' },
      ],
    ];
    const reordered = [
      [
        [
          { key: 'k2', value: '2' },
          { key: 'k1', value: '1' },
        ],
        { b: 'x', a: [1.5000000001, 'NaN'] },
      ],
    ];
    expect(compareRows(s, reordered, expected)).toEqual({ kind: 'equal' });
    const changed = [[[{ key: 'k1', value: '1' }], { a: [1.5, 'NaN'], b: 'x' }]];
    expect(compareRows(s, changed, expected).kind).toBe('different');
  });

  it('reports the full totals when given only leftovers of an exact diff', () => {
    expect(compareRows(schema, [], [rows[0] as unknown[]], { actual: 999, expected: 1000 })).toEqual({
      kind: 'different',
      reason: '999 rows, expected 1000; 1 expected not found, e.g. ["1","a","1.50"]',
    });
  });

  it('property: any permutation of any multiset of rows is equal to it', () => {
    const row = fc.tuple(
      fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String),
      fc.option(fc.string({ maxLength: 4 })),
      fc.constantFrom('0.00', '1.50', '-2.25'),
    );
    fc.assert(
      fc.property(
        fc
          .array(row, { maxLength: 20 })
          .chain((rs) =>
            fc.tuple(
              fc.constant(rs),
              fc.shuffledSubarray(rs, { minLength: rs.length, maxLength: rs.length }),
            ),
          ),
        ([original, shuffled]) => compareRows(schema, shuffled, original).kind === 'equal',
      ),
    );
  });
});

describe('normalizeTimestamp and floatsEqual', () => {
  it('trims the fraction to its significant digits', () => {
    expect(normalizeTimestamp('2020-01-01 00:00:00.100000+00')).toBe('2020-01-01 00:00:00.1+00');
    expect(normalizeTimestamp('2020-01-01 00:00:00.000+00')).toBe('2020-01-01 00:00:00+00');
    expect(normalizeTimestamp('2020-01-01 00:00:00')).toBe('2020-01-01 00:00:00');
  });

  it('accepts tiny differences near zero and rejects sign changes', () => {
    expect(floatsEqual(0, 1e-15)).toBe(true);
    expect(floatsEqual(1, -1)).toBe(false);
    expect(floatsEqual('NaN', 'NaN')).toBe(true);
  });
});
