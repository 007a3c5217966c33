/**
 * The target columns a MERGE's decision reads. Delta's merge reads the whole target row because it rewrites
 * it; a merge that writes only the rows its clauses produce needs less:
 *
 * - insert-only (Delta's InsertOnlyMergeExecutor): the columns the ON condition compares;
 * - merge-on-read (deletion vectors, no change data feed): the columns the ON condition, the clauses'
 *   conditions and the UPDATE values read (an UPDATE's unassigned columns read the target's own value).
 *   Unchanged rows stay in their files under the new deletion vector and deleted rows are only marked, so
 *   no other target value is ever written. An upsert with `UPDATE SET *` reads its key columns alone;
 * - copy-on-write or change data: every column (unchanged rows are copied, old values recorded).
 */
import type { Attribute } from '../../../plan/logical/attribute.js';
import type { BoundExpr } from '../../../plan/logical/bound-expression.js';
import { someExpr } from '../../../plan/logical/expression-walk.js';
import { isInsertOnly, type MergePlan } from './merge-plan.js';

export type RowsWritten = 'inserted' | 'produced' | 'all';

/** How much of the target a merge writes: only inserts, only the rows clauses produce, or whole files. */
export function rowsWritten(plan: MergePlan, mergeOnRead: boolean): RowsWritten {
  if (isInsertOnly(plan)) return 'inserted';
  return mergeOnRead ? 'produced' : 'all';
}

export function decisionTargetColumns(plan: MergePlan, written: RowsWritten): readonly Attribute[] {
  if (written === 'all') return plan.target.output;
  const read: BoundExpr[] = [plan.condition];
  if (written === 'produced') {
    for (const c of plan.clauses) {
      if (c.condition) read.push(c.condition);
      if (c.action.kind === 'update') read.push(...c.action.values);
    }
  }
  return plan.target.output.filter((a) =>
    read.some((e) => someExpr(e, (x) => x.kind === 'attributeRef' && x.attr.id === a.id)),
  );
}
