import { describe, expect, it } from 'vitest';
import {
  arrayOf,
  decimal,
  field,
  IntegerType,
  mapOf,
  StringType,
  sqlTypeName,
  struct,
} from '../../types/data-types.js';
import { toDuckDBType } from '../duckdb-types.js';
import { fromDuckDBType } from './duckdb-to-spark-type.js';

describe('fromDuckDBType', () => {
  it('reverses toDuckDBType', () => {
    for (const t of [
      IntegerType,
      decimal(10, 2),
      arrayOf(StringType),
      mapOf(StringType, IntegerType),
      struct([field('a b', IntegerType), field('c', arrayOf(decimal(5, 1)))]),
    ]) {
      expect(sqlTypeName(fromDuckDBType(toDuckDBType(t)))).toBe(sqlTypeName(t));
    }
    expect(sqlTypeName(fromDuckDBType('TIMESTAMP WITH TIME ZONE'))).toBe('timestamp');
    expect(sqlTypeName(fromDuckDBType('TIMESTAMP'))).toBe('timestamp_ntz');
  });
});
