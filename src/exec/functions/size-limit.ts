/**
 * Spark's bound on what one value may hold (ByteArrayMethods.MAX_ROUNDED_ARRAY_LENGTH): array_repeat, sequence
 * and the string builders check the size they are about to build in the generated SQL's CASE, before DuckDB
 * allocates it, and raise COLLECTION_SIZE_LIMIT_EXCEEDED.PARAMETER as Spark does.
 */

import { raiseSql } from '../operators/sql-helpers.js';

export const MAX_ROUNDED_ARRAY_LENGTH = 2147483632;

/** `CASE WHEN size > limit THEN raise ELSE build END`; `size` is computed as HUGEINT so that it cannot overflow. */
export function sizeChecked(functionName: string, parameter: string, size: string, build: string): string {
  const error = raiseSql('COLLECTION_SIZE_LIMIT_EXCEEDED.PARAMETER', {
    numberOfElements: { sql: size },
    maxRoundedArrayLength: { text: String(MAX_ROUNDED_ARRAY_LENGTH) },
    functionName: { text: `\`${functionName}\`` },
    parameter: { text: `\`${parameter}\`` },
  });
  return `CASE WHEN ${size} > ${MAX_ROUNDED_ARRAY_LENGTH} THEN ${error} ELSE ${build} END`;
}
