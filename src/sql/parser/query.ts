/**
 * Queries (Spark's `query`, `queryTerm`, `queryPrimary`, `querySpecification`, `queryOrganization`):
 * WITH [RECURSIVE], set operations with INTERSECT binding tighter than UNION / EXCEPT / MINUS,
 * SELECT with hints, FROM-first queries, VALUES, TABLE t, and ORDER / CLUSTER / DISTRIBUTE / SORT BY,
 * LIMIT and OFFSET.
 */

import type { Expression } from '../ast/expressions.js';
import type {
  CommonTableExpression,
  Hint,
  NamedWindow,
  Query,
  QueryBody,
  Select,
  SortItem,
  WithClause,
} from '../ast/query.js';
import { plainSelect } from '../ast/query-builders.js';
import { parseExpression, parseSortItem } from './expressions.js';
import { parseWindowSpec } from './functions.js';
import { parseGroupBy } from './grouping.js';
import type { Parser } from './parser-core.js';
import { parsePipeOperator } from './pipe-operators.js';
import { type FromClause, parseFromClause, parseInlineRows, parseRelation } from './relations.js';

const QUERY_WORDS = ['SELECT', 'WITH', 'VALUES', 'TABLE', 'FROM'];

/** Whether a query starts at lookahead k (looking through opening parentheses). */
export function isQueryStart(p: Parser, k = 0): boolean {
  let i = k;
  while (p.isOp('(', i)) i++;
  return p.isAnyKwAt(i, QUERY_WORDS);
}

export function parseQuery(p: Parser): Query {
  return p.nested(() => {
    const start = p.tok.start;
    const withClause = p.isKw('WITH') ? parseWith(p) : null;
    const body = parseSetOperations(p);
    return parseQueryOrganization(p, withClause, body, start);
  });
}

/** ORDER BY … CLUSTER BY … DISTRIBUTE BY … SORT BY … LIMIT … OFFSET around a body. */
export function parseQueryOrganization(
  p: Parser,
  withClause: WithClause | null,
  body: QueryBody,
  start: number,
): Query {
  let orderBy: SortItem[] = [];
  let clusterBy: Expression[] = [];
  let distributeBy: Expression[] = [];
  let sortBy: SortItem[] = [];
  if (p.acceptKw('ORDER', 'BY')) orderBy = p.commaList(() => parseSortItem(p));
  if (p.acceptKw('CLUSTER', 'BY')) clusterBy = p.commaList(() => parseExpression(p));
  if (p.acceptKw('DISTRIBUTE', 'BY')) distributeBy = p.commaList(() => parseExpression(p));
  if (p.acceptKw('SORT', 'BY')) sortBy = p.commaList(() => parseSortItem(p));
  let limit: Expression | null = null;
  let offset: Expression | null = null;
  if (p.acceptKw('LIMIT')) {
    if (!p.acceptKw('ALL')) limit = parseExpression(p);
  }
  if (p.acceptKw('OFFSET')) offset = parseExpression(p);
  const organized =
    orderBy.length + clusterBy.length + distributeBy.length + sortBy.length > 0 ||
    limit !== null ||
    offset !== null;
  // `(SELECT …)` alone is that query: keep one node per query.
  if (!withClause && !organized && body.kind === 'query') return body;
  return {
    kind: 'query',
    with: withClause,
    body,
    orderBy,
    clusterBy,
    distributeBy,
    sortBy,
    limit,
    offset,
    span: p.spanFrom(start),
  };
}

export function parseWith(p: Parser): WithClause {
  p.expectKw('WITH');
  const recursive = p.acceptKw('RECURSIVE');
  const seen = new Set<string>();
  const ctes: CommonTableExpression[] = [];
  do {
    const start = p.tok.start;
    const name = p.identifier();
    const columns = p.isOp('(') ? p.identifierList() : null;
    p.acceptKw('AS');
    p.expectOp('(');
    const query = parseQuery(p);
    p.expectOp(')');
    const key = name.toLowerCase();
    if (seen.has(key)) {
      throw p.errorOver('DUPLICATED_CTE_NAMES', { duplicateNames: `\`${name}\`` }, start, p.prev.end);
    }
    seen.add(key);
    ctes.push({ name, columns, query, span: p.spanFrom(start) });
  } while (p.acceptOp(','));
  return { recursive, ctes };
}

function setQuantifierAll(p: Parser): boolean {
  if (p.acceptKw('ALL')) return true;
  p.acceptKw('DISTINCT');
  return false;
}

function parseSetOperations(p: Parser): QueryBody {
  const start = p.tok.start;
  let left = parseIntersect(p);
  while (p.isAnyKw(['UNION', 'EXCEPT', 'MINUS']) || p.isOp('|>')) {
    // A pipe operator binds loosest, left to right, as Spark's last queryTerm alternative.
    if (p.acceptOp('|>')) {
      left = parsePipeOperator(p, left, start);
      continue;
    }
    const word = p.advance().upper;
    const all = setQuantifierAll(p);
    const right = parseIntersect(p);
    left = {
      kind: 'setOperation',
      op: word === 'UNION' ? 'UNION' : 'EXCEPT',
      all,
      left,
      right,
      span: p.spanFrom(start),
    };
  }
  return left;
}

function parseIntersect(p: Parser): QueryBody {
  const start = p.tok.start;
  let left = parseQueryPrimary(p);
  while (p.acceptKw('INTERSECT')) {
    const all = setQuantifierAll(p);
    const right = parseQueryPrimary(p);
    left = { kind: 'setOperation', op: 'INTERSECT', all, left, right, span: p.spanFrom(start) };
  }
  return left;
}

/** A queryPrimary (SELECT, FROM-first query, VALUES, TABLE t, or a parenthesised query). */
export function parseQueryPrimaryBody(p: Parser): QueryBody {
  return parseQueryPrimary(p);
}

function parseQueryPrimary(p: Parser): QueryBody {
  const start = p.tok.start;
  if (p.isKw('SELECT')) return parseSelect(p, null, start);
  if (p.isKw('FROM')) {
    const from = parseFromClause(p);
    // `FROM t` alone (the usual start of a pipe query) reads every column of t.
    if (!p.isKw('SELECT')) {
      if (!p.isOp('|>') && !isQueryEnd(p)) throw p.error();
      const items = [{ kind: 'star', qualifier: null, except: null, span: p.spanFrom(start) } as const];
      return {
        ...emptySelect(start),
        items,
        from: from.relations,
        lateralViews: from.lateralViews,
        pivot: from.pivot,
        unpivot: from.unpivot,
        span: p.spanFrom(start),
      };
    }
    return parseSelect(p, from, start);
  }
  if (p.isKw('VALUES')) {
    const saved = p.pos;
    p.advance();
    const rows = parseInlineRows(p);
    if (p.isKw('AS') || p.isPlainIdentifier()) {
      // `VALUES … AS t(a, b)` is an aliased inline table: SELECT * FROM VALUES … AS t(a, b).
      p.pos = saved;
      const from = parseFromClauseAt(p);
      const items = [{ kind: 'star', qualifier: null, except: null, span: { start, end: start } } as const];
      return { ...emptySelect(start), items, from: from.relations, span: p.spanFrom(start) };
    }
    return { kind: 'values', rows, span: p.spanFrom(start) };
  }
  if (p.isKw('TABLE') && p.isIdentifier(1)) {
    p.advance();
    const nameStart = p.tok.start;
    const parts = p.multipartIdentifier();
    return {
      kind: 'tableQuery',
      name: { kind: 'objectName', parts, span: p.spanFrom(nameStart) },
      span: p.spanFrom(start),
    };
  }
  if (p.isOp('(')) {
    p.advance();
    const q = parseQuery(p);
    p.expectOp(')');
    // Parentheses that only group (no WITH, no ORDER BY / LIMIT inside) leave no node behind.
    return isPlainWrapper(q) ? q.body : q;
  }
  throw p.error();
}

function isQueryEnd(p: Parser): boolean {
  return (
    p.tok.type === 'eof' || p.isOp(';') || p.isOp(')') || p.isAnyKw(['UNION', 'EXCEPT', 'MINUS', 'INTERSECT'])
  );
}

function parseFromClauseAt(p: Parser): { relations: ReturnType<typeof parseRelation>[] } {
  return { relations: [parseRelation(p)] };
}

function emptySelect(start: number): Select {
  return plainSelect([], [], { start, end: start });
}

function isPlainWrapper(q: Query): boolean {
  return (
    q.with === null &&
    q.orderBy.length + q.clusterBy.length + q.distributeBy.length + q.sortBy.length === 0 &&
    q.limit === null &&
    q.offset === null
  );
}

export function parseHints(p: Parser): Hint[] {
  const hints: Hint[] = [];
  while (p.acceptOp('/*+')) {
    while (!p.isOp('*/')) {
      const name = p.identifier();
      let args: Expression[] = [];
      if (p.acceptOp('(')) {
        if (!p.isOp(')')) args = p.commaList(() => parseExpression(p));
        p.expectOp(')');
      }
      hints.push({ name, args });
      p.acceptOp(',');
    }
    p.expectOp('*/');
  }
  return hints;
}

/** `SELECT …` (Spark's `regularQuerySpecification`); `from` is given for FROM-first queries. */
export function parseSelect(p: Parser, givenFrom: FromClause | null, start: number): Select {
  p.expectKw('SELECT');
  const hints = parseHints(p);
  let distinct = false;
  if (p.isKw('DISTINCT')) {
    p.advance();
    distinct = true;
  } else if (p.isKw('ALL') && !p.isOp('(', 1) && !p.isOp('.', 1)) {
    p.advance();
  }
  const items = p.commaList(() => parseNamedExpression(p));
  const from = givenFrom ?? (p.isKw('FROM') ? parseFromClause(p) : null);
  const where = p.acceptKw('WHERE') ? parseExpression(p) : null;
  const groupBy = p.isKw('GROUP') && p.isKw('BY', 1) ? parseGroupBy(p) : null;
  const having = p.acceptKw('HAVING') ? parseExpression(p) : null;
  let windows: NamedWindow[] = [];
  let qualify: Expression | null = null;
  for (let i = 0; i < 2; i++) {
    if (p.acceptKw('WINDOW')) windows = p.commaList(() => parseNamedWindow(p));
    if (p.acceptKw('QUALIFY')) qualify = parseExpression(p);
  }
  return {
    kind: 'select',
    hints,
    distinct,
    items,
    from: from?.relations ?? [],
    lateralViews: from?.lateralViews ?? [],
    pivot: from?.pivot ?? null,
    unpivot: from?.unpivot ?? null,
    where,
    groupBy,
    having,
    qualify,
    windows,
    span: p.spanFrom(start),
  };
}

export function parseNamedWindow(p: Parser): NamedWindow {
  const name = p.identifier();
  p.expectKw('AS');
  if (p.isOp('(')) return { name, spec: parseWindowSpec(p) };
  const start = p.tok.start;
  const base = p.identifier();
  return {
    name,
    spec: {
      kind: 'windowSpec',
      baseWindow: base,
      partitionBy: [],
      orderBy: [],
      frame: null,
      span: p.spanFrom(start),
    },
  };
}

/** A select-list item: `expr [AS] alias`, `expr AS (a, b)`, `*`, `t.*`. */
export function parseNamedExpression(p: Parser): Expression {
  p.namedExpressionDepth++;
  let expr: Expression;
  try {
    expr = parseExpression(p);
  } finally {
    p.namedExpressionDepth--;
  }
  const start = expr.span.start;
  if (p.acceptKw('AS')) {
    if (p.isOp('(')) {
      const names = p.identifierList();
      return { kind: 'multiAlias', expr, names, span: p.spanFrom(start) };
    }
    const name = p.errorCapturingIdentifier();
    return { kind: 'alias', expr, name, span: p.spanFrom(start) };
  }
  if (p.isPlainIdentifier()) {
    const name = p.identifier();
    return { kind: 'alias', expr, name, span: p.spanFrom(start) };
  }
  return expr;
}
