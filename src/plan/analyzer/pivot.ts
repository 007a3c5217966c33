/**
 * PIVOT and UNPIVOT (Spark's ResolvePivot / ResolveUnpivot).
 * PIVOT (agg, … FOR col IN (v [AS a], …)) groups by every input column the aggregates and the pivot column
 * do not use, and computes each aggregate once per value, over the rows whose pivot column is that value
 * (`agg FILTER (WHERE col <=> v)`). Output columns are named `v` for one aggregate, `v_<agg name>` for several.
 * UNPIVOT (val FOR name IN (c1 [AS a], …)) turns each listed column into a row (name, value), keeping the
 * other columns; rows whose value is NULL are dropped unless INCLUDE NULLS.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Expression } from '../../sql/ast/expressions.js';
import type { Pivot, Unpivot } from '../../sql/ast/query.js';
import { BooleanType, StringType } from '../../types/data-types.js';
import type { Attribute } from '../logical/attribute.js';
import { type BoundExpr, typeOf } from '../logical/bound-expression.js';
import { transformExpr } from '../logical/expression-walk.js';
import type { LogicalPlan, NamedExpr } from '../logical/logical-plan.js';
import { findWiderCommonType } from '../types/type-coercion.js';
import { containsAggregate } from './aggregation.js';
import { castTo } from './casts.js';
import type { ExpressionEnv } from './expression-env.js';
import { analyzeExpression, binary, isFoldable } from './expressions.js';
import { outputName, prettySql } from './pretty-sql.js';
import type { QueryEnv } from './query-env.js';
import { applyAlias } from './relations.js';
import { Scope } from './scope.js';

export async function analyzePivot(
  child: LogicalPlan,
  p: Pivot,
  env: ExpressionEnv,
  qenv: QueryEnv,
): Promise<LogicalPlan> {
  const scope = new Scope(child.output, env.scope.outer);
  const cenv: ExpressionEnv = { ...env, scope, clause: 'select' };
  const pivotCols = await Promise.all(
    p.columns.map((c) => analyzeExpression(c, { ...cenv, allowAggregates: false })),
  );
  const aggs = await Promise.all(
    p.aggregates.map((a) =>
      analyzeExpression(a.kind === 'alias' ? a.expr : a, { ...cenv, allowAggregates: true }),
    ),
  );
  aggs.forEach((a, i) => {
    if (!containsAggregate(a)) {
      // Spark: "Aggregate expression required for pivot, but '<expr>' did not appear in any aggregate function."
      throw new LakesqlError('_LEGACY_ERROR_TEMP_1006', { sql: prettySql(p.aggregates[i]!) });
    }
  });
  const used = new Set<number>();
  for (const e of [...pivotCols, ...aggs]) {
    transformExpr(e, (x) => {
      if (x.kind === 'attributeRef') used.add(x.attr.id);
      return undefined;
    });
  }
  const groupAttrs = child.output.filter((a) => !used.has(a.id) && !a.hidden);
  const groupBy: BoundExpr[] = groupAttrs.map((a) => ({ kind: 'attributeRef', attr: a }));
  const list: NamedExpr[] = groupAttrs.map((a) => ({ expr: { kind: 'attributeRef', attr: a }, attr: a }));
  for (const v of p.values) {
    const valueAst = v.kind === 'alias' ? v.expr : v;
    const valueExprs: BoundExpr[] =
      valueAst.kind === 'row'
        ? await Promise.all(valueAst.values.map((x) => analyzeExpression(x, cenv)))
        : [await analyzeExpression(valueAst, cenv)];
    if (valueExprs.some((x) => !isFoldable(x))) {
      throw new LakesqlError('NON_LITERAL_PIVOT_VALUES', { expression: `"${prettySql(valueAst)}"` });
    }
    if (valueExprs.length !== pivotCols.length) {
      throw new LakesqlError('PIVOT_VALUE_DATA_TYPE_MISMATCH', {
        value: prettySql(valueAst),
        valueType: '',
        pivotType: '',
      });
    }
    const condition = pivotCols
      .map((c, i) => binary('<=>', c, castTo(valueExprs[i]!, typeOf(c), cenv), cenv, ''))
      .reduce((l, r) => binary('AND', l, r, cenv, ''));
    const valueName = v.kind === 'alias' ? v.name : pivotValueName(valueAst);
    aggs.forEach((agg, i) => {
      const filtered = transformExpr(agg, (x) =>
        x.kind === 'aggregate'
          ? {
              ...x,
              filter: x.filter
                ? binary('AND', x.filter, condition, cenv, '')
                : castTo(condition, BooleanType, cenv),
            }
          : undefined,
      );
      const aggAst = p.aggregates[i]!;
      const name =
        aggs.length === 1
          ? valueName
          : `${valueName}_${aggAst.kind === 'alias' ? aggAst.name : outputName(aggAst)}`;
      list.push({ expr: filtered, attr: qenv.ctx.ids.fresh(name, typeOf(filtered), true) });
    });
  }
  const aggregate: LogicalPlan = {
    kind: 'aggregate',
    child,
    groupBy,
    aggregates: list,
    output: list.map((n) => n.attr),
  };
  return applyAlias(aggregate, p.alias, qenv, []);
}

function pivotValueName(e: Expression): string {
  if (e.kind === 'row') return `{${e.values.map(pivotValueName).join(', ')}}`;
  return prettySql(e);
}

export async function analyzeUnpivot(
  child: LogicalPlan,
  u: Unpivot,
  env: ExpressionEnv,
  qenv: QueryEnv,
): Promise<LogicalPlan> {
  const scope = new Scope(child.output, env.scope.outer);
  const resolve = (parts: readonly string[]) => scope.resolve(parts).attr;
  const groups = u.columns.map((g) => ({ attrs: g.columns.map(resolve), alias: g.alias }));
  const width = u.valueColumns.length;
  if (groups.some((g) => g.attrs.length !== width)) {
    throw new LakesqlError('UNPIVOT_VALUE_SIZE_MISMATCH', { names: String(width) });
  }
  const unpivoted = new Set(groups.flatMap((g) => g.attrs.map((a) => a.id)));
  const kept = child.output.filter((a) => !unpivoted.has(a.id) && !a.hidden);
  const valueTypes = u.valueColumns.map((_, i) => {
    const t = findWiderCommonType(
      groups.map((g) => g.attrs[i]!.type),
      qenv.ctx.semantics,
    );
    if (!t)
      throw new LakesqlError('UNPIVOT_VALUE_DATA_TYPE_MISMATCH', {
        types: groups.map((g) => g.attrs[i]!.type.kind).join(', '),
      });
    return t;
  });
  const nameAttr = qenv.ctx.ids.fresh(u.nameColumn, StringType, false);
  const valueAttrs = u.valueColumns.map((n, i) => qenv.ctx.ids.fresh(n, valueTypes[i]!, true));
  const output: Attribute[] = [...kept, nameAttr, ...valueAttrs];
  let plan: LogicalPlan | undefined;
  for (const g of groups) {
    const label = g.alias ?? g.attrs.map((a) => a.name).join('_');
    const list: NamedExpr[] = [
      ...kept.map((a) => ({
        expr: { kind: 'attributeRef', attr: a } as BoundExpr,
        attr: qenv.ctx.ids.copy(a),
      })),
      { expr: { kind: 'literal', value: label, type: StringType }, attr: qenv.ctx.ids.copy(nameAttr) },
      ...g.attrs.map((a, i) => ({
        expr: castTo({ kind: 'attributeRef', attr: a }, valueTypes[i]!, { ctx: qenv.ctx }),
        attr: qenv.ctx.ids.copy(valueAttrs[i]!),
      })),
    ];
    const branch: LogicalPlan = { kind: 'project', child, list, output: list.map((n) => n.attr) };
    plan = plan
      ? { kind: 'setOperation', op: 'union', all: true, left: plan, right: branch, output: plan.output }
      : branch;
  }
  // The union's columns become the output attributes.
  const unioned = plan!;
  const renamed: NamedExpr[] = unioned.output.map((a, i) => ({
    expr: { kind: 'attributeRef', attr: a },
    attr: output[i]!,
  }));
  let result: LogicalPlan = { kind: 'project', child: unioned, list: renamed, output };
  if (!u.includeNulls) {
    const notNull = valueAttrs
      .map((a) => ({ kind: 'isNull', child: { kind: 'attributeRef', attr: a }, negated: true }) as BoundExpr)
      .reduce((l, r) => binary('OR', l, r, env, ''));
    result = { kind: 'filter', child: result, condition: notNull, output };
  }
  return applyAlias(result, u.alias, qenv, []);
}
