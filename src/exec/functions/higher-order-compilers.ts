/**
 * DuckDB list lambdas for Spark's higher-order functions. A Spark lambda's optional index parameter is 0-based;
 * DuckDB's is 1-based and cannot be shifted inside a lambda, so index lambdas are refused for now.
 */

import { quoteIdentifier } from '../../engine/sql-text.js';
import { LakesqlError } from '../../errors/index.js';
import { compilers } from './compiler-kit.js';
import type { CompiledArg, FunctionCompiler } from './function-compiler.js';

/** `lambda x, i: body` with Spark's 0-based index. */
function lambda(arg: CompiledArg | undefined): string {
  if (!arg?.lambda) return arg?.sql ?? 'NULL';
  const [x, i] = arg.lambda.params.map(quoteIdentifier);
  if (i === undefined) return `lambda ${x}: ${arg.lambda.bodySql}`;
  // DuckDB cannot rebind a lambda parameter (no subqueries in lambdas), so the 0-based index is not offered yet.
  throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `a lambda with an index parameter ${i}` });
}

export const HIGHER_ORDER_COMPILERS: readonly FunctionCompiler[] = compilers({
  transform: ([a], args) => `list_transform(${a}, ${lambda(args[1])})`,
  filter: ([a], args) => `list_filter(${a}, ${lambda(args[1])})`,
  // Spark's exists is three-valued: NULL when no element matched but some predicate was NULL.
  exists: ([a], args) =>
    `(CASE WHEN list_bool_or(list_transform(${a}, ${lambda(args[1])})) THEN true WHEN list_contains(list_transform(list_transform(${a}, ${lambda(args[1])}), lambda p: p IS NULL), true) THEN NULL ELSE len(${a}) IS NULL AND NULL OR false END)`,
  forall: ([a], args) =>
    `(CASE WHEN list_contains(list_transform(${a}, ${lambda(args[1])}), false) THEN false WHEN list_contains(list_transform(list_transform(${a}, ${lambda(args[1])}), lambda p: p IS NULL), true) THEN NULL WHEN ${a} IS NULL THEN NULL ELSE true END)`,
  // The merge and finish lambdas arrive compiled (`lambda "acc", "x": …`, expression-sql.ts).
  aggregate: ([a, zero, merge, finish]) => {
    const reduced = `list_reduce(${a}, ${merge}, ${zero})`;
    return finish === undefined ? reduced : `list_transform([${reduced}], ${finish})[1]`;
  },
});
