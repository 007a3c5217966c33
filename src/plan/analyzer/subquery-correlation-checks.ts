/**
 * CheckAnalysis.checkCorrelationsInSubquery, the part about where outer references may stand: Spark lets
 * a Filter, a Project or a Join of a correlated subquery host them, never an Aggregate
 * (UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY.CORRELATED_REFERENCE: `GROUP BY outer.c`, `sum(outer.c)` in a
 * subquery whose outer query does not aggregate), and an aggregate function may not mix outer and local
 * columns (.AGGREGATE_FUNCTION_MIXED_OUTER_LOCAL_REFERENCES). Nested subquery expressions are checked
 * when they are analyzed.
 */
import { LakesqlError } from '../../errors/index.js';
import type { BoundExpr } from '../logical/bound-expression.js';
import { expressionString } from '../logical/expression-string.js';
import { transformExpr } from '../logical/expression-walk.js';
import type { LogicalPlan } from '../logical/logical-plan.js';
import { childPlans } from '../logical/plan-walk.js';

export function checkSubqueryCorrelation(plan: LogicalPlan): void {
  if (plan.kind === 'aggregate') {
    for (const n of plan.aggregates) checkMixedAggregate(n.expr);
    const correlated = [...plan.groupBy, ...plan.aggregates.map((n) => n.expr)].filter(containsOuter);
    if (correlated.length > 0) {
      throw new LakesqlError('UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY.CORRELATED_REFERENCE', {
        sqlExprs: correlated.map((e) => `"${expressionString(e)}"`).join(','),
      });
    }
  }
  childPlans(plan).forEach(checkSubqueryCorrelation);
}

/** Spark's checkMixedReferencesInsideAggregateExpr. */
function checkMixedAggregate(e: BoundExpr): void {
  transformExpr(e, (x) => {
    if (x.kind !== 'aggregate') return undefined;
    const refs = { outer: false, local: false };
    for (const arg of x.args) {
      transformExpr(arg, (y) => {
        if (y.kind === 'outerRef') refs.outer = true;
        if (y.kind === 'attributeRef') refs.local = true;
        return undefined;
      });
    }
    if (refs.outer && refs.local) {
      throw new LakesqlError(
        'UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY.AGGREGATE_FUNCTION_MIXED_OUTER_LOCAL_REFERENCES',
        { function: expressionString(x) },
      );
    }
    return x;
  });
}

function containsOuter(e: BoundExpr): boolean {
  let found = false;
  transformExpr(e, (x) => {
    if (x.kind === 'outerRef') found = true;
    return found ? x : undefined;
  });
  return found;
}
