/**
 * ORDER BY ALL (Spark's ResolveOrderByAll, sql-ref-syntax-qry-select-orderby.html): a sort list of one item
 * that names `all`, when no column of that name is in reach, sorts by every output column in order, each
 * with that item's direction and null order. A real column called `all` keeps its meaning.
 */
import type { SortItem } from '../../sql/ast/index.js';

/**
 * The one sort item of an ORDER BY ALL, else undefined. `resolvesAll` says whether `all` names a column
 * (or select alias) where the sort is resolved.
 */
export function orderByAllItem(
  orderBy: readonly SortItem[],
  resolvesAll: () => boolean,
): SortItem | undefined {
  const only = orderBy.length === 1 ? orderBy[0]! : undefined;
  if (only?.expr.kind !== 'column' || only.expr.nameParts.length !== 1) return undefined;
  return only.expr.nameParts[0]!.toLowerCase() === 'all' && !resolvesAll() ? only : undefined;
}

/** ORDER BY ALL as the select list's ordinals 1…`outputCount`; any other sort list as it is. */
export function expandOrderByAll(
  orderBy: readonly SortItem[],
  outputCount: number,
  resolvesAll: () => boolean,
): readonly SortItem[] {
  const all = orderByAllItem(orderBy, resolvesAll);
  if (!all) return orderBy;
  const span = all.expr.span;
  return Array.from({ length: outputCount }, (_, i) => ({
    ...all,
    expr: { kind: 'literal', value: { type: 'int', value: BigInt(i + 1) }, span },
  }));
}
