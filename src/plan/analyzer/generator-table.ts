/**
 * Generators used as table-valued functions in FROM (`FROM explode(array(1, 2))`, `FROM t, LATERAL
 * posexplode(t.arr) p(pos, v)`): Spark resolves them to a Generate over one row (ResolveTableValuedFunctions
 * wraps a generator in Generate(OneRowRelation)). With LATERAL the arguments may name the columns of the
 * relations to their left, which become outer references that the engine's lateral join binds.
 */
import { LakesqlError } from '../../errors/index.js';
import type { FunctionCall } from '../../sql/ast/expressions.js';
import type { Relation } from '../../sql/ast/query.js';
import type { LogicalPlan } from '../logical/logical-plan.js';
import type { ExpressionEnv } from './expression-env.js';
import { generate } from './generators.js';
import type { QueryEnv } from './query-env.js';
import { applyAlias, constantEnv } from './relations.js';
import { quoteParts, Scope } from './scope.js';

export async function generatorTable(
  r: Extract<Relation, { kind: 'tableFunction' }>,
  env: QueryEnv,
  lateralScope: Scope | undefined,
): Promise<LogicalPlan> {
  const exprEnv: ExpressionEnv = {
    ...constantEnv(env),
    scope: new Scope([], r.lateral && lateralScope ? lateralScope : env.outer),
    clause: 'select',
  };
  const call: FunctionCall = {
    kind: 'function',
    name: r.name.parts,
    args: r.args,
    distinct: false,
    withinGroup: [],
    filter: null,
    nullTreatment: null,
    over: null,
    span: r.span,
  };
  const oneRow: LogicalPlan = { kind: 'oneRow', output: [] };
  const { plan, output } = await generate(oneRow, { call, names: null }, exprEnv, []);
  const aliases = r.alias?.columns ?? [];
  if (aliases.length > 0 && aliases.length !== output.length) {
    throw new LakesqlError('NUM_TABLE_VALUE_ALIASES_MISMATCH', {
      funcName: quoteParts([r.name.parts.join('.').toLowerCase()]),
      aliasesNum: aliases.length,
      outColsNum: output.length,
    });
  }
  return applyAlias(plan, r.alias, env, []);
}
