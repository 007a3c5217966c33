/**
 * Function calls (Spark's `#functionCall`): `name([DISTINCT|ALL] args)` with `count(*)`, named arguments
 * `name => value`, STRUCT's `expr AS name` fields, then WITHIN GROUP, FILTER (WHERE …),
 * IGNORE|RESPECT NULLS and OVER (window spec or window name).
 */
import type {
  Expression,
  FunctionCall,
  WindowFrame,
  WindowFrameBound,
  WindowRef,
  WindowSpec,
} from '../ast/expressions.js';
import type { SortItem } from '../ast/query.js';
import { parseExpression, parseSortItem, parseValueExpression } from './expressions.js';
import type { Parser } from './parser-core.js';

export function parseFunctionCall(p: Parser, name: string[], start: number): FunctionCall {
  p.expectOp('(');
  let distinct = false;
  if (p.isKw('DISTINCT') || (p.isKw('ALL') && !p.isOp(')', 1) && !p.isOp(',', 1))) {
    distinct = p.advance().upper === 'DISTINCT';
  }
  const isStruct = name.length === 1 && name[0]!.toUpperCase() === 'STRUCT';
  const args: Expression[] = [];
  if (!p.isOp(')')) {
    do {
      args.push(parseArgument(p, isStruct));
    } while (p.acceptOp(','));
  }
  p.expectOp(')');
  let withinGroup: SortItem[] = [];
  if (p.isKw('WITHIN') && p.isKw('GROUP', 1)) {
    p.advance();
    p.advance();
    p.expectOp('(');
    p.expectKw('ORDER', 'BY');
    withinGroup = p.commaList(() => parseSortItem(p));
    p.expectOp(')');
  }
  let filter: Expression | null = null;
  if (p.isKw('FILTER') && p.isOp('(', 1) && p.isKw('WHERE', 2)) {
    p.pos += 3;
    filter = parseExpression(p);
    p.expectOp(')');
  }
  let nullTreatment: FunctionCall['nullTreatment'] = null;
  if ((p.isKw('IGNORE') || p.isKw('RESPECT')) && p.isKw('NULLS', 1)) {
    nullTreatment = p.advance().upper as 'IGNORE' | 'RESPECT';
    p.advance();
  }
  let over: WindowSpec | WindowRef | null = null;
  if (p.acceptKw('OVER')) over = parseWindowSpecOrRef(p);
  return {
    kind: 'function',
    name,
    args,
    distinct,
    withinGroup,
    filter,
    nullTreatment,
    over,
    span: p.spanFrom(start),
  };
}

function parseArgument(p: Parser, isStruct: boolean): Expression {
  const start = p.tok.start;
  if (p.isOp('*') && (p.isOp(')', 1) || p.isOp(',', 1))) {
    p.advance();
    return { kind: 'star', qualifier: null, except: null, span: p.spanFrom(start) };
  }
  if (p.isIdentifier() && p.isOp('=>', 1)) {
    const name = p.identifier();
    p.advance();
    const value = parseExpression(p);
    return { kind: 'namedArgument', name, value, span: p.spanFrom(start) };
  }
  const expr = parseExpression(p);
  if (isStruct && p.acceptKw('AS')) {
    const name = p.identifier();
    return { kind: 'alias', expr, name, span: p.spanFrom(start) };
  }
  return expr;
}

function parseWindowSpecOrRef(p: Parser): WindowSpec | WindowRef {
  const start = p.tok.start;
  if (!p.isOp('(')) {
    const name = p.identifier();
    return { kind: 'windowRef', name, span: p.spanFrom(start) };
  }
  return parseWindowSpec(p);
}

const SPEC_WORDS = ['PARTITION', 'DISTRIBUTE', 'ORDER', 'SORT', 'CLUSTER', 'ROWS', 'RANGE'];

/** `( [base] [PARTITION BY …] [ORDER BY …] [frame] )` (Spark's `windowSpec`). */
export function parseWindowSpec(p: Parser): WindowSpec {
  const start = p.expectOp('(').start;
  let baseWindow: string | null = null;
  if (p.isIdentifier()) {
    const isSpecWord = p.isAnyKw(SPEC_WORDS);
    if (
      !isSpecWord ||
      p.isOp(')', 1) ||
      p.isAnyKwAt(1, ['PARTITION', 'DISTRIBUTE', 'ORDER', 'SORT', 'CLUSTER'])
    ) {
      baseWindow = p.identifier();
    }
  }
  let partitionBy: Expression[] = [];
  let orderBy: SortItem[] = [];
  if (p.isKw('CLUSTER') && p.isKw('BY', 1)) {
    p.pos += 2;
    partitionBy = p.commaList(() => parseExpression(p));
  } else {
    if ((p.isKw('PARTITION') || p.isKw('DISTRIBUTE')) && p.isKw('BY', 1)) {
      p.pos += 2;
      partitionBy = p.commaList(() => parseExpression(p));
    }
    if ((p.isKw('ORDER') || p.isKw('SORT')) && p.isKw('BY', 1)) {
      p.pos += 2;
      orderBy = p.commaList(() => parseSortItem(p));
    }
  }
  let frame: WindowFrame | null = null;
  if (p.isKw('ROWS') || p.isKw('RANGE')) {
    const type = p.advance().upper === 'ROWS' ? 'rows' : 'range';
    if (p.acceptKw('BETWEEN')) {
      const from = parseFrameBound(p);
      p.expectKw('AND');
      const to = parseFrameBound(p);
      frame = { type, start: from, end: to };
    } else {
      frame = { type, start: parseFrameBound(p), end: null };
    }
  }
  p.expectOp(')');
  return { kind: 'windowSpec', baseWindow, partitionBy, orderBy, frame, span: p.spanFrom(start) };
}

function parseFrameBound(p: Parser): WindowFrameBound {
  if (p.isKw('UNBOUNDED')) {
    p.advance();
    if (p.acceptKw('PRECEDING')) return { type: 'unboundedPreceding', offset: null };
    p.expectKw('FOLLOWING');
    return { type: 'unboundedFollowing', offset: null };
  }
  if (p.acceptKw('CURRENT', 'ROW')) return { type: 'currentRow', offset: null };
  const offset = parseValueExpression(p);
  if (p.acceptKw('PRECEDING')) return { type: 'preceding', offset };
  p.expectKw('FOLLOWING');
  return { type: 'following', offset };
}
