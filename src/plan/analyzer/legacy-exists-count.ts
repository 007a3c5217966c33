/**
 * `spark.sql.optimizer.decorrelateExistsSubqueryLegacyIncorrectCountHandling.enabled` (SPARK-43098, default
 * false): Spark before 4.0 decorrelated an EXISTS or IN subquery by grouping its aggregate on the
 * correlated columns, so a global aggregate over no matching rows gave no row at all instead of one
 * (`EXISTS (SELECT count(*) FROM t2 WHERE t2.c1 = t1.c1)` was false where nothing matched). With the flag
 * set, such an aggregate groups by a constant, which keeps its answer on rows and gives none on no rows.
 */
import type { LogicalPlan } from '../logical/logical-plan.js';
import { childPlans, outerReferences, withNewChildren } from '../logical/plan-walk.js';

export const LEGACY_EXISTS_COUNT_KEY =
  'spark.sql.optimizer.decorrelateExistsSubqueryLegacyIncorrectCountHandling.enabled';

export function legacyExistsCountHandling(plan: LogicalPlan, conf: ReadonlyMap<string, string>): LogicalPlan {
  if (conf.get(LEGACY_EXISTS_COUNT_KEY)?.trim().toLowerCase() !== 'true') return plan;
  return groupCorrelatedAggregates(plan);
}

function groupCorrelatedAggregates(plan: LogicalPlan): LogicalPlan {
  const children = childPlans(plan).map(groupCorrelatedAggregates);
  const rebuilt = withNewChildren(plan, children);
  if (
    rebuilt.kind !== 'aggregate' ||
    rebuilt.groupBy.length > 0 ||
    rebuilt.groupingSets !== undefined ||
    outerReferences(rebuilt.child).length === 0
  ) {
    return rebuilt;
  }
  return {
    ...rebuilt,
    groupBy: [{ kind: 'literal', value: true, type: { kind: 'primitive', name: 'boolean' } }],
  };
}
