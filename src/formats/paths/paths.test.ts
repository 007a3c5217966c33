import { describe, expect, it } from 'vitest';
import { sqlTypeName } from '../../types/data-types.js';
import { globSegmentRegex, isHiddenName } from './data-files.js';
import { inferPartitionValueType, partitionSegments, widerPartitionType } from './partition-discovery.js';

describe('listing rules', () => {
  it('hides _ and . names except partition folders', () => {
    expect([isHiddenName('_SUCCESS'), isHiddenName('.crc'), isHiddenName('_k=1'), isHiddenName('a')]).toEqual(
      [true, true, false, false],
    );
  });
  it('matches Hadoop globs', () => {
    expect(globSegmentRegex('*.csv').test('a.csv')).toBe(true);
    expect(globSegmentRegex('{a,b}?.json').test('b1.json')).toBe(true);
    expect(globSegmentRegex('[0-9].txt').test('x.txt')).toBe(false);
  });
});

describe('partition discovery', () => {
  it('types values like inferPartitionColumnValue and widens across folders', () => {
    const t = (v: string | null) =>
      inferPartitionValueType(v) ? sqlTypeName(inferPartitionValueType(v)!) : 'null';
    expect(['1', '3000000000', '1.5', '2024-01-01', '2024-01-01 10:00:00', 'x', null].map(t)).toEqual([
      'int',
      'bigint',
      'double',
      'date',
      'timestamp',
      'string',
      'null',
    ]);
    expect(sqlTypeName(widerPartitionType(inferPartitionValueType('1'), inferPartitionValueType('x'))!)).toBe(
      'string',
    );
    expect(partitionSegments(['a=1', 'b=__HIVE_DEFAULT_PARTITION__', 'c=x%20y', 'plain'])).toEqual([
      ['a', '1'],
      ['b', null],
      ['c', 'x y'],
    ]);
  });
});
