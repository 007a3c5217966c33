/**
 * Boolean and value expressions with Spark's precedence (SqlBaseParser.g4 `booleanExpression`,
 * `predicate`, `valueExpression`), tightest last:
 *   OR < AND < NOT < predicate (BETWEEN, IN, LIKE, IS …) < comparison < | < ^ < & < shifts
 *   < + - || < * / % DIV < unary - + ~ < primary with postfix ([i], .f, ::type).
 * Binary operators are parsed by precedence climbing over that table.
 */
import type { BinaryOperator, Expression } from '../ast/expressions.js';
import type { SortItem } from '../ast/query.js';
import { numberLiteral } from './literals.js';
import type { Parser } from './parser-core.js';
import { parsePostfix, parsePrimary } from './primary.js';
import { isQueryStart, parseQuery } from './query.js';

const BINARY: Readonly<Record<string, readonly [BinaryOperator, number]>> = {
  '=': ['=', 1],
  '==': ['=', 1],
  '<=>': ['<=>', 1],
  '<>': ['<>', 1],
  '!=': ['<>', 1],
  '<': ['<', 1],
  '<=': ['<=', 1],
  '>': ['>', 1],
  '>=': ['>=', 1],
  '|': ['|', 2],
  '^': ['^', 3],
  '&': ['&', 4],
  '<<': ['<<', 5],
  '>>': ['>>', 5],
  '>>>': ['>>>', 5],
  '+': ['+', 6],
  '-': ['-', 6],
  '||': ['||', 6],
  '*': ['*', 7],
  '/': ['/', 7],
  '%': ['%', 7],
};

/** Spark's `expression`: a full boolean expression. */
export function parseExpression(p: Parser): Expression {
  return p.nested(() => parseOr(p));
}

function parseOr(p: Parser): Expression {
  let left = parseAnd(p);
  while (p.isKw('OR')) {
    p.advance();
    const right = parseAnd(p);
    left = { kind: 'binary', op: 'OR', left, right, span: { start: left.span.start, end: right.span.end } };
  }
  return left;
}

function parseAnd(p: Parser): Expression {
  let left = parseNot(p);
  while (p.isKw('AND')) {
    p.advance();
    const right = parseNot(p);
    left = { kind: 'binary', op: 'AND', left, right, span: { start: left.span.start, end: right.span.end } };
  }
  return left;
}

function parseNot(p: Parser): Expression {
  if (p.isKw('NOT') || p.isOp('!')) {
    const start = p.advance().start;
    const operand = p.nested(() => parseNot(p));
    return { kind: 'unary', op: 'NOT', operand, span: p.spanFrom(start) };
  }
  return parsePredicate(p);
}

function parsePredicate(p: Parser): Expression {
  const value = parseValueExpression(p);
  const start = value.span.start;
  // Spark 4's `errorCapturingNot` takes `!` wherever a predicate takes NOT (`1 ! IN (2)`, `x IS ! NULL`).
  const negated =
    (p.isKw('NOT') || p.isOp('!')) && p.isAnyKwAt(1, ['BETWEEN', 'IN', 'LIKE', 'ILIKE', 'RLIKE', 'REGEXP']);
  if (negated) p.advance();
  if (p.acceptKw('BETWEEN')) {
    const low = parseValueExpression(p);
    p.expectKw('AND');
    const high = parseValueExpression(p);
    return { kind: 'between', value, low, high, negated, span: p.spanFrom(start) };
  }
  if (p.acceptKw('IN')) {
    p.expectOp('(');
    if (isQueryStart(p)) {
      const query = parseQuery(p);
      p.expectOp(')');
      const values = value.kind === 'row' ? value.values : [value];
      return { kind: 'inSubquery', values, query, negated, span: p.spanFrom(start) };
    }
    const list = p.commaList(() => parseExpression(p));
    p.expectOp(')');
    return { kind: 'inList', value, list, negated, span: p.spanFrom(start) };
  }
  if (p.isKw('RLIKE') || p.isKw('REGEXP')) {
    p.advance();
    const pattern = parseValueExpression(p);
    return { kind: 'rlike', value, pattern, negated, span: p.spanFrom(start) };
  }
  if (p.isKw('LIKE') || p.isKw('ILIKE')) {
    const opTok = p.advance();
    const op = opTok.upper as 'LIKE' | 'ILIKE';
    if (p.isAnyKw(['ANY', 'SOME', 'ALL']) && p.isOp('(', 1)) {
      const quantifier = p.advance().upper === 'ALL' ? 'ALL' : 'ANY';
      p.expectOp('(');
      if (p.isOp(')')) {
        throw p.errorOver(
          '_LEGACY_ERROR_TEMP_0064',
          { msg: "Expected something between '(' and ')'." },
          opTok.start,
          p.tok.end,
        );
      }
      const patterns = p.commaList(() => parseExpression(p));
      p.expectOp(')');
      return { kind: 'likeQuantified', op, quantifier, value, patterns, negated, span: p.spanFrom(start) };
    }
    const pattern = parseValueExpression(p);
    let escapeChar: string | null = null;
    if (p.acceptKw('ESCAPE')) {
      if (p.tok.type !== 'string') throw p.error();
      escapeChar = p.advance().value;
    }
    return { kind: 'like', op, value, pattern, escape: escapeChar, negated, span: p.spanFrom(start) };
  }
  if (p.isKw('IS')) {
    p.advance();
    const not = p.acceptKw('NOT') || p.acceptOp('!');
    if (p.acceptKw('NULL')) return { kind: 'isNull', value, negated: not, span: p.spanFrom(start) };
    if (p.isAnyKw(['TRUE', 'FALSE', 'UNKNOWN'])) {
      const w = p.advance().upper;
      const truth = w === 'TRUE' ? true : w === 'FALSE' ? false : null;
      return { kind: 'isBoolean', value, truth, negated: not, span: p.spanFrom(start) };
    }
    p.expectKw('DISTINCT');
    p.expectKw('FROM');
    const right = parseValueExpression(p);
    return { kind: 'isDistinctFrom', left: value, right, negated: not, span: p.spanFrom(start) };
  }
  return value;
}

function binaryOperator(p: Parser): readonly [BinaryOperator, number] | undefined {
  const t = p.tok;
  if (t.type === 'op') return BINARY[t.value];
  if (t.type === 'word' && t.upper === 'DIV') return ['DIV', 7];
  return undefined;
}

/** Spark's `valueExpression`: arithmetic, bitwise, concatenation and comparison. */
export function parseValueExpression(p: Parser, minPrecedence = 1): Expression {
  return p.nested(() => {
    let left = parseUnary(p);
    for (;;) {
      const op = binaryOperator(p);
      if (!op || op[1] < minPrecedence) return left;
      p.advance();
      const right = parseValueExpression(p, op[1] + 1);
      left = {
        kind: 'binary',
        op: op[0],
        left,
        right,
        span: { start: left.span.start, end: right.span.end },
      };
    }
  });
}

function parseUnary(p: Parser): Expression {
  const t = p.tok;
  if (t.type === 'op' && (t.value === '-' || t.value === '+' || t.value === '~')) {
    p.advance();
    // Spark's `number` rule takes the minus as part of the literal, so `-128Y` is in range.
    if (t.value === '-' && p.tok.type === 'number') {
      const num = p.advance();
      const value = numberLiteral(p, num, true, t.start);
      return parsePostfix(p, { kind: 'literal', value, span: p.spanFrom(t.start) });
    }
    const operand = p.nested(() => parseUnary(p));
    return { kind: 'unary', op: t.value as '-' | '+' | '~', operand, span: p.spanFrom(t.start) };
  }
  return parsePrimary(p);
}

/** `expr [ASC|DESC] [NULLS FIRST|LAST]` */
export function parseSortItem(p: Parser): SortItem {
  const expr = parseExpression(p);
  let direction: SortItem['direction'] = null;
  if (p.isKw('ASC') || p.isKw('DESC')) direction = p.advance().upper as 'ASC' | 'DESC';
  let nulls: SortItem['nulls'] = null;
  if (p.acceptKw('NULLS')) {
    if (!p.isKw('FIRST') && !p.isKw('LAST')) throw p.error();
    nulls = p.advance().upper as 'FIRST' | 'LAST';
  }
  return { expr, direction, nulls };
}
