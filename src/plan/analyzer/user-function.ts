/**
 * Functions a session registers from JavaScript (spark.udf.register, and the test functions Spark's golden
 * runner registers). As in Spark's FunctionRegistry, each is a builder: it receives the call's analyzed
 * arguments and answers the expression that computes the call. They live in the session's registry, so a
 * one-part name finds them before the builtins (Spark's UDFRegistration replaces a builtin of that name).
 * The call's column name stays the written one (`udf(a)`), whatever the builder wraps around it.
 */
import { LakesqlError } from '../../errors/index.js';
import type { FunctionCall } from '../../sql/ast/expressions.js';
import type { SessionSemantics } from '../functions/function-signature.js';
import type { BoundExpr } from '../logical/bound-expression.js';
import type { ExpressionEnv } from './expression-env.js';
import { aggregateNotAllowed, analyzeExpression } from './expressions.js';

export interface UserFunction {
  /** The name it was registered under, lower-case. */
  readonly name: string;
  /** An aggregate's call needs a GROUP BY context, as a builtin aggregate's does. */
  readonly kind: 'scalar' | 'aggregate';
  /** Spark's FunctionBuilder; throws Spark's error for arguments it cannot take. */
  bind(args: readonly BoundExpr[], semantics: SessionSemantics): BoundExpr;
}

export async function analyzeUserFunctionCall(
  e: FunctionCall,
  fn: UserFunction,
  env: ExpressionEnv,
): Promise<BoundExpr> {
  const refuse = (what: string) =>
    new LakesqlError('UNSUPPORTED_FEATURE', { feature: `${what} on the user-defined function ${fn.name}` });
  if (e.over) throw refuse('a window (OVER)');
  if (e.filter) throw refuse('FILTER');
  if (e.distinct) throw refuse('DISTINCT');
  if (e.withinGroup.length > 0) throw refuse('WITHIN GROUP');
  if (fn.kind === 'aggregate' && !env.allowAggregates) throw aggregateNotAllowed(e, env);
  // An aggregate's arguments hold no aggregate (NESTED_AGGREGATE_FUNCTION), as for the builtins.
  const argEnv: ExpressionEnv =
    fn.kind === 'aggregate' ? { ...env, allowAggregates: false, allowWindows: false } : env;
  const args: BoundExpr[] = [];
  for (const a of e.args) {
    if (a.kind === 'star') throw refuse('`*` as an argument');
    args.push(await analyzeExpression(a.kind === 'namedArgument' ? a.value : a, argEnv));
  }
  return fn.bind(args, env.ctx.semantics);
}
