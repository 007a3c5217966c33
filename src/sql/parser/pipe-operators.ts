/**
 * SQL pipe syntax (Spark 4's `queryTerm |> operatorPipeRightSide`): each operator takes the query on its
 * left as its input relation. The operators become ordinary query nodes over that input, marked as pipe
 * input so that its columns keep their qualifiers (`FROM t AS a |> WHERE a.x > 0`); the analyzer enforces
 * the rules that differ from SELECT's through the select's `pipe` clause.
 * https://spark.apache.org/docs/latest/sql-pipe-syntax.html
 */
import type { Span } from '../ast/common.js';
import type { Expression } from '../ast/expressions.js';
import type { NamedWindow, Query, QueryBody, Relation, Select, SortItem } from '../ast/query.js';
import { plainQuery, plainSelect } from '../ast/query-builders.js';
import { parseExpression, parseSortItem } from './expressions.js';
import type { Parser } from './parser-core.js';
import { parseHints, parseNamedExpression, parseNamedWindow, parseQueryPrimaryBody } from './query.js';
import { parseJoinOnto, parsePivot, parseSample, parseUnpivot } from './relations.js';

/** Parses the operator after `|>` (already consumed) applied to `left`. */
export function parsePipeOperator(p: Parser, left: QueryBody, start: number): QueryBody {
  const pipeInputOf = (body: QueryBody): Relation => ({
    kind: 'subquery',
    query: asQuery(body, p.spanFrom(start)),
    lateral: false,
    pipeInput: true,
    sample: null,
    alias: null,
    span: p.spanFrom(start),
  });
  const input = (extra: Partial<Extract<Relation, { kind: 'subquery' }>> = {}): Relation => ({
    kind: 'subquery',
    query: asQuery(left, p.spanFrom(start)),
    lateral: false,
    pipeInput: true,
    sample: null,
    alias: null,
    span: p.spanFrom(start),
    ...extra,
  });
  const star = (except: (readonly string[])[] | null = null): Expression => ({
    kind: 'star',
    qualifier: null,
    except,
    span: p.spanFrom(start),
  });
  const over = (from: readonly Relation[], fields: Partial<Select>): Select => ({
    ...plainSelect([star()], from, p.spanFrom(start)),
    ...fields,
  });

  if (p.acceptKw('SELECT')) {
    const hints = parseHints(p);
    const distinct = p.acceptKw('DISTINCT');
    if (!distinct) p.acceptKw('ALL');
    const items = p.commaList(() => parseNamedExpression(p));
    const windows = parseWindowClause(p);
    // A second WINDOW clause belongs to the statement, not to this SELECT: Spark resolves the SELECT's window
    // references against its own clause first, so the later definitions are never seen (a reference to one is
    // MISSING_WINDOW_SPECIFICATION).
    while (p.isKw('WINDOW')) parseWindowClause(p);
    return over([input()], { hints, distinct, items, windows, pipe: { kind: 'select' } });
  }
  if (p.acceptKw('EXTEND')) {
    const itemsStart = p.tok.start;
    const items = p.commaList(() => parseNamedExpression(p));
    if (items.some((e) => e.kind === 'star')) {
      throw p.errorOver(
        'INVALID_USAGE_OF_STAR_OR_REGEX',
        { elem: "'*'", prettyName: 'expression `pipeexpression`' },
        itemsStart,
        p.prev.end,
      );
    }
    return over([input()], { items: [star(), ...items], pipe: { kind: 'extend' } });
  }
  if (p.isKw('SET') && !p.isKw('VAR', 1)) {
    p.advance();
    const assignments = p.commaList(() => {
      const keyStart = p.tok.start;
      const column = p.multipartIdentifier();
      if (column.length > 1) {
        throw p.errorOver(
          '_LEGACY_ERROR_TEMP_0035',
          {
            message:
              'SQL pipe syntax |> SET operator with multi-part assignment key (only single-part keys are allowed)',
          },
          keyStart,
          p.prev.end,
        );
      }
      p.expectOp('=');
      return { column, value: parseExpression(p) };
    });
    // One select per assignment: a later one sees the values the earlier ones set (`SET x = 1, y = x`).
    let body: QueryBody = left;
    for (const a of assignments) {
      body = { ...over([pipeInputOf(body)], {}), pipe: { kind: 'set', assignments: [a] } };
    }
    return body;
  }
  if (p.acceptKw('DROP')) {
    const columns = p.commaList(() => [p.identifier()]);
    return over([input()], { items: [star(columns)] });
  }
  if (p.acceptKw('AS')) {
    const name = p.errorCapturingIdentifier();
    return over([input({ alias: { name, columns: [] } })], {});
  }
  if (p.acceptKw('WHERE')) {
    const where = parseExpression(p);
    if (p.isKw('WINDOW')) {
      parseWindowClause(p);
      throw p.errorOver('NOT_ALLOWED_IN_PIPE_OPERATOR_WHERE.WINDOW_CLAUSE', {}, start, p.prev.end);
    }
    return over([input()], { where });
  }
  if (p.isKw('PIVOT') || p.isKw('UNPIVOT')) {
    const pivot = p.isKw('PIVOT') ? parsePivot(p) : null;
    const unpivot = p.isKw('UNPIVOT') ? parseUnpivot(p) : null;
    const pivotAgain = !pivot && p.isKw('PIVOT') ? parsePivot(p) : null;
    return over([input()], { pivot: pivot ?? pivotAgain, unpivot });
  }
  if (p.isKw('TABLESAMPLE')) {
    const sample = parseSample(p);
    return over([input({ sample })], {});
  }
  if (p.acceptKw('AGGREGATE')) return parseAggregate(p, input(), start);
  if (p.isAnyKw(['UNION', 'EXCEPT', 'MINUS', 'INTERSECT'])) {
    const word = p.advance().upper;
    const all = p.acceptKw('ALL');
    if (!all) p.acceptKw('DISTINCT');
    const right = parseQueryPrimaryBody(p);
    const op = word === 'UNION' ? 'UNION' : word === 'INTERSECT' ? 'INTERSECT' : 'EXCEPT';
    return { kind: 'setOperation', op, all, left, right, span: p.spanFrom(start) };
  }
  if (p.isAnyKw(['ORDER', 'CLUSTER', 'DISTRIBUTE', 'SORT', 'LIMIT', 'OFFSET'])) {
    return parseResultClause(p, over([input()], {}), start);
  }
  const joinStart = p.tok.start;
  const joined = parseJoinOnto(p, input(), joinStart);
  if (joined) return over([joined], {});
  throw p.error();
}

function asQuery(body: QueryBody, span: Span): Query {
  return body.kind === 'query' ? body : plainQuery(body, span);
}

function parseWindowClause(p: Parser): NamedWindow[] {
  return p.acceptKw('WINDOW') ? p.commaList(() => parseNamedWindow(p)) : [];
}

/**
 * `|> AGGREGATE aggs [GROUP BY keys]`: the output is the grouping keys followed by the aggregates (Spark's
 * AstBuilder.visitOperatorPipeAggregate). ALL, ROLLUP, CUBE and GROUPING SETS are refused as Spark does.
 */
function parseAggregate(p: Parser, input: Relation, start: number): Select {
  // `GROUP BY` with nothing after it is no aggregation clause: the grammar reads it as the expression `group`
  // aliased `by`.
  const isGroupBy = () => p.isKw('GROUP') && p.isKw('BY', 1) && startsExpressionAt(p, 2);
  const aggregates = isGroupBy() || !startsExpression(p) ? [] : p.commaList(() => parseNamedExpression(p));
  const groupBy = isGroupBy();
  const unsupported = (c: string) =>
    p.errorOver(
      'UNSUPPORTED_FEATURE.PIPE_OPERATOR_AGGREGATE_UNSUPPORTED_CASE',
      { case: c },
      start,
      p.prev.end,
    );
  const refused = refusedAggregateCase(aggregates);
  if (refused) throw unsupported(refused);
  const keys: Expression[] = [];
  if (!groupBy && aggregates.length === 0) {
    throw p.errorOver(
      '_LEGACY_ERROR_TEMP_0035',
      {
        message:
          'The AGGREGATE clause requires a list of aggregate expressions or a list of grouping expressions, or both',
      },
      start,
      p.prev.end,
    );
  }
  if (groupBy) {
    p.advance();
    p.advance();
    if (p.isKw('ALL')) throw unsupported('GROUP BY ALL');
    // Grouping keys may carry aliases here (`GROUP BY a + 1 AS k`), unlike SELECT's GROUP BY.
    keys.push(...p.commaList(() => groupingKey(p, unsupported)));
    if (p.isKw('GROUPING') && p.isKw('SETS', 1)) throw unsupported('GROUPING SETS');
    if (p.isKw('WITH') && p.isAnyKwAt(1, ['ROLLUP', 'CUBE']))
      throw unsupported(p.isKw('ROLLUP', 1) ? 'GROUP BY ROLLUP' : 'GROUP BY CUBE');
  }
  const select = plainSelect([...keys, ...aggregates], [input], p.spanFrom(start));
  const elements = keys.map((k) => ({ kind: 'expression', expr: stripAlias(k) }) as const);
  return {
    ...select,
    groupBy: keys.length > 0 ? { all: false, elements, with: null } : null,
    pipe: { kind: 'aggregate', groupingCount: keys.length },
  };
}

function groupingKey(p: Parser, unsupported: (c: string) => Error): Expression {
  if (p.isKw('ROLLUP') && p.isOp('(', 1)) throw unsupported('GROUP BY ROLLUP');
  if (p.isKw('CUBE') && p.isOp('(', 1)) throw unsupported('GROUP BY CUBE');
  if (p.isKw('GROUPING') && p.isKw('SETS', 1)) throw unsupported('GROUPING SETS');
  const key = parseNamedExpression(p);
  // `GROUP BY a, b GROUPING SETS (…)`: the last key read GROUPING as its alias.
  if (key.kind === 'alias' && key.name.toUpperCase() === 'GROUPING' && p.isKw('SETS')) {
    throw unsupported('GROUPING SETS');
  }
  return key;
}

/**
 * What Spark's visitOperatorPipeAggregate refuses among the aggregate expressions: grouping(), grouping_id()
 * and window functions (those belong in a later |> SELECT).
 */
function refusedAggregateCase(aggregates: readonly Expression[]): string | undefined {
  let found: string | undefined;
  const visit = (node: unknown): void => {
    if (found || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const n of node) visit(n);
      return;
    }
    const e = node as Expression;
    if (e.kind === 'function') {
      const name = e.name.join('.').toLowerCase();
      if (name === 'grouping') found = 'GROUPING';
      else if (name === 'grouping_id') found = 'GROUPING_ID';
      else if (e.over)
        found =
          'window functions; please update the query to move the window functions to a subsequent |> SELECT operator instead';
      if (found) return;
    }
    for (const [k, v] of Object.entries(node)) if (k !== 'span' && k !== 'query') visit(v);
  };
  visit(aggregates);
  return found;
}

function stripAlias(e: Expression): Expression {
  return e.kind === 'alias' ? e.expr : e;
}

function startsExpression(p: Parser): boolean {
  return startsExpressionAt(p, 0);
}

function startsExpressionAt(p: Parser, k: number): boolean {
  const t = k === 0 ? p.tok : p.peek(k);
  return t.type !== 'eof' && !(t.type === 'op' && (t.value === ')' || t.value === ';' || t.value === '|>'));
}

/** One result clause (ORDER BY, LIMIT, OFFSET, …) per operator; two are MULTIPLE_QUERY_RESULT_CLAUSES_…. */
function parseResultClause(p: Parser, body: Select, start: number): Query {
  let orderBy: SortItem[] = [];
  let clusterBy: Expression[] = [];
  let distributeBy: Expression[] = [];
  let sortBy: SortItem[] = [];
  let limit: Expression | null = null;
  let offset: Expression | null = null;
  // Spark's queryOrganization order, each clause at most once; OFFSET may follow LIMIT.
  const seen: string[] = [];
  const clausesStart = p.tok.start;
  if (p.acceptKw('ORDER', 'BY')) {
    orderBy = p.commaList(() => parseSortItem(p));
    seen.push('ORDER BY');
  }
  if (p.acceptKw('CLUSTER', 'BY')) {
    clusterBy = p.commaList(() => parseExpression(p));
    seen.push('CLUSTER BY');
  }
  if (p.acceptKw('DISTRIBUTE', 'BY')) {
    distributeBy = p.commaList(() => parseExpression(p));
    seen.push('DISTRIBUTE BY');
  }
  if (p.acceptKw('SORT', 'BY')) {
    sortBy = p.commaList(() => parseSortItem(p));
    seen.push('SORT BY');
  }
  if (p.acceptKw('LIMIT')) {
    if (!p.acceptKw('ALL')) limit = parseExpression(p);
    seen.push('LIMIT');
  }
  if (p.acceptKw('OFFSET')) {
    offset = parseExpression(p);
    if (!seen.includes('LIMIT')) seen.push('OFFSET');
  }
  // Spark's withQueryResultClauses: of ORDER BY, CLUSTER BY, DISTRIBUTE BY and SORT BY only SORT BY with
  // DISTRIBUTE BY may be combined (and then count as one clause).
  const sorting = seen.filter((c) => c !== 'LIMIT' && c !== 'OFFSET');
  if (sorting.length > 1 && !(sorting.length === 2 && distributeBy.length > 0 && sortBy.length > 0)) {
    throw p.errorOver('UNSUPPORTED_FEATURE.COMBINATION_QUERY_RESULT_CLAUSES', {}, clausesStart, p.prev.end);
  }
  if (sorting.length === 2) seen.splice(0, 2, 'SORT BY ... DISTRIBUTE BY ...');
  if (seen.length > 1) {
    throw p.errorOver(
      'MULTIPLE_QUERY_RESULT_CLAUSES_WITH_PIPE_OPERATORS',
      { clause1: seen[0]!, clause2: seen[1]! },
      start,
      p.prev.end,
    );
  }
  return {
    kind: 'query',
    with: null,
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
