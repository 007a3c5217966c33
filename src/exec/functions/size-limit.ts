/**
 * Spark's bound on what one value may hold (ByteArrayMethods.MAX_ROUNDED_ARRAY_LENGTH): array_repeat, sequence
 * and the string builders check the size they are about to build in the generated SQL's CASE, before DuckDB
 * allocates it, and raise COLLECTION_SIZE_LIMIT_EXCEEDED.PARAMETER as Spark does.
 *
 * A second bound is lakesql's own: DuckDB builds such a value outside its memory accounting (memory_limit
 * only governs its buffer pool), so `sequence(1, 2000000000)` is well inside Spark's limit and still took
 * 22 GB of the machine. The value's estimated bytes are checked against lakesql.engine.memoryLimit and a
 * value past it is MEMORY_LIMIT_EXCEEDED, where Spark's JVM would die with an OutOfMemoryError.
 */

import type { SessionSemantics } from '../../plan/functions/function-signature.js';
import { lit, raiseSql } from '../operators/sql-helpers.js';

export const MAX_ROUNDED_ARRAY_LENGTH = 2147483632;

/**
 * What DuckDB spends per list element at most: a constant-folded list is a vector of boxed values, about
 * 120 bytes each (measured: `sequence(1, 20000000)` reached 2.4 GB of RSS).
 */
export const LIST_ELEMENT_BYTES = 128;

/** What DuckDB spends per byte of a built string at most: a folded constant holds it about four times. */
export const STRING_BYTE_COST = 4;

/** The value's estimated bytes, as a HUGEINT SQL expression, and the session's limit. */
export interface MemoryBound {
  readonly bytes: string;
  readonly semantics: SessionSemantics;
}

/**
 * `CASE WHEN size > limit THEN raise WHEN bytes > memory limit THEN raise ELSE build END`; `size` and the
 * bytes are computed as HUGEINT so that they cannot overflow.
 */
export function sizeChecked(
  functionName: string,
  parameter: string,
  size: string,
  build: string,
  memory?: MemoryBound,
): string {
  const error = raiseSql('COLLECTION_SIZE_LIMIT_EXCEEDED.PARAMETER', {
    numberOfElements: { sql: size },
    maxRoundedArrayLength: { text: String(MAX_ROUNDED_ARRAY_LENGTH) },
    functionName: { text: `\`${functionName}\`` },
    parameter: { text: `\`${parameter}\`` },
  });
  const limit = memory?.semantics.memoryLimitBytes;
  const memoryCheck =
    memory === undefined || limit === undefined || limit <= 0
      ? ''
      : ` WHEN ${memory.bytes} > ${limit} THEN ${raiseSql('MEMORY_LIMIT_EXCEEDED', {
          detail: {
            sql: `${lit(`\`${functionName}\` would build a value of about `)} || CAST(${memory.bytes} AS VARCHAR) || ${lit(` bytes, more than lakesql.engine.memoryLimit (${limit} bytes)`)}`,
          },
        })}`;
  return `CASE WHEN ${size} > ${MAX_ROUNDED_ARRAY_LENGTH} THEN ${error}${memoryCheck} ELSE ${build} END`;
}

/** The bytes of a list of `count` elements (a HUGEINT SQL expression). */
export const listBytes = (count: string, elementBytes = `${LIST_ELEMENT_BYTES}`): string =>
  `(${count} * ${elementBytes})`;

/** The bytes of a string of `length` bytes (a HUGEINT SQL expression). */
export const stringBytes = (length: string): string => `(${length} * ${STRING_BYTE_COST})`;
