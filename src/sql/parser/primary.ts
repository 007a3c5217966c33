/**
 * Spark's `primaryExpression`: literals, column references, function calls and the special forms
 * (CASE, CAST, EXTRACT, POSITION, SUBSTRING, TRIM, OVERLAY, EXISTS, STRUCT), subqueries, lambdas,
 * parameters, then the postfix operators `[i]`, `.field` and `::type`.
 */

import type { Expression, JsonPathStep, Literal } from '../ast/expressions.js';
import { parseCollationName, parseDataType } from './data-types.js';
import { parseExpression, parseValueExpression } from './expressions.js';
import { parseFunctionCall } from './functions.js';
import { isIdentifierClause, parseIdentifierClause } from './identifier-clause.js';
import { parseInterval } from './interval.js';
import { numberLiteral, typedLiteral } from './literals.js';
import type { Parser } from './parser-core.js';
import { isQueryStart, parseQuery } from './query.js';

/** Words that cannot be a bare column reference: they continue the enclosing clause. */
const NOT_A_COLUMN: ReadonlySet<string> = new Set([
  'SELECT',
  'FROM',
  'WHERE',
  'GROUP',
  'HAVING',
  'QUALIFY',
  'ORDER',
  'LIMIT',
  'OFFSET',
  'UNION',
  'EXCEPT',
  'INTERSECT',
  'MINUS',
  'AND',
  'OR',
  'IS',
  'IN',
  'BETWEEN',
  'LIKE',
  'ILIKE',
  'RLIKE',
  'REGEXP',
  'WHEN',
  'THEN',
  'ELSE',
  'END',
  'AS',
  'ON',
  'JOIN',
  'INNER',
  'CROSS',
  'NATURAL',
  'USING',
  'WINDOW',
  'SORT',
  'CLUSTER',
  'DISTRIBUTE',
  'BY',
  'ESCAPE',
  'OVER',
  'CASE',
  'DISTINCT',
  'WITH',
  'VALUES',
]);

/** String literal tokens in a row are one literal ('a' 'b' is 'ab'), as Spark's `stringLit+`. */
export function stringValue(p: Parser): string {
  let value = p.advance().value;
  while (p.tok.type === 'string') value += p.advance().value;
  return value;
}

export function parsePrimary(p: Parser): Expression {
  return parsePostfix(p, parseAtom(p));
}

export function parsePostfix(p: Parser, base: Expression): Expression {
  let e = base;
  for (;;) {
    const start = e.span.start;
    if (p.isOp('[')) {
      p.advance();
      const index = parseExpression(p);
      p.expectOp(']');
      e = { kind: 'subscript', base: e, index, span: p.spanFrom(start) };
    } else if (p.isOp('.') && p.isIdentifier(1)) {
      p.advance();
      const field = p.identifier();
      e = { kind: 'fieldAccess', base: e, field, span: p.spanFrom(start) };
    } else if (p.isOp(':') && (p.isIdentifier(1) || p.isOp('[', 1))) {
      p.advance();
      e = { kind: 'jsonPath', base: e, steps: parseJsonPathSteps(p), span: p.spanFrom(start) };
    } else if (p.isOp('::')) {
      p.advance();
      const dataType = parseDataType(p);
      e = { kind: 'cast', value: e, dataType, try: false, span: p.spanFrom(start) };
    } else if (p.isKw('COLLATE') && p.isIdentifier(1)) {
      p.advance();
      const nameStart = p.tok.start;
      const collation = parseCollationName(p);
      const written = p.text.slice(nameStart, p.prev.end);
      e = { kind: 'collate', value: e, collation, written, span: p.spanFrom(start) };
    } else {
      return e;
    }
  }
}

/**
 * Databricks' JSON path after `:`: a first field (bare or backquoted) or bracket, then any of `.field`,
 * `['field']`, `[n]` and `[*]`. It takes every `.` and `[` that follows, so `raw:a.b[0]` is one path.
 */
function parseJsonPathSteps(p: Parser): JsonPathStep[] {
  const steps: JsonPathStep[] = [];
  const field = (): JsonPathStep => {
    const quoted = p.tok.type === 'quoted';
    return { kind: 'field', name: p.identifier(), form: quoted ? 'quoted' : 'bare' };
  };
  const bracket = (): JsonPathStep => {
    p.expectOp('[');
    const t = p.tok;
    let step: JsonPathStep;
    if (t.type === 'string') step = { kind: 'field', name: stringValue(p), form: 'bracket' };
    else if (t.type === 'number' && /^\d+$/.test(t.value)) {
      p.advance();
      step = { kind: 'index', index: Number(t.value) };
    } else if (p.isOp('*')) {
      p.advance();
      step = { kind: 'wildcard' };
    } else throw p.error();
    p.expectOp(']');
    return step;
  };
  steps.push(p.isOp('[') ? bracket() : field());
  for (;;) {
    if (p.isOp('[')) steps.push(bracket());
    else if (p.isOp('.') && p.isIdentifier(1)) {
      p.advance();
      steps.push(field());
    } else return steps;
  }
}

function literal(p: Parser, value: Literal, start: number): Expression {
  return { kind: 'literal', value, span: p.spanFrom(start) };
}

function parseAtom(p: Parser): Expression {
  const t = p.tok;
  const start = t.start;
  switch (t.type) {
    case 'number':
      p.advance();
      return literal(p, numberLiteral(p, t, false, start), start);
    case 'string':
      return literal(p, { type: 'string', value: stringValue(p) }, start);
    case 'param': {
      p.advance();
      // A bound marker is its argument from here on, so that IDENTIFIER(:name) sees a constant string.
      const args = p.parameters;
      if (t.value === '') {
        const index = p.positionalCount++;
        const arg = Array.isArray(args) ? (args as readonly Expression[])[index] : undefined;
        return arg ?? { kind: 'positionalParameter', index, span: p.spanFrom(start) };
      }
      const arg =
        args && !Array.isArray(args) ? (args as ReadonlyMap<string, Expression>).get(t.value) : undefined;
      return arg ?? { kind: 'namedParameter', name: t.value, span: p.spanFrom(start) };
    }
    case 'op':
      if (t.value === '(') return parseParenthesized(p);
      if (t.value === '*') {
        p.advance();
        return parseStarExcept(p, null, start);
      }
      throw p.error();
    case 'quoted':
    case 'word':
      return parseWordAtom(p);
    default:
      throw p.error();
  }
}

function parseParenthesized(p: Parser): Expression {
  const start = p.tok.start;
  if (p.isIdentifier(1) && (p.isOp(',', 2) || p.isOp(')', 2))) {
    const lambda = p.attempt(() => parseLambda(p));
    if (lambda) return lambda;
  }
  if (isQueryStart(p, 1)) {
    const sub = p.attempt(() => {
      p.expectOp('(');
      const query = parseQuery(p);
      p.expectOp(')');
      return query;
    });
    if (sub) return { kind: 'scalarSubquery', query: sub, span: p.spanFrom(start) };
  }
  p.expectOp('(');
  const values = p.commaList(() => parseAliasable(p));
  p.expectOp(')');
  if (values.length === 1 && values[0]!.kind !== 'alias') {
    const only = values[0]!;
    // Keep the parentheses in the span so fragments cover what was written.
    return { ...only, span: p.spanFrom(start) };
  }
  return { kind: 'row', values, span: p.spanFrom(start) };
}

/** A row-constructor field: Spark accepts `(a AS x, b AS y)` as a struct with named fields. */
function parseAliasable(p: Parser): Expression {
  const expr = parseExpression(p);
  if (!p.acceptKw('AS')) return expr;
  const name = p.identifier();
  return { kind: 'alias', expr, name, span: p.spanFrom(expr.span.start) };
}

/** `x -> body` or `(x, y) -> body` (Spark's `#lambda`). */
function parseLambda(p: Parser): Expression {
  const start = p.tok.start;
  let params: string[];
  if (p.isOp('(')) {
    params = p.identifierList();
  } else {
    params = [p.identifier()];
  }
  p.expectOp('->');
  const body = parseExpression(p);
  return { kind: 'lambda', params, body, span: p.spanFrom(start) };
}

function parseStarExcept(p: Parser, qualifier: string[] | null, start: number): Expression {
  let except: string[][] | null = null;
  if (p.isKw('EXCEPT') && p.isOp('(', 1) && !isQueryStart(p, 2)) {
    p.advance();
    p.expectOp('(');
    except = p.commaList(() => p.multipartIdentifier());
    p.expectOp(')');
  }
  return { kind: 'star', qualifier, except, span: p.spanFrom(start) };
}

function parseWordAtom(p: Parser): Expression {
  const t = p.tok;
  const start = t.start;
  const next = p.peek();
  if (next.type === 'op' && next.value === '->') return parseLambda(p);
  if (t.type === 'word') {
    switch (t.upper) {
      case 'NULL':
        p.advance();
        return literal(p, { type: 'null' }, start);
      case 'TRUE':
      case 'FALSE':
        p.advance();
        return literal(p, { type: 'boolean', value: t.upper === 'TRUE' }, start);
      case 'CASE':
        return parseCase(p);
      case 'INTERVAL':
        if (
          next.type === 'string' ||
          next.type === 'number' ||
          (next.type === 'op' && /^[-+]$/.test(next.value))
        ) {
          return parseInterval(p);
        }
        break;
      case 'DEFAULT':
        if (!(next.type === 'op' && (next.value === '(' || next.value === '.'))) {
          p.advance();
          return { kind: 'default', span: p.spanFrom(start) };
        }
        break;
    }
    if (next.type === 'string') {
      p.advance();
      const value = stringValue(p);
      return literal(p, typedLiteral(p, t, value, start), start);
    }
    if (next.type === 'op' && next.value === '(') {
      const special = parseSpecialForm(p);
      if (special) return special;
    }
  }
  // A (qualified) name: a function call if '(' follows, else a column reference or `t.*`.
  const parts = isIdentifierClause(p) ? parseIdentifierClause(p) : [p.identifier()];
  for (;;) {
    if (p.isOp('.') && p.isIdentifier(1)) {
      p.advance();
      parts.push(p.identifier());
    } else if (p.isOp('.') && p.isOp('*', 1)) {
      p.advance();
      p.advance();
      return parseStarExcept(p, parts, start);
    } else {
      break;
    }
  }
  if (p.isOp('(')) return parseFunctionCall(p, parts, start);
  if (t.type === 'word' && parts.length === 1 && NOT_A_COLUMN.has(t.upper)) throw p.error(t);
  const regex = quotedRegex(p);
  if (regex !== undefined) {
    return { kind: 'star', qualifier: parts.slice(0, -1), except: null, regex, span: p.spanFrom(start) };
  }
  return { kind: 'column', nameParts: parts, span: p.spanFrom(start) };
}

/**
 * The regex a column reference just read stands for, if any: Spark's AstBuilder reads a backquoted last name
 * part as UnresolvedRegex when spark.sql.parser.quotedRegexColumnNames is on, the name holds a character other
 * than a letter, digit or `_`, and a select item (namedExpression) encloses it (`canApplyRegex`).
 */
function quotedRegex(p: Parser): string | undefined {
  const last = p.prev;
  if (!p.quotedRegexColumnNames || p.namedExpressionDepth === 0 || last.type !== 'quoted') return undefined;
  return /^[\p{L}\p{N}_]*$/u.test(last.value) ? undefined : last.value;
}

function parseCase(p: Parser): Expression {
  const start = p.advance().start;
  const operand = p.isKw('WHEN') ? null : parseExpression(p);
  const whens: { condition: Expression; result: Expression }[] = [];
  while (p.acceptKw('WHEN')) {
    const condition = parseExpression(p);
    p.expectKw('THEN');
    const result = parseExpression(p);
    whens.push({ condition, result });
  }
  if (whens.length === 0) throw p.error();
  const elseExpr = p.acceptKw('ELSE') ? parseExpression(p) : null;
  p.expectKw('END');
  return { kind: 'case', operand, whens, else: elseExpr, span: p.spanFrom(start) };
}

/** The keyword-shaped calls of Spark's grammar; undefined when the call is an ordinary one. */
function parseSpecialForm(p: Parser): Expression | undefined {
  const t = p.tok;
  const start = t.start;
  switch (t.upper) {
    case 'CAST':
    case 'TRY_CAST': {
      p.advance();
      p.expectOp('(');
      const value = parseExpression(p);
      p.expectKw('AS');
      const dataType = parseDataType(p);
      p.expectOp(')');
      return { kind: 'cast', value, dataType, try: t.upper === 'TRY_CAST', span: p.spanFrom(start) };
    }
    case 'EXISTS':
      if (!isQueryStart(p, 2)) return undefined;
      return p.attempt(() => {
        p.advance();
        p.expectOp('(');
        const query = parseQuery(p);
        p.expectOp(')');
        return { kind: 'exists', query, span: p.spanFrom(start) } as const;
      });
    case 'EXTRACT':
      return p.attempt(() => {
        p.advance();
        p.expectOp('(');
        const field = p.identifier();
        p.expectKw('FROM');
        const source = parseValueExpression(p);
        p.expectOp(')');
        return { kind: 'extract', field, source, span: p.spanFrom(start) } as const;
      });
    case 'POSITION':
      return p.attempt(() => {
        p.advance();
        p.expectOp('(');
        const substr = parseValueExpression(p);
        p.expectKw('IN');
        const str = parseValueExpression(p);
        p.expectOp(')');
        // The parser builds StringLocate itself, which is named `locate` (only the function call keeps `position`).
        return call(p, 'locate', [substr, str], start);
      });
    case 'SUBSTRING':
    case 'SUBSTR':
      return p.attempt(() => {
        p.advance();
        p.expectOp('(');
        const str = parseValueExpression(p);
        p.expectKw('FROM');
        const pos = parseValueExpression(p);
        const args = [str, pos];
        if (p.acceptKw('FOR')) args.push(parseValueExpression(p));
        p.expectOp(')');
        // SUBSTRING(s FROM p) and SUBSTR(s FROM p) both build Substring, named `substring`.
        return call(p, 'substring', args, start);
      });
    case 'OVERLAY':
      return p.attempt(() => {
        p.advance();
        p.expectOp('(');
        const input = parseValueExpression(p);
        p.expectKw('PLACING');
        const replace = parseValueExpression(p);
        p.expectKw('FROM');
        const pos = parseValueExpression(p);
        const args = [input, replace, pos];
        if (p.acceptKw('FOR')) args.push(parseValueExpression(p));
        p.expectOp(')');
        return call(p, 'overlay', args, start);
      });
    case 'TRIM':
      return p.attempt(() => parseTrim(p));
    default:
      return undefined;
  }
}

function parseTrim(p: Parser): Expression {
  const start = p.advance().start;
  p.expectOp('(');
  let side: 'BOTH' | 'LEADING' | 'TRAILING' | null = null;
  if (p.isAnyKw(['BOTH', 'LEADING', 'TRAILING'])) side = p.advance().upper as 'BOTH';
  let trimChars: Expression | null = null;
  if (!p.isKw('FROM')) trimChars = parseValueExpression(p);
  p.expectKw('FROM');
  const source = parseValueExpression(p);
  p.expectOp(')');
  return { kind: 'trim', side: side ?? 'BOTH', trimChars, source, span: p.spanFrom(start) };
}

function call(p: Parser, name: string, args: Expression[], start: number): Expression {
  return {
    kind: 'function',
    name: [name],
    args,
    distinct: false,
    withinGroup: [],
    filter: null,
    nullTreatment: null,
    over: null,
    span: p.spanFrom(start),
  };
}
