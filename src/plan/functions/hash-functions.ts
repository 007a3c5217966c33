/**
 * Spark's hash functions (hash.scala): hash = Murmur3 x86_32 seed 42 -> INT, xxhash64 seed 42 -> BIGINT, both
 * over any number of columns of any type; md5/sha1/sha2 return lower-case hex; crc32 BIGINT.
 */
import { IntegerType, LongType, StringType } from '../../types/data-types.js';
import type { FunctionSignature } from './function-signature.js';
import { checkArity, custom, expectArg, simple } from './signature-kit.js';

export const HASH_FUNCTIONS: readonly FunctionSignature[] = [
  custom('hash', 'scalar', (args) => {
    checkArity('hash', args, 1, Number.POSITIVE_INFINITY);
    return { inputTypes: args.map((a) => a.type), returnType: IntegerType, nullable: false };
  }),
  custom('xxhash64', 'scalar', (args) => {
    checkArity('xxhash64', args, 1, Number.POSITIVE_INFINITY);
    return { inputTypes: args.map((a) => a.type), returnType: LongType, nullable: false };
  }),
  simple('md5', { args: ['binary'], returns: StringType }),
  simple('sha1', { aliases: ['sha'], args: ['binary'], returns: StringType }),
  custom('sha2', 'scalar', (args) => {
    checkArity('sha2', args, 2);
    return {
      inputTypes: [expectArg('sha2', args, 0, 'binary'), expectArg('sha2', args, 1, 'int')],
      returnType: StringType,
    };
  }),
  simple('crc32', { args: ['binary'], returns: LongType }),
];
