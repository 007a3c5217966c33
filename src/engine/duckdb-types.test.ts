import { describe, expect, it } from 'vitest';
import {
  arrayOf,
  BinaryType,
  decimal,
  field,
  IntegerType,
  LongType,
  mapOf,
  primitive,
  StringType,
  struct,
  TimestampNtzType,
  TimestampType,
} from '../types/data-types.js';
import { toDuckDBType } from './duckdb-types.js';

describe('toDuckDBType', () => {
  it('maps every Delta type', () => {
    expect(toDuckDBType(StringType)).toBe('VARCHAR');
    expect(toDuckDBType(LongType)).toBe('BIGINT');
    expect(toDuckDBType(primitive('byte'))).toBe('TINYINT');
    expect(toDuckDBType(primitive('short'))).toBe('SMALLINT');
    expect(toDuckDBType(primitive('float'))).toBe('FLOAT');
    expect(toDuckDBType(BinaryType)).toBe('BLOB');
    expect(toDuckDBType(TimestampType)).toBe('TIMESTAMPTZ');
    expect(toDuckDBType(TimestampNtzType)).toBe('TIMESTAMP');
    expect(toDuckDBType(decimal(38, 18))).toBe('DECIMAL(38,18)');
    expect(toDuckDBType(arrayOf(IntegerType))).toBe('INTEGER[]');
    expect(toDuckDBType(mapOf(StringType, arrayOf(LongType)))).toBe('MAP(VARCHAR, BIGINT[])');
    expect(toDuckDBType(struct([field('dec', IntegerType), field('a "b"', arrayOf(StringType))]))).toBe(
      'STRUCT("dec" INTEGER, "a ""b""" VARCHAR[])',
    );
  });

  it('maps void (a column that is always NULL) to a plain type', () => {
    expect(toDuckDBType(primitive('void'))).toBe('INTEGER');
  });

  it('carries variant as one BLOB (the packed binary variant)', () => {
    expect(toDuckDBType(primitive('variant'))).toBe('BLOB');
  });
});
