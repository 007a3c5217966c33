/**
 * `sum` of decimal arithmetic (TPC-H's `sum(l_extendedprice * (1 - l_discount))`, Q1's
 * `sum(l_extendedprice * (1 - l_discount) * (1 + l_tax))`): Spark types the row's value in more than 18
 * digits, so its SQL (decimal-arithmetic.ts) is a 128-bit DuckDB value and the sum adds 128-bit values,
 * although nearly every row fits DuckDB's 64-bit decimal. Summed apart, the rows whose value DuckDB computes
 * in 18 digits go through DuckDB's own decimal sum of BIGINT values (a 128-bit total, exact) and only the
 * other rows, NULL in that narrow form, are computed by the row's full expression, its overflow checks
 * included: the total is the same exact number, and the same error is raised for the same row.
 */
import type { BoundExpr } from '../../plan/logical/bound-expression.js';
import { typeOf } from '../../plan/logical/bound-expression.js';
import { resolveBinaryOperator } from '../../plan/types/binary-operator.js';
import type { DataType, DecimalType } from '../../types/data-types.js';
import { duckType } from '../operators/sql-helpers.js';
import type { CompileContext } from './compile-context.js';

type ExpressionSql = (e: BoundExpr, ctx: CompileContext) => string;

/** Digits of DuckDB's 64-bit decimal. */
const NARROW_DIGITS = 18;

/**
 * The SQL of `sum(arg)` (no DISTINCT, FILTER or OVER) in two parts, or undefined when `arg` has no narrow
 * form. Spark's sum is NULL when no row is non-NULL: so are both parts then, and a total of one NULL part
 * is the other part.
 */
export function splitDecimalSumSql(
  arg: BoundExpr,
  resultType: DataType,
  ctx: CompileContext,
  expressionSql: ExpressionSql,
): string | undefined {
  if (resultType.kind !== 'decimal' || (arg.kind !== 'binary' && arg.kind !== 'case')) return undefined;
  const narrowForm = narrow(arg, ctx, expressionSql);
  if (!narrowForm) return undefined;
  const narrowSum = `sum(${narrowForm.sql})`;
  const rest = `sum(CASE WHEN ${narrowForm.sql} IS NULL THEN ${expressionSql(arg, ctx)} END)`;
  return `CAST(coalesce(${narrowSum} + ${rest}, ${narrowSum}, ${rest}) AS ${duckType(resultType)})`;
}

/** SQL typed DECIMAL(precision, scale), precision at most 18. */
interface Narrow {
  readonly sql: string;
  readonly precision: number;
  readonly scale: number;
}

/**
 * `e` as a DuckDB decimal of at most 18 digits: its exact value, which is Spark's value of `e`, or NULL
 * (for a NULL value, and for a value DuckDB cannot compute in 18 digits). Undefined when Spark's value may
 * differ from the exact one (a rounded scale, a result type narrower than the exact one).
 */
function narrow(e: BoundExpr, ctx: CompileContext, expressionSql: ExpressionSql): Narrow | undefined {
  const type = typeOf(e);
  if (type.kind !== 'decimal') return undefined;
  if (e.kind === 'binary') return narrowArithmetic(e, type, ctx, expressionSql);
  if (e.kind === 'case') return narrowCase(e, type, ctx, expressionSql);
  if (e.kind === 'cast' && e.child.kind === 'literal') {
    const literal = narrowIntegralLiteral(e.child.value, type);
    if (literal) return literal;
  }
  if (type.precision > NARROW_DIGITS) return undefined;
  const sql = expressionSql(e, ctx);
  // try() below refuses a volatile operand (an operand's own error() check).
  if (sql.includes('error(')) return undefined;
  return { sql: `CAST(${sql} AS ${duckType(type)})`, precision: type.precision, scale: type.scale };
}

function narrowArithmetic(
  e: Extract<BoundExpr, { kind: 'binary' }>,
  type: DecimalType,
  ctx: CompileContext,
  expressionSql: ExpressionSql,
): Narrow | undefined {
  const { op } = e;
  if (op !== '+' && op !== '-' && op !== '*') return undefined;
  const leftType = typeOf(e.left);
  const rightType = typeOf(e.right);
  const resolved = resolveBinaryOperator(op, leftType, rightType, ctx.semantics);
  // The analyzer casts the operands already: any other cast here would change the values.
  if (resolved.form !== 'numeric' || !sameDecimal(resolved.leftCast, leftType)) return undefined;
  if (!sameDecimal(resolved.rightCast, rightType)) return undefined;
  const l = narrow(e.left, ctx, expressionSql);
  const r = narrow(e.right, ctx, expressionSql);
  if (!l || !r) return undefined;
  const scale = op === '*' ? l.scale + r.scale : Math.max(l.scale, r.scale);
  const digits =
    op === '*'
      ? l.precision + r.precision
      : Math.max(l.precision - l.scale, r.precision - r.scale) + scale + 1;
  // DuckDB keeps every digit up to 18 and raises past them (try() gives NULL); every such value must be
  // Spark's value unchanged: the same scale, and a precision that holds it.
  const precision = Math.min(digits, NARROW_DIGITS);
  if (scale !== type.scale || scale > NARROW_DIGITS || type.precision < precision) return undefined;
  return { sql: `try(${l.sql} ${op} ${r.sql})`, precision, scale };
}

/** A CASE of narrow branches (TPC-H Q14's `CASE WHEN … THEN price * (1 - discount) ELSE 0 END`). */
function narrowCase(
  e: Extract<BoundExpr, { kind: 'case' }>,
  type: DecimalType,
  ctx: CompileContext,
  expressionSql: ExpressionSql,
): Narrow | undefined {
  const values = [...e.branches.map((b) => b.then), ...(e.otherwise ? [e.otherwise] : [])];
  const narrowed = values.map((v) => narrow(v, ctx, expressionSql));
  if (narrowed.some((n) => !n || n.scale !== type.scale)) return undefined;
  const branches = e.branches.map((b, i) => `WHEN ${expressionSql(b.when, ctx)} THEN ${narrowed[i]!.sql}`);
  const otherwise = e.otherwise ? ` ELSE ${narrowed.at(-1)!.sql}` : '';
  const precision = Math.max(...narrowed.map((n) => n!.precision));
  return { sql: `(CASE ${branches.join(' ')}${otherwise} END)`, precision, scale: type.scale };
}

/** An integer literal cast to a decimal (the `0` of `ELSE 0`), in 18 digits when it fits them. */
function narrowIntegralLiteral(value: unknown, type: DecimalType): Narrow | undefined {
  if (typeof value !== 'bigint' && !(typeof value === 'number' && Number.isSafeInteger(value))) {
    return undefined;
  }
  const unscaled = BigInt(value) * 10n ** BigInt(type.scale);
  const digits = (unscaled < 0n ? -unscaled : unscaled).toString().length;
  if (digits > NARROW_DIGITS || type.scale > NARROW_DIGITS) return undefined;
  const precision = Math.max(digits, type.scale, 1);
  return {
    sql: `CAST(${String(value)} AS DECIMAL(${precision},${type.scale}))`,
    precision,
    scale: type.scale,
  };
}

function sameDecimal(a: DataType, b: DataType): boolean {
  return a.kind === 'decimal' && b.kind === 'decimal' && a.precision === b.precision && a.scale === b.scale;
}
