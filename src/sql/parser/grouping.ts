/**
 * GROUP BY (Spark's `aggregationClause`): GROUP BY ALL, expressions, ROLLUP / CUBE / GROUPING SETS
 * elements, the Hive-style `GROUP BY a, b WITH ROLLUP|CUBE` and `GROUP BY a, b GROUPING SETS (…)`.
 * An empty set `()` inside ROLLUP or CUBE is refused at parse time, as Spark does (_LEGACY_ERROR_TEMP_0051).
 */
import type { Expression } from '../ast/expressions.js';
import type { GroupBy, GroupingElement, GroupingSetItem } from '../ast/query.js';
import { parseExpression } from './expressions.js';
import type { Parser } from './parser-core.js';

export function parseGroupBy(p: Parser): GroupBy {
  const start = p.expectKw('GROUP', 'BY').start;
  if (p.isKw('ALL') && !p.isOp('(', 1) && !p.isOp('.', 1)) {
    p.advance();
    return { all: true, elements: [], with: null };
  }
  const elements: GroupingElement[] = [];
  do {
    if (p.isKw('GROUPING') && p.isKw('SETS', 1)) {
      elements.push({ kind: 'groupingSets', sets: parseGroupingSets(p) });
    } else if ((p.isKw('ROLLUP') || p.isKw('CUBE')) && p.isOp('(', 1)) {
      const kind = p.advance().upper === 'ROLLUP' ? 'rollup' : 'cube';
      elements.push({ kind, sets: parseRollupSets(p, kind, start) });
    } else {
      elements.push({ kind: 'expression', expr: parseExpression(p) });
    }
  } while (p.acceptOp(','));
  if (p.isKw('GROUPING') && p.isKw('SETS', 1)) {
    elements.push({ kind: 'groupingSets', sets: parseGroupingSets(p) });
  }
  let withModifier: GroupBy['with'] = null;
  if (p.isKw('WITH') && (p.isKw('ROLLUP', 1) || p.isKw('CUBE', 1))) {
    p.advance();
    withModifier = p.advance().upper as 'ROLLUP' | 'CUBE';
  }
  return { all: false, elements, with: withModifier };
}

/** A parenthesised expression list or one expression. */
function parseSet(p: Parser): Expression[] {
  if (p.isOp('(')) {
    const saved = p.pos;
    p.advance();
    if (p.acceptOp(')')) return [];
    const exprs = p.attempt(() => {
      const list = p.commaList(() => parseExpression(p));
      p.expectOp(')');
      return list;
    });
    // `((a + b) * 2)`-like: the parenthesis belonged to the expression.
    if (exprs && (p.isOp(',') || p.isOp(')'))) return exprs;
    p.pos = saved;
  }
  return [parseExpression(p)];
}

function parseRollupSets(p: Parser, kind: 'rollup' | 'cube', groupStart: number): Expression[][] {
  p.expectOp('(');
  const sets = p.commaList(() => parseSet(p));
  p.expectOp(')');
  if (sets.some((s) => s.length === 0)) {
    throw p.errorOver('_LEGACY_ERROR_TEMP_0051', { element: kind.toUpperCase() }, groupStart, p.prev.end);
  }
  return sets;
}

function parseGroupingSets(p: Parser): GroupingSetItem[] {
  p.expectKw('GROUPING', 'SETS');
  p.expectOp('(');
  const items = p.commaList((): GroupingSetItem => {
    if ((p.isKw('ROLLUP') || p.isKw('CUBE')) && p.isOp('(', 1)) {
      const kind = p.advance().upper === 'ROLLUP' ? 'rollup' : 'cube';
      return { kind, sets: parseRollupSets(p, kind, p.prev.start) };
    }
    if (p.isKw('GROUPING') && p.isKw('SETS', 1)) return { kind: 'groupingSets', sets: parseGroupingSets(p) };
    return { kind: 'set', exprs: parseSet(p) };
  });
  p.expectOp(')');
  return items;
}
