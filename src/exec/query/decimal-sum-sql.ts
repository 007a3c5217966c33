/**
 * `sum` of a decimal `+ - *` that DuckDB computes in BIGINT (TPC-H's `sum(l_extendedprice * (1 - l_discount))`):
 * the row's value as one expression is widened to 38 digits before it is summed (decimal-arithmetic.ts),
 * which makes every row of the sum a 128-bit value. Summed apart, the rows that fit 18 digits go through
 * DuckDB's own decimal sum of BIGINT values (a 128-bit total, exact), and only the rare rows past 18 digits
 * are summed in 38: the total is the same exact number, at about the cost of DuckDB's native query.
 */
import type { BoundExpr } from '../../plan/logical/bound-expression.js';
import { typeOf } from '../../plan/logical/bound-expression.js';
import { resolveBinaryOperator } from '../../plan/types/binary-operator.js';
import type { DataType } from '../../types/data-types.js';
import { splitBinaryArithmetic } from '../operators/compile-binary-operator.js';
import { duckType } from '../operators/sql-helpers.js';
import type { CompileContext } from './compile-context.js';

/**
 * The SQL of `sum(arg)` (no DISTINCT, FILTER or OVER) summed in two parts, or undefined when `arg` is not
 * such an arithmetic. Spark's sum is NULL when no row is non-NULL: so are both partial sums, and a total of
 * one NULL part is the other part.
 */
export function splitDecimalSumSql(
  arg: BoundExpr,
  resultType: DataType,
  ctx: CompileContext,
  expressionSql: (e: BoundExpr, ctx: CompileContext) => string,
): string | undefined {
  if (arg.kind !== 'binary' || resultType.kind !== 'decimal') return undefined;
  const resolved = resolveBinaryOperator(arg.op, typeOf(arg.left), typeOf(arg.right), ctx.semantics);
  const split = splitBinaryArithmetic(
    arg.op,
    expressionSql(arg.left, ctx),
    expressionSql(arg.right, ctx),
    resolved,
  );
  if (!split) return undefined;
  const narrow = `sum(${split.narrow})`;
  const wide = `sum(CASE WHEN ${split.narrow} IS NULL THEN ${split.wide} END)`;
  return `CAST(coalesce(${narrow} + ${wide}, ${narrow}, ${wide}) AS ${duckType(resultType)})`;
}
