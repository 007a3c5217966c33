/**
 * WITH queries referenced more than once in a statement are computed once: DuckDB's `WITH … AS MATERIALIZED`
 * at the top of the statement, which each reference reads by name (TPC-H q15 reads its revenue view twice,
 * once to find the maximum; inlined, DuckDB aggregated lineitem twice). A WITH query referenced once stays
 * inlined, and so does one with outer (correlated) references, which has no value outside its subquery.
 * Spark computes a WITH query referenced twice once too, when it is not inlined (InlineCTE, WithCTE).
 */

import { transformExpr } from '../../plan/logical/expression-walk.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import {
  childPlans,
  cteReferenceCounts,
  nodeExpressions,
  outerReferences,
} from '../../plan/logical/plan-walk.js';
import type { CompileContext } from './compile-context.js';
import { compilePlan } from './plan-sql.js';

/** The statement's `WITH … ` prefix (empty when nothing is shared) and the context that reads it. */
export function sharedCtes(plan: LogicalPlan, ctx: CompileContext): { prefix: string; ctx: CompileContext } {
  const counts = cteReferenceCounts(plan);
  const names = new Map<number, string>();
  const shared: CompileContext = { ...ctx, cteNames: names };
  const definitions: string[] = [];
  // Post-order: a shared query that reads another is written after it.
  for (const ref of cteRefsInPostOrder(plan)) {
    if ((counts.get(ref.id) ?? 0) < 2 || names.has(ref.id) || outerReferences(ref.child).length > 0) continue;
    const name = `"__cte${ref.id}"`;
    definitions.push(`${name} AS MATERIALIZED (${compilePlan(ref.child, shared)})`);
    names.set(ref.id, name);
  }
  return { prefix: definitions.length > 0 ? `WITH ${definitions.join(', ')} ` : '', ctx: shared };
}

function cteRefsInPostOrder(plan: LogicalPlan): Extract<LogicalPlan, { kind: 'cteRef' }>[] {
  const out: Extract<LogicalPlan, { kind: 'cteRef' }>[] = [];
  const visit = (p: LogicalPlan) => {
    for (const e of nodeExpressions(p)) {
      transformExpr(e, (x) => {
        if (x.kind === 'exists' || x.kind === 'scalarSubquery' || x.kind === 'inSubquery') visit(x.plan);
        return undefined;
      });
    }
    childPlans(p).forEach(visit);
    if (p.kind === 'cteRef') out.push(p);
  };
  visit(plan);
  return out;
}
