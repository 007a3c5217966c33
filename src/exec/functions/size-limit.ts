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

/**
 * The most elements a list built from constants may have and still be left to DuckDB's constant folding.
 * The optimizer folds such a list element by element into boxed values, some 2.4 us each on an idle
 * machine (`range(2000000)` 4.8 s, against 18 ms executed), and the statement timeout's interrupt does not
 * reach the optimizer: the execution fuzz saw `array_repeat('1,2,3', 2000000)` fold for 124 s.
 */
export const MAX_FOLDED_ELEMENTS = 10_000;

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

/**
 * An argument of a list builder (`repeat`'s count, `generate_series`' start) that DuckDB may not fold while
 * planning, when the arguments are literals building more than MAX_FOLDED_ELEMENTS (`constantCount`): the
 * list is then built when the query runs, vectorized and reached by the interrupt. The argument goes
 * behind a condition on random(), which is volatile and always true; folding stops at it (a CASE around the
 * whole builder would not do: its constant branch is folded on its own).
 */
export function unfoldedArgument(sql: string, constantCount: bigint | undefined): string {
  if (constantCount === undefined || constantCount <= MAX_FOLDED_ELEMENTS) return sql;
  return `(CASE WHEN random() < 2 THEN ${sql} END)`;
}

/** The integral value of a literal argument (a bigint, or a whole number), else undefined. */
export function integralLiteral(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value;
  return typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : undefined;
}

/** The bytes of a list of `count` elements (a HUGEINT SQL expression). */
export const listBytes = (count: string, elementBytes = `${LIST_ELEMENT_BYTES}`): string =>
  `(${count} * ${elementBytes})`;

/** The bytes of a string of `length` bytes (a HUGEINT SQL expression). */
export const stringBytes = (length: string): string => `(${length} * ${STRING_BYTE_COST})`;
