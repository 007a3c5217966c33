/**
 * sum and avg of decimals, checked against Spark's result types as Spark checks them, where DuckDB would
 * return a value past the type's precision (its decimal sum is a 128-bit integer, ±1.7·10³⁸, not 38 digits)
 * or fail its final CAST with an untyped conversion error.
 *
 * - sum(decimal(p, s)) is decimal(min(p + 10, 38), s). Spark adds in TRY mode and checks the total at the end
 *   (CheckOverflowInSum): past the type, ARITHMETIC_OVERFLOW "Overflow in sum of decimals" under ANSI
 *   (QueryExecutionErrors.overflowInSumOfDecimalError), NULL in legacy mode, as try_sum.
 * - avg(decimal(p, s)) is decimal(min(p + 4, 38), min(s + 4, 38)): a quotient past it is
 *   NUMERIC_VALUE_OUT_OF_RANGE under ANSI (DecimalDivideWithOverflowCheck's toPrecision), NULL in legacy mode.
 *   DuckDB averages decimals in DOUBLE and fails past 128 bits ("Overflow in HUGEINT addition", mapped to
 *   ARITHMETIC_OVERFLOW in engine/duckdb-error.ts).
 *
 * Each check binds the one aggregate call (the query compiler puts DISTINCT, FILTER and OVER on it) and runs
 * once per group, not per row.
 */
import type { DataType, DecimalType } from '../../types/data-types.js';
import { fitDecimal } from '../operators/decimal-arithmetic.js';
import { ANSI_CONFIG, bind, raiseSql } from '../operators/sql-helpers.js';
import { cast } from './compiler-kit.js';
import type { CompiledArg } from './function-compiler.js';
import { checkedSum, decimalMax } from './try-aggregate-compilers.js';

export function decimalSum(x: CompiledArg, resultType: DecimalType, ansi: boolean): string {
  if (!ansi) return checkedSum(x, resultType);
  const overflow = raiseSql('ARITHMETIC_OVERFLOW', {
    message: { text: 'Overflow in sum of decimals' },
    alternative: { text: " Use 'try_sum' to tolerate overflow and return NULL instead." },
    config: ANSI_CONFIG,
  });
  return bind(
    `sum(${x.sql})`,
    (v) =>
      `CASE WHEN abs(${v}) > ${decimalMax(resultType.precision, resultType.scale)} THEN ${overflow} ELSE ${cast(v, resultType)} END`,
  );
}

export function decimalAverage(x: string, resultType: DecimalType, ansi: boolean): string {
  return bind(`avg(${x})`, (v) => fitDecimal(v, resultType, ansi));
}

export const isDecimal = (t: DataType | undefined): t is DecimalType => t?.kind === 'decimal';
