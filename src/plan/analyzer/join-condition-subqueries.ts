/**
 * Subqueries in a JOIN's ON condition (Spark's RewritePredicateSubquery, the `Join` case). Each subquery
 * expression reads columns of at most one join input; it is computed as a column of that input, before the
 * join, and the condition reads the column. The answer is the same (the subquery is a function of that
 * input's row), and DuckDB, which refuses a subquery in the condition of an outer, semi or anti join, gets
 * a correlated subquery in a projection, which it decorrelates into a join of its own.
 *
 * Spark refuses an EXISTS or IN subquery that reads columns of both inputs:
 * UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY.UNSUPPORTED_CORRELATED_EXPRESSION_IN_JOIN_CONDITION.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Attribute, AttributeIds } from '../logical/attribute.js';
import { type BoundExpr, typeOf } from '../logical/bound-expression.js';
import { transformExpr } from '../logical/expression-walk.js';
import type { LogicalPlan, NamedExpr } from '../logical/logical-plan.js';
import { outerReferences } from '../logical/plan-walk.js';

type JoinPlan = Extract<LogicalPlan, { kind: 'join' }>;
type SubqueryExpr = Extract<BoundExpr, { kind: 'exists' | 'inSubquery' | 'scalarSubquery' }>;

/** The join with its condition's subqueries moved into its inputs, under a projection of its own output. */
export function pushJoinConditionSubqueries(join: JoinPlan, ids: AttributeIds): LogicalPlan {
  if (!join.condition) return join;
  const leftIds = new Set(join.left.output.map((a) => a.id));
  const rightIds = new Set(join.right.output.map((a) => a.id));
  const leftColumns: NamedExpr[] = [];
  const rightColumns: NamedExpr[] = [];
  const condition = transformExpr(join.condition, (e) => {
    if (e.kind !== 'exists' && e.kind !== 'inSubquery' && e.kind !== 'scalarSubquery') return undefined;
    const refs = references(e);
    const readsLeft = refs.some((a) => leftIds.has(a.id));
    const readsRight = refs.some((a) => rightIds.has(a.id));
    if (readsLeft && readsRight) {
      // Spark's rule covers EXISTS and IN; a scalar subquery over both inputs stays in the condition.
      if (e.kind === 'scalarSubquery') return e;
      throw new LakesqlError(
        'UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY.UNSUPPORTED_CORRELATED_EXPRESSION_IN_JOIN_CONDITION',
        { subqueryExpression: subqueryText(e, refs) },
      );
    }
    const attr = ids.fresh(
      e.kind === 'scalarSubquery' ? 'scalarsubquery' : 'exists',
      typeOf(e),
      e.kind !== 'exists',
    );
    (readsRight ? rightColumns : leftColumns).push({ expr: e, attr });
    return { kind: 'attributeRef', attr };
  });
  if (leftColumns.length === 0 && rightColumns.length === 0) return join;
  const rewritten: JoinPlan = {
    ...join,
    left: withColumns(join.left, leftColumns),
    right: withColumns(join.right, rightColumns),
    condition,
  };
  return {
    kind: 'project',
    child: rewritten,
    list: join.output.map((attr) => ({ expr: { kind: 'attributeRef', attr }, attr })),
    output: join.output,
  };
}

/** The columns a subquery expression reads from outside its own plan: IN's values and the outer references. */
function references(e: SubqueryExpr): Attribute[] {
  const refs = outerReferences(e.plan);
  if (e.kind === 'inSubquery') {
    for (const v of e.values) {
      transformExpr(v, (x) => {
        if (x.kind === 'attributeRef') refs.push(x.attr);
        return undefined;
      });
    }
  }
  return refs;
}

function withColumns(plan: LogicalPlan, columns: readonly NamedExpr[]): LogicalPlan {
  if (columns.length === 0) return plan;
  const keep = plan.output.map((attr) => ({ expr: { kind: 'attributeRef', attr } as BoundExpr, attr }));
  return {
    kind: 'project',
    child: plan,
    list: [...keep, ...columns],
    output: [...plan.output, ...columns.map((c) => c.attr)],
  };
}

/** Spark prints the subquery with the outer columns it reads, e.g. `exists(x.x2, y.y2)`. */
function subqueryText(e: SubqueryExpr, refs: readonly Attribute[]): string {
  const names = refs.map((a) => [a.qualifier.at(-1), a.name].filter(Boolean).join('.')).join(', ');
  return e.kind === 'exists' ? `exists(${names})` : `listquery(${names})`;
}
