/**
 * Whether a DML condition can never raise an error at run time, whatever row it sees. Delta evaluates a
 * condition only on live rows (a scan with the files' deletion vectors applied), so a row an earlier DELETE
 * marked must not make a later statement fail (ANSI `10 / (id - 5)` on a deleted id 5). A condition that
 * cannot fail may instead be evaluated on every physical row, with the deleted ones dropped afterwards:
 * the reader then filters without joining each file's deleted rows.
 *
 * Deliberately narrow: columns, literals, comparisons, AND/OR/NOT, IS [NOT] NULL, IN lists, integral
 * widening casts and `%` by a literal divisor other than 0 and -1 (FINDINGS: `MIN_VALUE % -1` raises in
 * DuckDB). Anything else counts as able to fail.
 */
import type { BinaryOperator, BoundExpr } from '../../plan/logical/bound-expression.js';
import type { DataType } from '../../types/data-types.js';

const COMPARISONS: ReadonlySet<BinaryOperator> = new Set<BinaryOperator>([
  '=',
  '==',
  '<=>',
  '<>',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'and',
  'or',
]);
/** Integral types by width: a cast to the same or a wider one cannot overflow. */
const INTEGRAL_WIDTH: Readonly<Record<string, number>> = { byte: 1, short: 2, integer: 4, long: 8 };

export function conditionCannotFail(e: BoundExpr): boolean {
  switch (e.kind) {
    case 'attributeRef':
    case 'literal':
      return true;
    case 'isNull':
      return conditionCannotFail(e.child);
    case 'unary':
      return e.op === 'not' && conditionCannotFail(e.child);
    case 'inList':
      return conditionCannotFail(e.value) && e.list.every(conditionCannotFail);
    case 'cast':
      return widensIntegral(typeOf(e.child), e.type) && conditionCannotFail(e.child);
    case 'binary':
      if (COMPARISONS.has(e.op)) return conditionCannotFail(e.left) && conditionCannotFail(e.right);
      return (
        e.op === '%' &&
        integralWidth(e.type) !== undefined &&
        conditionCannotFail(e.left) &&
        safeDivisor(e.right)
      );
    default:
      return false;
  }
}

/** A literal (possibly widened by casts) integral divisor other than 0 and -1. */
function safeDivisor(e: BoundExpr): boolean {
  if (e.kind === 'cast') return widensIntegral(typeOf(e.child), e.type) && safeDivisor(e.child);
  if (e.kind !== 'literal' || integralWidth(e.type) === undefined) return false;
  const v = e.value;
  return (typeof v === 'number' || typeof v === 'bigint') && Number(v) !== 0 && Number(v) !== -1;
}

function widensIntegral(from: DataType | undefined, to: DataType): boolean {
  const a = from && integralWidth(from);
  const b = integralWidth(to);
  return a !== undefined && b !== undefined && a <= b;
}

function integralWidth(t: DataType): number | undefined {
  return t.kind === 'primitive' ? INTEGRAL_WIDTH[t.name] : undefined;
}

/** The type of the expressions a cast's child can be here (others are not needed: they fail the check). */
function typeOf(e: BoundExpr): DataType | undefined {
  switch (e.kind) {
    case 'attributeRef':
      return e.attr.type;
    case 'literal':
    case 'cast':
    case 'binary':
      return e.type;
    default:
      return undefined;
  }
}
