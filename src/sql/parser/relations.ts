/**
 * FROM clauses (Spark's `fromClause`, `relation`, `joinRelation`, `relationPrimary`): comma-separated
 * relations with their joins, LATERAL VIEW, PIVOT / UNPIVOT, tables with time travel (VERSION AS OF,
 * TIMESTAMP AS OF, Databricks' `t@v3` / `t@yyyyMMddHHmmssSSS`), path tables (delta.`/p`), TABLESAMPLE,
 * table-valued functions, inline VALUES tables, subqueries and LATERAL subqueries.
 */

import type { Expression } from '../ast/expressions.js';
import type {
  JoinCriteria,
  JoinType,
  LateralView,
  Pivot,
  Relation,
  SampleMethod,
  TableAlias,
  TableSample,
  TimeTravel,
  Unpivot,
} from '../ast/query.js';
import { parseExpression } from './expressions.js';
import { parseFunctionCall } from './functions.js';
import { isIdentifierClause, parseIdentifierClause } from './identifier-clause.js';
import type { Parser } from './parser-core.js';
import { isQueryStart, parseNamedExpression, parseQuery } from './query.js';

export interface FromClause {
  readonly relations: readonly Relation[];
  readonly lateralViews: readonly LateralView[];
  readonly pivot: Pivot | null;
  readonly unpivot: Unpivot | null;
}

export function parseFromClause(p: Parser): FromClause {
  p.expectKw('FROM');
  const relations = p.commaList(() => parseRelation(p));
  const lateralViews: LateralView[] = [];
  while (p.isKw('LATERAL') && p.isKw('VIEW', 1)) lateralViews.push(parseLateralView(p));
  const pivot = p.isKw('PIVOT') ? parsePivot(p) : null;
  const unpivot = p.isKw('UNPIVOT') ? parseUnpivot(p) : null;
  return { relations, lateralViews, pivot, unpivot };
}

/** A relation and the joins that follow it. */
export function parseRelation(p: Parser): Relation {
  return p.nested(() => {
    const start = p.tok.start;
    let left = parseRelationPrimary(p);
    for (;;) {
      const joined = parseJoinOnto(p, left, start);
      if (!joined) return left;
      left = joined;
    }
  });
}

/** One `[type] JOIN right [ON … | USING (…)]` onto `left`, or undefined when no join follows. */
export function parseJoinOnto(p: Parser, left: Relation, start: number): Relation | undefined {
  const join = parseJoinType(p);
  if (!join) return undefined;
  const right = parseRelationPrimary(p);
  let criteria: JoinCriteria | null = null;
  if (p.acceptKw('ON')) criteria = { kind: 'on', condition: parseExpression(p) };
  else if (p.isKw('USING') && p.isOp('(', 1)) {
    p.advance();
    criteria = { kind: 'using', columns: p.identifierList() };
  }
  return {
    kind: 'join',
    type: join.type,
    natural: join.natural,
    left,
    right,
    criteria,
    span: p.spanFrom(start),
  };
}

function parseJoinType(p: Parser): { type: JoinType; natural: boolean } | undefined {
  const saved = p.pos;
  const natural = p.acceptKw('NATURAL');
  let type: JoinType | undefined;
  if (p.acceptKw('JOIN')) type = 'INNER';
  else if (p.acceptKw('INNER', 'JOIN')) type = 'INNER';
  else if (p.acceptKw('CROSS', 'JOIN')) type = 'CROSS';
  else if (p.isKw('LEFT') || p.isKw('RIGHT') || p.isKw('FULL')) {
    const side = p.advance().upper as 'LEFT' | 'RIGHT' | 'FULL';
    if (side === 'LEFT' && p.acceptKw('SEMI')) type = 'SEMI';
    else if (side === 'LEFT' && p.acceptKw('ANTI')) type = 'ANTI';
    else {
      p.acceptKw('OUTER');
      type = side;
    }
    p.expectKw('JOIN');
  } else if (p.acceptKw('SEMI', 'JOIN')) type = 'SEMI';
  else if (p.acceptKw('ANTI', 'JOIN')) type = 'ANTI';
  if (!type) {
    p.pos = saved;
    return undefined;
  }
  return { type, natural };
}

function parseRelationPrimary(p: Parser): Relation {
  const start = p.tok.start;
  if (p.isKw('LATERAL') && !p.isKw('VIEW', 1)) {
    p.advance();
    if (p.isOp('(')) {
      p.advance();
      const query = parseQuery(p);
      p.expectOp(')');
      const alias = parseTableAlias(p);
      return { kind: 'subquery', query, lateral: true, sample: null, alias, span: p.spanFrom(start) };
    }
    const nameStart = p.tok.start;
    const parts = p.multipartIdentifier();
    const nameSpan = p.spanFrom(nameStart);
    const call = parseFunctionCall(p, parts, nameStart);
    const alias = parseTableAlias(p);
    return {
      kind: 'tableFunction',
      name: { kind: 'objectName', parts, span: nameSpan },
      args: call.args,
      lateral: true,
      alias,
      span: p.spanFrom(start),
    };
  }
  if (p.isOp('(')) {
    if (isQueryStart(p, 1)) {
      const sub = p.attempt(() => {
        p.advance();
        const query = parseQuery(p);
        p.expectOp(')');
        return query;
      });
      if (sub) {
        const sample = parseSample(p);
        const alias = parseTableAlias(p);
        return { kind: 'subquery', query: sub, lateral: false, sample, alias, span: p.spanFrom(start) };
      }
    }
    p.advance();
    const relation = parseRelation(p);
    p.expectOp(')');
    const alias = parseTableAlias(p);
    return { kind: 'parenthesized', relation, alias, span: p.spanFrom(start) };
  }
  if (p.acceptKw('VALUES')) {
    const rows = parseInlineRows(p);
    const alias = parseTableAlias(p);
    checkInlineTable(p, rows, alias, start);
    return { kind: 'inlineTable', rows, alias, span: p.spanFrom(start) };
  }
  const nameStart = p.tok.start;
  const parts = isIdentifierClause(p) ? parseIdentifierClause(p) : p.multipartIdentifier();
  const name = { kind: 'objectName', parts, span: p.spanFrom(nameStart) } as const;
  if (p.isOp('(')) {
    const call = parseFunctionCall(p, parts, nameStart);
    // A table-valued function takes no window, filter or WITHIN GROUP.
    if (call.over || call.filter || call.withinGroup.length) throw p.error(p.prev);
    const alias = parseTableAlias(p);
    return { kind: 'tableFunction', name, args: call.args, lateral: false, alias, span: p.spanFrom(start) };
  }
  const timeTravel = parseTimeTravel(p);
  const sample = parseSample(p);
  const alias = parseTableAlias(p);
  return { kind: 'table', name, timeTravel, options: [], sample, alias, span: p.spanFrom(start) };
}

function parseTimeTravel(p: Parser): TimeTravel | null {
  if (p.isOp('@')) {
    p.advance();
    const t = p.advance();
    const start = t.start;
    const text = t.value;
    if (/^[vV]\d+$/.test(text)) {
      return {
        kind: 'version',
        version: {
          kind: 'literal',
          value: { type: 'bigint', value: BigInt(text.slice(1)) },
          span: p.spanFrom(start),
        },
      };
    }
    if (/^\d{17}$/.test(text)) {
      const ts = `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)} ${text.slice(8, 10)}:${text.slice(10, 12)}:${text.slice(12, 14)}.${text.slice(14)}`;
      return {
        kind: 'timestamp',
        timestamp: { kind: 'literal', value: { type: 'string', value: ts }, span: p.spanFrom(start) },
      };
    }
    throw p.error(t);
  }
  if (p.isKw('FOR') && p.isAnyKwAt(1, ['VERSION', 'SYSTEM_VERSION', 'TIMESTAMP', 'SYSTEM_TIME'])) p.advance();
  if (p.isAnyKw(['VERSION', 'SYSTEM_VERSION']) && p.isKw('AS', 1) && p.isKw('OF', 2)) {
    p.pos += 3;
    return { kind: 'version', version: parseVersion(p) };
  }
  if (p.isAnyKw(['TIMESTAMP', 'SYSTEM_TIME']) && p.isKw('AS', 1) && p.isKw('OF', 2)) {
    p.pos += 3;
    return { kind: 'timestamp', timestamp: parseExpression(p) };
  }
  return null;
}

function parseVersion(p: Parser): Expression {
  const t = p.tok;
  if (t.type === 'number' || t.type === 'string') {
    return parseExpression(p);
  }
  throw p.error();
}

/**
 * `TABLESAMPLE (x PERCENT | expr ROWS | BUCKET x OUT OF y) [REPEATABLE (seed)]`, with the refusals of
 * Spark's AstBuilder.withSample: empty input, byte lengths, BUCKET … ON, and a fraction outside [0, 1].
 */
export function parseSample(p: Parser): TableSample | null {
  const start = p.tok.start;
  if (!p.acceptKw('TABLESAMPLE')) return null;
  p.expectOp('(');
  if (p.isOp(')')) throw p.errorOver('_LEGACY_ERROR_TEMP_0014', {}, start, p.tok.end);
  const method = parseSampleMethod(p, start);
  p.expectOp(')');
  let seed: bigint | null = null;
  if (p.acceptKw('REPEATABLE')) {
    p.expectOp('(');
    seed = BigInt(unsignedInteger(p));
    p.expectOp(')');
  }
  if (method.kind !== 'rows') {
    const fraction = method.kind === 'percent' ? method.percent / 100 : method.numerator / method.denominator;
    // Sample's fraction must lie in [0, 1], up to RandomSampler.roundingEpsilon.
    if (!(fraction >= -SAMPLE_EPSILON && fraction <= 1 + SAMPLE_EPSILON)) {
      throw p.errorOver(
        '_LEGACY_ERROR_TEMP_0064',
        { msg: `Sampling fraction (${javaDoubleText(fraction)}) must be on interval [0, 1]` },
        start,
        p.prev.end,
      );
    }
  }
  return { ...method, seed };
}

const SAMPLE_EPSILON = 1e-6;

function parseSampleMethod(p: Parser, start: number): SampleMethod {
  if (p.acceptKw('BUCKET')) {
    const numerator = Number(unsignedInteger(p));
    p.expectKw('OUT', 'OF');
    const denominator = Number(unsignedInteger(p));
    if (p.acceptKw('ON')) {
      p.multipartIdentifier();
      const onFunction = p.isOp('(') && p.isOp(')', 1);
      if (onFunction) p.pos += 2;
      const msg = `BUCKET x OUT OF y ON ${onFunction ? 'function' : 'colname'}`;
      throw p.errorOver('_LEGACY_ERROR_TEMP_0015', { msg }, start, p.prev.end);
    }
    return { kind: 'bucket', numerator, denominator };
  }
  // `x PERCENT` takes a number literal (Spark's INTEGER_VALUE | DECIMAL_VALUE), optionally negated.
  const negated = p.isOp('-');
  const number = p.peek(negated ? 1 : 0);
  if (number.type === 'number' && DECIMAL.test(number.value) && p.isKw('PERCENT', negated ? 2 : 1)) {
    p.pos += negated ? 3 : 2;
    return { kind: 'percent', percent: (negated ? -1 : 1) * Number(number.value) };
  }
  const exprStart = p.tok.start;
  const value = parseExpression(p);
  if (p.acceptKw('ROWS')) return { kind: 'rows', rows: value };
  // Anything else is Spark's sampleByBytes, which it refuses.
  const text = p.text.slice(exprStart, p.prev.end);
  if (/^[0-9]+[bBkKmMgG]$/.test(text)) {
    throw p.errorOver('_LEGACY_ERROR_TEMP_0015', { msg: 'byteLengthLiteral' }, start, p.prev.end);
  }
  throw p.errorOver('_LEGACY_ERROR_TEMP_0016', { bytesStr: text }, start, p.prev.end);
}

const DECIMAL = /^(\d+\.?\d*|\.\d+)$/;

function unsignedInteger(p: Parser): string {
  if (p.tok.type !== 'number' || !/^\d+$/.test(p.tok.value)) throw p.error();
  return p.advance().value;
}

/**
 * Java's Double.toString layout, as Spark's message prints the fraction: a plain decimal with at least one
 * fraction digit for 10^-3 <= |d| < 10^7, else `d.dddE<n>` (JavaScript's shortest digits are Java's).
 */
function javaDoubleText(d: number): string {
  if (!Number.isFinite(d)) return Number.isNaN(d) ? 'NaN' : d > 0 ? 'Infinity' : '-Infinity';
  const abs = Math.abs(d);
  if (abs === 0 || (abs >= 1e-3 && abs < 1e7)) {
    const s = String(d);
    return s.includes('.') ? s : `${s}.0`;
  }
  const [mantissa, exponent] = d.toExponential().split('e') as [string, string];
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}

/** `[AS] name [(col, …)]`; a bare name must not be a clause word. */
export function parseTableAlias(p: Parser): TableAlias | null {
  if (p.acceptKw('AS')) {
    const name = p.identifier();
    return { name, columns: p.isOp('(') ? p.identifierList() : [] };
  }
  if (!p.isPlainIdentifier()) return null;
  const name = p.identifier();
  return { name, columns: p.isOp('(') && p.isIdentifier(1) ? p.identifierList() : [] };
}

/** VALUES rows: `(a, b), (c, d)` or bare expressions `1, 2`. */
export function parseInlineRows(p: Parser): Expression[][] {
  const rows: Expression[][] = [];
  do {
    if (p.isOp('(') && !isQueryStart(p, 1)) {
      p.advance();
      const row = [parseRowValue(p)];
      while (p.acceptOp(',')) row.push(parseRowValue(p));
      p.expectOp(')');
      rows.push(row);
    } else {
      rows.push([parseExpression(p)]);
    }
  } while (p.acceptOp(','));
  return rows;
}

/** A VALUES cell; Spark accepts (and ignores for naming) `expr AS name` there. */
function parseRowValue(p: Parser): Expression {
  const expr = parseExpression(p);
  if (!p.acceptKw('AS')) return expr;
  const name = p.identifier();
  return { kind: 'alias', expr, name, span: p.spanFrom(expr.span.start) };
}

/** Spark's parser checks the rows of an inline table have as many values as its aliases (or first row). */
function checkInlineTable(p: Parser, rows: Expression[][], alias: TableAlias | null, start: number): void {
  const expected = alias && alias.columns.length > 0 ? alias.columns.length : rows[0]!.length;
  rows.forEach((row, i) => {
    if (row.length !== expected) {
      throw p.errorOver(
        'INVALID_INLINE_TABLE.NUM_COLUMNS_MISMATCH',
        { actualNumCols: String(row.length), expectedNumCols: String(expected), rowIndex: String(i) },
        start,
        p.prev.end,
      );
    }
  });
}

function parseLateralView(p: Parser): LateralView {
  p.expectKw('LATERAL', 'VIEW');
  const outer = p.acceptKw('OUTER');
  const start = p.tok.start;
  const parts = p.multipartIdentifier();
  const generator = parseFunctionCall(p, parts, start);
  let tableAlias: string | null = null;
  if (!p.isKw('AS') && p.isPlainIdentifier()) tableAlias = p.identifier();
  let columnAliases: string[] = [];
  if (p.acceptKw('AS') || (tableAlias !== null && p.isPlainIdentifier())) {
    columnAliases = p.commaList(() => p.identifier());
  }
  return { outer, generator, tableAlias, columnAliases };
}

export function parsePivot(p: Parser): Pivot {
  p.expectKw('PIVOT');
  p.expectOp('(');
  const aggregates = p.commaList(() => parseNamedExpression(p));
  p.expectKw('FOR');
  let columns: Expression[];
  if (p.isOp('(')) {
    p.advance();
    columns = p.commaList(() => parseExpression(p));
    p.expectOp(')');
  } else {
    const start = p.tok.start;
    columns = [{ kind: 'column', nameParts: p.multipartIdentifier(), span: p.spanFrom(start) }];
  }
  p.expectKw('IN');
  p.expectOp('(');
  const values = p.commaList(() => parseNamedExpression(p));
  p.expectOp(')');
  p.expectOp(')');
  return { aggregates, columns, values, alias: parseTableAlias(p) };
}

export function parseUnpivot(p: Parser): Unpivot {
  p.expectKw('UNPIVOT');
  let includeNulls = false;
  if (p.acceptKw('INCLUDE', 'NULLS')) includeNulls = true;
  else p.acceptKw('EXCLUDE', 'NULLS');
  p.expectOp('(');
  const valueColumns = p.isOp('(') ? p.identifierList() : [p.identifier()];
  p.expectKw('FOR');
  const nameColumn = p.identifier();
  p.expectKw('IN');
  p.expectOp('(');
  const columns = p.commaList(() => {
    let cols: string[][];
    if (p.isOp('(')) {
      p.advance();
      cols = p.commaList(() => p.multipartIdentifier());
      p.expectOp(')');
    } else {
      cols = [p.multipartIdentifier()];
    }
    let alias: string | null = null;
    if (p.acceptKw('AS') || p.isPlainIdentifier()) alias = p.identifier();
    return { columns: cols, alias };
  });
  p.expectOp(')');
  p.expectOp(')');
  return { includeNulls, valueColumns, nameColumn, columns, alias: parseTableAlias(p) };
}
