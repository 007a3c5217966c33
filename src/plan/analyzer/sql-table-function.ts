/**
 * Calls of SQL user-defined table functions in FROM (`SELECT * FROM f(1, b => 2)`), inlined at analysis:
 * the body query is analyzed with the parameters bound to the call's arguments, and its columns are cast to
 * and named by the RETURNS TABLE columns, under the function's name as the qualifier (Spark's
 * SQLFunctionNode under a SubqueryAlias).
 */
import { LakesqlError } from '../../errors/index.js';
import type { Relation } from '../../sql/ast/query.js';
import type { LogicalPlan, NamedExpr } from '../logical/logical-plan.js';
import { checkCast } from '../types/cast-rules.js';
import { sameType } from '../types/type-classes.js';
import type { ResolvedSqlFunction } from './analyzer-context.js';
import { analyzeQuery } from './query.js';
import type { QueryEnv } from './query-env.js';
import { applyAlias, constantEnv } from './relations.js';
import { bindArguments } from './sql-function-arguments.js';
import { bindParameterValues, functionBodyEnv, quotedRoutineName } from './sql-function-call.js';

export async function analyzeSqlTableFunction(
  r: Extract<Relation, { kind: 'tableFunction' }>,
  fn: ResolvedSqlFunction,
  env: QueryEnv,
): Promise<LogicalPlan> {
  const def = fn.definition;
  const routineName = quotedRoutineName(fn);
  if (def.returns.kind !== 'table' || def.body.kind !== 'query') {
    throw new LakesqlError('NOT_A_TABLE_FUNCTION', { functionName: routineName });
  }
  const argEnv = constantEnv(env);
  const args = bindArguments(routineName, def.parameters, r.args);
  const values = await bindParameterValues(def.parameters, args, argEnv, routineName);
  const bodyEnv = functionBodyEnv(fn, values, argEnv);
  const body = await analyzeQuery(def.body.query, { ctx: bodyEnv.ctx, ctes: new Map(), outer: undefined });
  const columns = def.returns.columns;
  if (columns && columns.length !== body.output.length) {
    throw new LakesqlError('USER_DEFINED_FUNCTIONS.RETURN_COLUMN_COUNT_MISMATCH', {
      name: fn.nameParts.join('.'),
      outputSize: body.output.length,
      returnParamSize: columns.length,
    });
  }
  const qualifier = [fn.nameParts[fn.nameParts.length - 1]!.toLowerCase()];
  const mode = env.ctx.semantics.ansi ? 'ansi' : 'legacy';
  const list: NamedExpr[] = body.output.map((a, i) => {
    const column = columns?.[i];
    const type = column?.dataType ?? a.type;
    if (!sameType(a.type, type)) checkCast(a.type, type, mode, `"${a.name}"`);
    return {
      expr: sameType(a.type, type)
        ? { kind: 'attributeRef', attr: a }
        : { kind: 'cast', child: { kind: 'attributeRef', attr: a }, type, mode },
      attr: env.ctx.ids.fresh(column?.name ?? a.name, type, a.nullable, qualifier),
    };
  });
  const plan: LogicalPlan = { kind: 'project', child: body, list, output: list.map((n) => n.attr) };
  return applyAlias(plan, r.alias, env);
}
