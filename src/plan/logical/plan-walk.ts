/** Walking plans: the expressions each node holds, and the outer (correlated) references of a subquery. */
import type { Attribute } from './attribute.js';
import type { BoundExpr } from './bound-expression.js';
import { transformExpr } from './expression-walk.js';
import type { LogicalPlan } from './logical-plan.js';

export function nodeExpressions(plan: LogicalPlan): BoundExpr[] {
  switch (plan.kind) {
    case 'relation':
    case 'oneRow':
    case 'distinct':
    case 'sample':
    case 'setOperation':
    case 'cteRef':
      return [];
    case 'values':
      return plan.rows.flat();
    case 'project':
      return plan.list.map((n) => n.expr);
    case 'filter':
      return [plan.condition];
    case 'aggregate':
      return [...plan.groupBy, ...plan.aggregates.map((n) => n.expr)];
    case 'window':
      return plan.windows.map((n) => n.expr);
    case 'join':
      return plan.condition ? [plan.condition] : [];
    case 'sort':
      return plan.orders.map((o) => o.expr);
    case 'limit':
      return [plan.limit, plan.offset].filter((x): x is BoundExpr => x !== undefined);
    case 'generate':
      return [plan.generator];
    default: {
      const never: never = plan;
      throw new Error(`unknown plan ${JSON.stringify(never)}`);
    }
  }
}

export function childPlans(plan: LogicalPlan): LogicalPlan[] {
  switch (plan.kind) {
    case 'relation':
    case 'values':
    case 'oneRow':
      return [];
    case 'join':
    case 'setOperation':
      return [plan.left, plan.right];
    default:
      return [plan.child];
  }
}

/** The outer references of a subquery plan, in order of appearance, repeats kept (Spark names them so). */
export function outerReferences(plan: LogicalPlan): Attribute[] {
  const out: Attribute[] = [];
  const visit = (p: LogicalPlan) => {
    for (const e of nodeExpressions(p)) {
      transformExpr(e, (x) => {
        if (x.kind === 'outerRef') out.push(x.attr);
        if (x.kind === 'exists' || x.kind === 'scalarSubquery' || x.kind === 'inSubquery') visit(x.plan);
        return undefined;
      });
    }
    childPlans(p).forEach(visit);
  };
  visit(plan);
  return out;
}

/**
 * How many times each shared WITH query (cteRef id) is referenced in `plan`, subqueries included; a
 * reference inside a shared query counts once per reference to that query.
 */
export function cteReferenceCounts(plan: LogicalPlan): Map<number, number> {
  const counts = new Map<number, number>();
  const visit = (p: LogicalPlan) => {
    if (p.kind === 'cteRef') counts.set(p.id, (counts.get(p.id) ?? 0) + 1);
    for (const e of nodeExpressions(p)) {
      transformExpr(e, (x) => {
        if (x.kind === 'exists' || x.kind === 'scalarSubquery' || x.kind === 'inSubquery') visit(x.plan);
        return undefined;
      });
    }
    childPlans(p).forEach(visit);
  };
  visit(plan);
  return counts;
}

/** The node with its children replaced, in childPlans order. */
export function withNewChildren(plan: LogicalPlan, children: readonly LogicalPlan[]): LogicalPlan {
  switch (plan.kind) {
    case 'relation':
    case 'values':
    case 'oneRow':
      return plan;
    case 'join':
    case 'setOperation':
      return { ...plan, left: children[0]!, right: children[1]! };
    default:
      return { ...plan, child: children[0]! };
  }
}
