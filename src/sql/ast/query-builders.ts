/**
 * Query nodes built by code rather than parsed: the parser's empty SELECT it fills in, the DataFrame API's
 * `SELECT *` over a relation, and the constant queries of commands (a variable's value). One place knows
 * every field a Select and a Query carry.
 */
import type { Span } from './common.js';
import type { Expression } from './expressions.js';
import type { Query, QueryBody, Relation, Select, SortItem } from './query.js';

/** SELECT items FROM from, with no other clause. */
export function plainSelect(items: readonly Expression[], from: readonly Relation[], span: Span): Select {
  return {
    kind: 'select',
    hints: [],
    distinct: false,
    items,
    from,
    lateralViews: [],
    pivot: null,
    unpivot: null,
    where: null,
    groupBy: null,
    having: null,
    qualify: null,
    windows: [],
    span,
  };
}

/** `body` as a query with no WITH, LIMIT or OFFSET, ordered by `orderBy`. */
export function plainQuery(body: QueryBody, span: Span, orderBy: readonly SortItem[] = []): Query {
  return {
    kind: 'query',
    with: null,
    body,
    orderBy,
    clusterBy: [],
    distributeBy: [],
    sortBy: [],
    limit: null,
    offset: null,
    span,
  };
}
