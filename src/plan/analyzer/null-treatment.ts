/**
 * `f(…) IGNORE NULLS` / `RESPECT NULLS` (Spark's AstBuilder hands the flag to the functions that take one):
 * first/first_value, last/last_value and any_value take it as their `ignoreNulls` argument, nth_value as
 * its third; RESPECT NULLS is every function's default. Any other function refuses IGNORE NULLS with
 * INVALID_SQL_SYNTAX.FUNCTION_WITH_UNSUPPORTED_SYNTAX rather than dropping it.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Expression, FunctionCall } from '../../sql/ast/expressions.js';

/** Arity of the call before its `ignoreNulls` argument, by canonical function name. */
const IGNORE_NULLS_POSITION: Readonly<Record<string, number>> = {
  first: 1,
  last: 1,
  any_value: 1,
  nth_value: 2,
};

/** The arguments of `call` (canonical name `name`) with IGNORE NULLS made an argument. */
export function withNullTreatment(
  name: string,
  call: FunctionCall,
  args: readonly Expression[],
): readonly Expression[] {
  if (call.nullTreatment !== 'IGNORE') return args;
  const position = IGNORE_NULLS_POSITION[name];
  if (position === undefined) {
    throw new LakesqlError('INVALID_SQL_SYNTAX.FUNCTION_WITH_UNSUPPORTED_SYNTAX', {
      prettyName: `\`${name}\``,
      syntax: 'IGNORE NULLS',
    });
  }
  if (args.length !== position) return args;
  return [...args, { kind: 'literal', value: { type: 'boolean', value: true }, span: call.span }];
}
