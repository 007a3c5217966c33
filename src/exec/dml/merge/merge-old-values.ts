/**
 * MERGE with the change data feed needs each updated row's values before the merge, for its
 * `update_preimage` change rows: the decision plan carries them beside the new values.
 */
import type { Attribute } from '../../../plan/logical/attribute.js';
import type { NamedExpr } from '../../../plan/logical/logical-plan.js';
import { mergeOldColumn } from '../change-data-write.js';
import type { DecisionPlan } from './merge-decision.js';
import type { MergePlan } from './merge-plan.js';

/**
 * The MERGE decision plan with each target column's value before the merge (`o<i>`, NULL for a column the
 * merge adds), the preimages of updated rows.
 */
export function withOldValues(
  decision: DecisionPlan,
  plan: MergePlan,
): DecisionPlan & { readonly olds: readonly Attribute[] } {
  const top = decision.plan;
  if (top.kind !== 'project') throw new Error('a MERGE decision plan is a projection');
  const olds: NamedExpr[] = plan.current.map((expr, i) => ({
    expr,
    attr: plan.ids.fresh(mergeOldColumn(i), plan.schema.fields[i]!.type, true),
  }));
  return {
    ...decision,
    plan: { ...top, list: [...top.list, ...olds], output: [...top.output, ...olds.map((o) => o.attr)] },
    olds: olds.map((o) => o.attr),
  };
}
