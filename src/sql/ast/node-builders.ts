/**
 * Small builders for the Spark SQL AST (src/sql/ast) that the DataFrame API assembles. A DataFrame is a
 * Query AST: each transformation wraps or extends the previous one, so the analyzer resolves and types it
 * exactly as it would the same SQL text. Nodes built here carry no source span (NO_SPAN).
 */

import type { DataType } from '../../types/data-types.js';
import { NO_SPAN } from './common.js';
import type { Expression, FunctionCall, Literal } from './expressions.js';
import type { Query, QueryBody, Relation, Select, SortItem } from './query.js';
import { plainQuery, plainSelect } from './query-builders.js';

export function literal(value: Literal): Expression {
  return { kind: 'literal', value, span: NO_SPAN };
}

export function columnRef(nameParts: readonly string[]): Expression {
  return { kind: 'column', nameParts, span: NO_SPAN };
}

export function star(qualifier: readonly string[] | null = null): Expression {
  return { kind: 'star', qualifier, except: null, span: NO_SPAN };
}

export function call(name: string, args: readonly Expression[], distinct = false): FunctionCall {
  return {
    kind: 'function',
    name: [name],
    args,
    distinct,
    withinGroup: [],
    filter: null,
    nullTreatment: null,
    over: null,
    span: NO_SPAN,
  };
}

export function aliased(expr: Expression, name: string): Expression {
  return { kind: 'alias', expr: expr.kind === 'alias' ? expr.expr : expr, name, span: NO_SPAN };
}

export function cast(value: Expression, dataType: DataType, tryCast = false): Expression {
  return { kind: 'cast', value, dataType, try: tryCast, span: NO_SPAN };
}

export function and(left: Expression, right: Expression): Expression {
  return { kind: 'binary', op: 'AND', left, right, span: NO_SPAN };
}

export function stringLiteral(value: string): Expression {
  return literal({ type: 'string', value });
}

export function emptySelect(from: readonly Relation[]): Select {
  return plainSelect([star()], from, NO_SPAN);
}

export function query(body: QueryBody, orderBy: readonly SortItem[] = []): Query {
  return plainQuery(body, NO_SPAN, orderBy);
}

/** `(query) AS alias`. */
export function subquery(q: Query, alias: string): Relation {
  return {
    kind: 'subquery',
    query: q,
    lateral: false,
    sample: null,
    alias: { name: alias, columns: [] },
    span: NO_SPAN,
  };
}

export function tableRelation(nameParts: readonly string[], alias: string): Relation {
  return {
    kind: 'table',
    name: { kind: 'objectName', parts: nameParts, span: NO_SPAN },
    timeTravel: null,
    options: [],
    sample: null,
    alias: { name: alias, columns: [] },
    span: NO_SPAN,
  };
}

/** `VALUES (…), (…) AS alias(c1, c2)`. */
export function inlineTable(
  rows: readonly (readonly Expression[])[],
  alias: string,
  columns: readonly string[],
): Relation {
  return { kind: 'inlineTable', rows, alias: { name: alias, columns }, span: NO_SPAN };
}

/**
 * The side a trim function trims (`trim`, `ltrim`, `rtrim`), or undefined for another name: their
 * two-argument forms stand for `TRIM(side trimStr FROM str)`.
 */
export function trimFunctionSide(name: string): 'BOTH' | 'LEADING' | 'TRAILING' | undefined {
  const lower = name.toLowerCase();
  return lower === 'trim'
    ? 'BOTH'
    : lower === 'ltrim'
      ? 'LEADING'
      : lower === 'rtrim'
        ? 'TRAILING'
        : undefined;
}
