/**
 * What a session keeps for a temp view: the query as written (re-analyzed at each use, so it sees the
 * current data of the tables it reads, as Spark's temp views do), or an analyzed plan for views made from
 * DataFrames.
 */
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import type { Query } from '../../sql/ast/query.js';

export type TempView =
  | { readonly kind: 'query'; readonly query: Query; readonly columnNames: readonly string[] | null }
  | { readonly kind: 'plan'; readonly plan: LogicalPlan };
