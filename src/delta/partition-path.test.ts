import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeAddPath,
  encodeAddPath,
  escapePartitionPathValue,
  HIVE_DEFAULT_PARTITION,
  parsePartitionPathSegment,
  partitionDirectory,
  unescapePartitionPathValue,
} from './partition-path.js';

describe('escapePartitionPathValue (Spark escapePathName)', () => {
  it('escapes exactly Spark charToEscape set', () => {
    expect(escapePartitionPathValue('A/A')).toBe('A%2FA');
    expect(escapePartitionPathValue('bar+%21')).toBe('bar+%2521');
    expect(escapePartitionPathValue('"#%\'*/:=?\\\u007f{[]^')).toBe(
      '%22%23%25%27%2A%2F%3A%3D%3F%5C%7F%7B%5B%5D%5E',
    );
    expect(escapePartitionPathValue('\u0001\n\u001f')).toBe('%01%0A%1F');
    // Not escaped (POSIX Spark): space, < > |, + , @ ! } and non-ASCII.
    expect(escapePartitionPathValue('B B<>|+,@!}é')).toBe('B B<>|+,@!}é');
    // U+0000, which Spark leaves (and then fails to write): no file name may hold it.
    expect(escapePartitionPathValue('a\u0000b')).toBe('a%00b');
    expect(unescapePartitionPathValue('a%00b')).toBe('a\u0000b');
    expect(escapePartitionPathValue('2021-09-08 11:11:11')).toBe('2021-09-08 11%3A11%3A11');
  });

  it('unescapes any %XX and leaves other % alone', () => {
    expect(unescapePartitionPathValue('B%20B')).toBe('B B');
    expect(unescapePartitionPathValue('100%')).toBe('100%');
    expect(unescapePartitionPathValue('%zz%2f')).toBe('%zz/');
  });

  it('round trips any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(unescapePartitionPathValue(escapePartitionPathValue(s))).toBe(s);
      }),
    );
  });
});

describe('partitionDirectory', () => {
  it('joins col=value in column order, NULL and empty as __HIVE_DEFAULT_PARTITION__', () => {
    expect(partitionDirectory(['a', 'b'], { b: 'x/y', a: '1' })).toBe('a=1/b=x%2Fy');
    expect(partitionDirectory(['a', 'b'], { a: null, b: '' })).toBe(
      `a=${HIVE_DEFAULT_PARTITION}/b=${HIVE_DEFAULT_PARTITION}`,
    );
    expect(partitionDirectory(['c=d'], { 'c=d': 'v' })).toBe('c%3Dd=v');
  });

  it('parses a segment back', () => {
    expect(parsePartitionPathSegment('b=x%2Fy')).toEqual({ column: 'b', value: 'x/y' });
    expect(parsePartitionPathSegment(`a=${HIVE_DEFAULT_PARTITION}`)).toEqual({ column: 'a', value: null });
    expect(parsePartitionPathSegment('part-0.parquet')).toBeUndefined();
  });
});

describe('encodeAddPath / decodeAddPath', () => {
  it('matches what Spark writes in add.path', () => {
    expect(encodeAddPath('x=A%2FA/part-00007.c000.snappy.parquet')).toBe(
      'x=A%252FA/part-00007.c000.snappy.parquet',
    );
    expect(encodeAddPath('x=B%20B/p.parquet')).toBe('x=B%2520B/p.parquet');
    expect(encodeAddPath('_2=bar+%2521/p.parquet')).toBe('_2=bar+%252521/p.parquet');
    expect(encodeAddPath('as_timestamp=2021-09-08 11%3A11%3A11/p')).toBe(
      'as_timestamp=2021-09-08%2011%253A11%253A11/p',
    );
    expect(encodeAddPath('special p@#h')).toBe('special%20p@%23h');
    expect(encodeAddPath("a-_.!~*'(),;:$&+=@/b")).toBe("a-_.!~*'(),;:$&+=@/b");
    expect(encodeAddPath('é\u00a0"<>?[]^`{|}\\')).toBe('é%C2%A0%22%3C%3E%3F%5B%5D%5E%60%7B%7C%7D%5C');
  });

  it('decodes once, UTF-8, keeping + and stray %', () => {
    expect(decodeAddPath('x=A%252FA/p')).toBe('x=A%2FA/p');
    expect(decodeAddPath('a+b%20c%C3%A9')).toBe('a+b cé');
    expect(decodeAddPath('bar%2Dbar.snappy.parquet')).toBe('bar-bar.snappy.parquet');
    expect(decodeAddPath('100%/x%2')).toBe('100%/x%2');
    expect(decodeAddPath('s3://bucket/with%20space/p@%23h')).toBe('s3://bucket/with space/p@#h');
  });

  it('decode(encode(p)) is p for any path', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (p) => {
        expect(decodeAddPath(encodeAddPath(p))).toBe(p);
      }),
    );
  });
});
