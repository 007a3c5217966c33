/**
 * CheckAnalysis's rules for a LATERAL join (Spark's LateralJoin): the lateral subquery and the join
 * condition must be deterministic, since the subquery is re-evaluated per row of the left side and a
 * decorrelated plan would evaluate a nondeterministic expression a different number of times.
 */
import { LakesqlError } from '../../errors/index.js';
import type { BoundExpr } from '../logical/bound-expression.js';
import { transformExpr } from '../logical/expression-walk.js';
import type { LogicalPlan } from '../logical/logical-plan.js';
import { planTreeString } from '../logical/plan-tree-string.js';
import { childPlans, nodeExpressions } from '../logical/plan-walk.js';
import { NONDETERMINISTIC } from './aggregate-filter.js';
import { checkSubqueryCorrelation } from './subquery-correlation-checks.js';

export function checkLateralJoin(
  left: LogicalPlan,
  right: LogicalPlan,
  condition: BoundExpr | undefined,
  conditionSql: string,
): void {
  checkSubqueryCorrelation(right);
  // Over at most one left row the subquery runs once, so a nondeterministic one is fine.
  if (!planIsDeterministic(right) && !atMostOneRow(left)) {
    throw new LakesqlError('UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY.NON_DETERMINISTIC_LATERAL_SUBQUERIES', {
      treeNode: planTreeString(right),
    });
  }
  if (condition && !isDeterministic(condition)) {
    throw new LakesqlError(
      'UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY.LATERAL_JOIN_CONDITION_NON_DETERMINISTIC',
      {
        condition: conditionSql,
      },
    );
  }
}

/** Spark's Expression.deterministic: no nondeterministic call, subquery plans included. */
function isDeterministic(e: BoundExpr): boolean {
  let deterministic = true;
  transformExpr(e, (x) => {
    if (!deterministic) return x;
    if (x.kind === 'call' && NONDETERMINISTIC.has(x.name)) deterministic = false;
    if (x.kind === 'exists' || x.kind === 'scalarSubquery' || x.kind === 'inSubquery') {
      if (!planIsDeterministic(x.plan)) deterministic = false;
    }
    return undefined;
  });
  return deterministic;
}

function planIsDeterministic(plan: LogicalPlan): boolean {
  return nodeExpressions(plan).every(isDeterministic) && childPlans(plan).every(planIsDeterministic);
}

/** Spark's `maxRows.exists(_ <= 1)`, for the shapes whose row count is known without running them. */
function atMostOneRow(plan: LogicalPlan): boolean {
  switch (plan.kind) {
    case 'oneRow':
      return true;
    case 'values':
      return plan.rows.length <= 1;
    case 'aggregate':
      return plan.groupBy.length === 0 && plan.groupingSets === undefined;
    case 'project':
    case 'filter':
    case 'sort':
    case 'distinct':
    case 'limit':
      return atMostOneRow(plan.child);
    default:
      return false;
  }
}
