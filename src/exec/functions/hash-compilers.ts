/**
 * Spark's hash(…) and xxhash64(…): fold the columns left to right, each column's hash seeding the next, from
 * seed 42 (HashExpression). Each value is hashed by the per-type UDF of engine/udfs (UnsafeRow layout rules:
 * ints/dates as int, longs/timestamps as long, decimals up to precision 18 as their unscaled long and larger
 * ones as BigInteger bytes, strings as UTF-8); arrays, maps and structs fold over their elements.
 */

import { LakesqlError } from '../../errors/index.js';
import { assertNever, type DataType } from '../../types/data-types.js';
import { compilers } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';

type Algo = 'murmur3' | 'xxhash64';
let depth = 0;

export function hashSql(value: string, t: DataType, seed: string, algo: Algo): string {
  const udf = (suffix: string, v: string): string => `spark_${algo}_${suffix}(${v}, ${seed})`;
  switch (t.kind) {
    case 'primitive':
      switch (t.name) {
        case 'boolean':
          return udf('int', `CAST(${value} AS INTEGER)`);
        case 'byte':
        case 'short':
        case 'integer':
          return udf('int', `CAST(${value} AS INTEGER)`);
        case 'date':
          return udf('int', `CAST(${value} - DATE '1970-01-01' AS INTEGER)`);
        case 'long':
          return udf('long', value);
        case 'timestamp':
        case 'timestamp_ntz':
          return udf('long', `epoch_us(${value})`);
        case 'float':
          return udf('float', value);
        case 'double':
          return udf('double', value);
        case 'string':
          return udf('string', value);
        case 'binary':
          return udf('bytes', value);
        case 'void':
          return seed;
        case 'variant':
          throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'hash of a variant' });
        default:
          return assertNever(t.name);
      }
    case 'decimal': {
      const unscaled = `CAST(${value} * CAST(1${'0'.repeat(t.scale)} AS DECIMAL(38,0)) AS HUGEINT)`;
      return t.precision <= 18
        ? udf('long', `CAST(${unscaled} AS BIGINT)`)
        : udf('bigdecimal', `CAST(${unscaled} AS VARCHAR)`);
    }
    case 'char':
    case 'varchar':
      return udf('string', value);
    case 'array': {
      depth += 1;
      const acc = `__h${depth}`;
      const x = `__x${depth}`;
      const body = hashSql(x, t.elementType, acc, algo);
      depth -= 1;
      return `list_reduce(coalesce(${value}, []), lambda ${acc}, ${x}: ${body}, ${seed})`;
    }
    case 'map': {
      depth += 1;
      const acc = `__h${depth}`;
      const e = `__e${depth}`;
      const body = hashSql(`${e}.value`, t.valueType, hashSql(`${e}.key`, t.keyType, acc, algo), algo);
      depth -= 1;
      return `list_reduce(coalesce(map_entries(${value}), []), lambda ${acc}, ${e}: ${body}, ${seed})`;
    }
    case 'struct':
      return t.fields.reduce(
        (s, f) => hashSql(`(${value}).${JSON.stringify(f.name)}`, f.type, s, algo),
        seed,
      );
    case 'yearMonthInterval':
    case 'dayTimeInterval':
    case 'calendarInterval':
      throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'hash of an interval' });
    default:
      return assertNever(t);
  }
}

export const HASH_COMPILERS: readonly FunctionCompiler[] = compilers({
  hash: (sql, args) =>
    args.reduce((seed, a, i) => hashSql(sql[i] as string, a.type, seed, 'murmur3'), 'CAST(42 AS INTEGER)'),
  xxhash64: (sql, args) =>
    args.reduce((seed, a, i) => hashSql(sql[i] as string, a.type, seed, 'xxhash64'), 'CAST(42 AS BIGINT)'),
  md5: ([b]) => `md5(${b})`,
  sha1: ([b]) => `sha1(${b})`,
  sha2: ([b, bits]) => `CASE ${bits} WHEN 0 THEN sha256(${b}) WHEN 256 THEN sha256(${b}) END`,
  crc32: ([b]) => `spark_crc32(${b})`,
});
