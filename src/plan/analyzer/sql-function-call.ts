/**
 * Calls of SQL user-defined scalar functions, inlined at analysis (Spark's SQLFunctionNode, resolved by
 * replacing the call with its body): the arguments are analyzed in the caller's scope and cast to the
 * parameters' types, then the body is analyzed with each parameter name bound to its argument. The result
 * is an ordinary expression of the caller's query, so execution stays set-at-a-time in DuckDB.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Expression, FunctionCall } from '../../sql/ast/expressions.js';
import type { DataType } from '../../types/data-types.js';
import { type BoundExpr, typeOf } from '../logical/bound-expression.js';
import { transformExpr } from '../logical/expression-walk.js';
import { checkCast } from '../types/cast-rules.js';
import { sameType } from '../types/type-classes.js';
import type { FunctionParameterBinding, ResolvedSqlFunction } from './analyzer-context.js';
import type { ExpressionEnv } from './expression-env.js';
import { analyzeExpression } from './expressions.js';
import { prettySql, resolvedCallNames } from './pretty-sql.js';
import { analyzeQuery } from './query.js';
import { Scope } from './scope.js';
import { bindArguments } from './sql-function-arguments.js';

/** Spark's quoted routine name in errors: `spark_catalog`.`default`.`f`. */
export function quotedRoutineName(fn: ResolvedSqlFunction): string {
  return fn.nameParts.map((p) => `\`${p}\``).join('.');
}

export async function analyzeSqlFunctionCall(
  e: FunctionCall,
  fn: ResolvedSqlFunction,
  env: ExpressionEnv,
): Promise<BoundExpr> {
  const def = fn.definition;
  const routineName = quotedRoutineName(fn);
  if (def.returns.kind === 'table')
    throw new LakesqlError('NOT_A_SCALAR_FUNCTION', { functionName: routineName });
  if (e.distinct || e.filter || e.over || e.withinGroup.length > 0) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `DISTINCT, FILTER, OVER or WITHIN GROUP on the SQL function ${routineName}`,
    });
  }
  const args = bindArguments(routineName, def.parameters, e.args);
  const values = await bindParameterValues(def.parameters, args, env, routineName);
  resolvedCallNames.set(e, `${fn.nameParts.join('.')}(${e.args.map(prettySql).join(', ')})`);
  const body: Expression =
    def.body.kind === 'expression'
      ? def.body.expr
      : { kind: 'scalarSubquery', query: def.body.query, span: e.span };
  const bodyEnv = functionBodyEnv(fn, values, env);
  const result = await analyzeExpression(body, bodyEnv);
  return def.returns.dataType ? castArgument(result, def.returns.dataType, env, prettySql(body)) : result;
}

/** The analyzed, cast argument of every parameter, by lower-case parameter name. */
export async function bindParameterValues(
  parameters: ResolvedSqlFunction['definition']['parameters'],
  args: readonly Expression[],
  env: ExpressionEnv,
  _routineName: string,
): Promise<Map<string, BoundExpr>> {
  const values = new Map<string, BoundExpr>();
  for (const [i, p] of parameters.entries()) {
    const arg = args[i]!;
    const bound = await analyzeExpression(arg, arg === p.defaultExpr ? defaultEnv(env) : env);
    values.set(p.name.toLowerCase(), castArgument(bound, p.dataType, env, prettySql(arg)));
  }
  return values;
}

/** A DEFAULT expression sees no columns of the caller (it was checked to be constant at CREATE). */
function defaultEnv(env: ExpressionEnv): ExpressionEnv {
  return { ...env, scope: new Scope([], undefined), aliases: new Map(), lambdaVariables: new Map() };
}

/** Spark casts each argument (and the result) with a CAST to the declared type. */
function castArgument(e: BoundExpr, to: DataType, env: ExpressionEnv, sql: string): BoundExpr {
  const from = typeOf(e);
  if (sameType(from, to)) return e;
  if (e.kind === 'literal' && e.value === null) return { kind: 'literal', value: null, type: to };
  const mode = env.ctx.semantics.ansi ? 'ansi' : 'legacy';
  checkCast(from, to, mode, `"${sql}"`);
  return { kind: 'cast', child: e, type: to, mode };
}

/**
 * The environment of a function body: no columns of the caller are visible, only the parameters (and
 * session variables); subqueries of the body are analyzed with the same bindings.
 */
export function functionBodyEnv(
  fn: ResolvedSqlFunction,
  values: ReadonlyMap<string, BoundExpr>,
  env: ExpressionEnv,
): ExpressionEnv {
  const bodyScope = new Scope([], undefined);
  const binding: FunctionParameterBinding = {
    functionName: fn.nameParts[fn.nameParts.length - 1]!.toLowerCase(),
    values,
    bodyScope,
  };
  const ctx = { ...env.ctx, semantics: fn.semantics, functionParameters: binding };
  return {
    ctx,
    scope: bodyScope,
    clause: env.clause,
    allowAggregates: env.allowAggregates,
    allowWindows: env.allowWindows,
    lambdaVariables: new Map(),
    namedWindows: new Map(),
    analyzeSubquery: (q, outer) => analyzeQuery(q, { ctx, ctes: new Map(), outer }),
  };
}

/**
 * A parameter of the function whose body is being analyzed (`a`, `f.a`, or a field path below either:
 * `a.x.y`), for a name no column of the body resolves: the argument, and the field names left to extract.
 * Inside a subquery of the body, the argument's columns are the caller's: outer references.
 */
export function resolveFunctionParameter(
  parts: readonly string[],
  env: ExpressionEnv,
): { readonly value: BoundExpr; readonly fields: readonly string[] } | undefined {
  const binding = env.ctx.functionParameters;
  if (!binding) return undefined;
  const qualified = parts.length >= 2 && parts[0]!.toLowerCase() === binding.functionName;
  const candidates = qualified ? [1, 0] : [0];
  for (const at of candidates) {
    const value = binding.values.get(parts[at]!.toLowerCase());
    if (!value) continue;
    const fields = parts.slice(at + 1);
    if (env.scope === binding.bodyScope) return { value, fields };
    return {
      value: transformExpr(value, (x) =>
        x.kind === 'attributeRef' ? { kind: 'outerRef', attr: x.attr } : undefined,
      ),
      fields,
    };
  }
  return undefined;
}
