/**
 * The checks of CREATE FUNCTION (Spark's CreateSQLFunctionCommand): parameter and RETURNS column names are
 * unique, DEFAULTs are constant expressions castable to their parameter's type, a table function's body is
 * a query with as many columns as RETURNS TABLE names, a scalar body holds no aggregate or window function,
 * and the body analyzes with the parameters bound (so an unknown name fails at CREATE, not at the call).
 */
import { LakesqlError } from '../../errors/index.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { type BoundExpr, typeOf } from '../logical/bound-expression.js';
import { someExpr } from '../logical/expression-walk.js';
import { checkCast } from '../types/cast-rules.js';
import type { AnalyzerContext, ResolvedSqlFunction } from './analyzer-context.js';
import { analyzeExpression } from './expressions.js';
import { prettySql } from './pretty-sql.js';
import { analyzeQuery } from './query.js';
import { constantEnv } from './relations.js';
import { functionBodyEnv } from './sql-function-call.js';

export async function validateFunctionDefinition(
  fn: ResolvedSqlFunction,
  ctx: AnalyzerContext,
): Promise<void> {
  const def = fn.definition;
  const routineName = fn.nameParts[fn.nameParts.length - 1]!;
  const dupParams = duplicates(def.parameters.map((p) => p.name));
  if (dupParams.length > 0) {
    throw new LakesqlError('DUPLICATE_ROUTINE_PARAMETER_NAMES', { routineName, names: quoted(dupParams) });
  }
  if (def.returns.kind === 'table') {
    const dupColumns = duplicates((def.returns.columns ?? []).map((c) => c.name));
    if (dupColumns.length > 0) {
      throw new LakesqlError('DUPLICATE_ROUTINE_RETURNS_COLUMNS', {
        routineName,
        columns: quoted(dupColumns),
      });
    }
    if (def.body.kind !== 'query') {
      throw new LakesqlError('USER_DEFINED_FUNCTIONS.SQL_TABLE_UDF_BODY_MUST_BE_A_QUERY', {
        name: routineName,
      });
    }
  }
  const env = constantEnv({ ctx, ctes: new Map(), outer: undefined });
  for (const p of def.parameters) {
    if (!p.defaultExpr) continue;
    if (containsSubquery(p.defaultExpr)) {
      throw new LakesqlError('USER_DEFINED_FUNCTIONS.NOT_A_VALID_DEFAULT_EXPRESSION', {
        functionName: routineName,
        parameterName: p.name,
      });
    }
    const bound = await analyzeExpression(p.defaultExpr, env);
    checkCast(
      typeOf(bound),
      p.dataType,
      ctx.semantics.ansi ? 'ansi' : 'legacy',
      `"${prettySql(p.defaultExpr)}"`,
    );
  }
  // The parameters as columns of one row, as the body sees them at a call.
  const values = new Map<string, BoundExpr>(
    def.parameters.map((p) => [
      p.name.toLowerCase(),
      { kind: 'attributeRef', attr: ctx.ids.fresh(p.name, p.dataType, true) } as BoundExpr,
    ]),
  );
  const bodyEnv = functionBodyEnv(fn, values, { ...env, allowAggregates: true, allowWindows: true });
  if (def.body.kind === 'query' && def.returns.kind === 'table') {
    const plan = await analyzeQuery(def.body.query, { ctx: bodyEnv.ctx, ctes: new Map(), outer: undefined });
    const columns = def.returns.columns;
    if (columns && columns.length !== plan.output.length) {
      throw new LakesqlError('USER_DEFINED_FUNCTIONS.RETURN_COLUMN_COUNT_MISMATCH', {
        name: fn.nameParts.join('.'),
        outputSize: plan.output.length,
        returnParamSize: columns.length,
      });
    }
    return;
  }
  const body: Expression =
    def.body.kind === 'expression'
      ? def.body.expr
      : { kind: 'scalarSubquery', query: def.body.query, span: def.span };
  const bound = await analyzeExpression(body, bodyEnv);
  if (someExpr(bound, (x) => x.kind === 'aggregate' || x.kind === 'window')) {
    throw new LakesqlError('USER_DEFINED_FUNCTIONS.CANNOT_CONTAIN_COMPLEX_FUNCTIONS', {
      queryText: def.bodyText,
    });
  }
  if (def.returns.kind === 'scalar' && def.returns.dataType) {
    checkCast(
      typeOf(bound),
      def.returns.dataType,
      ctx.semantics.ansi ? 'ansi' : 'legacy',
      `"${prettySql(body)}"`,
    );
  }
}

function duplicates(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out = new Set<string>();
  for (const n of names) {
    const k = n.toLowerCase();
    if (seen.has(k)) out.add(k);
    seen.add(k);
  }
  return [...out];
}

function quoted(names: readonly string[]): string {
  return names.map((n) => `\`${n}\``).join(', ');
}

/** Whether an expression holds a subquery anywhere (a DEFAULT may not). */
function containsSubquery(e: Expression): boolean {
  return JSON.stringify(e, (_k, v) =>
    typeof v === 'bigint'
      ? String(v)
      : v && typeof v === 'object' && ['scalarSubquery', 'exists', 'inSubquery'].includes(v.kind)
        ? 'SUBQUERY!'
        : v,
  ).includes('"SUBQUERY!"');
}
