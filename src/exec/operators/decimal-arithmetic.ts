/**
 * Decimal `+ - * / % pmod div` with Spark's result types (plan/types/decimal-precision.ts): the exact result
 * is rounded HALF_UP to the result scale, and a value that does not fit the result precision raises
 * NUMERIC_VALUE_OUT_OF_RANGE in ANSI mode and is NULL in legacy mode (Decimal.toPrecision / changePrecision).
 * DuckDB divides decimals in DOUBLE, so `/` and `div` run on unscaled HUGEINTs when they fit 38 digits.
 */
import type { DataType, DecimalType } from '../../types/data-types.js';
import { ANSI_CONFIG, bind, castSql, duckType, lit, raiseSql } from './sql-helpers.js';
import { unscaledHugeint, wideProductUnscaled, wideSumUnscaled } from './wide-decimal.js';

export type DecimalArithmeticOperator = '+' | '-' | '*' | '/' | '%' | 'pmod' | 'div';

/**
 * Fits `valueSql` (any exact numeric) into decimal(p,s): round HALF_UP, then range-check. `shownSql` is the
 * value NUMERIC_VALUE_OUT_OF_RANGE names when it is not `valueSql` itself (Spark's exact result).
 */
export function fitDecimal(
  valueSql: string,
  target: DecimalType,
  ansi: boolean,
  shownSql?: string,
  nullInputSql?: string,
): string {
  const fitted = `TRY_CAST(${valueSql} AS ${duckType(target)})`;
  if (!ansi) return fitted;
  // COALESCE evaluates its second argument only for the rows where the first is NULL: the value is
  // evaluated again only on the way to an error (or for a NULL input).
  const overflow = raiseSql('NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION', {
    value: { sql: shownSql ?? `(${valueSql})::VARCHAR` },
    precision: { text: String(target.precision) },
    scale: { text: String(target.scale) },
    config: ANSI_CONFIG,
  });
  // A value that is NULL for an overflow (not only for a NULL input) names its inputs' NULL test.
  const nullInput = nullInputSql ?? `(${valueSql}) IS NULL`;
  return `coalesce(${fitted}, CASE WHEN ${nullInput} THEN NULL ELSE ${overflow} END)`;
}

const pow10 = (n: number) => `${10n ** BigInt(n)}::HUGEINT`;

export function compileDecimalArithmetic(
  op: DecimalArithmeticOperator,
  leftSql: string,
  rightSql: string,
  left: DecimalType,
  right: DecimalType,
  resultType: DataType,
  ansi: boolean,
): string {
  const x = castSql(leftSql, duckType(left));
  const y = castSql(rightSql, duckType(right));
  const zero = ansi ? raiseSql('DIVIDE_BY_ZERO', { config: ANSI_CONFIG }) : 'NULL';
  // Spark's DivModLike: a NULL divisor gives NULL, zero fails (ANSI) or gives NULL, then the dividend counts.
  const guardDivisor = (body: string) => `(CASE WHEN ${y} = 0 THEN ${zero} ELSE ${body} END)`;
  switch (op) {
    case '+':
    case '-':
    case '*': {
      const d = resultType as DecimalType;
      const exact = `(${x} ${op} ${y})`;
      // Spark's result type is the exact one unless capped at 38 digits: every result fits, so no check is
      // written (Spark's DecimalPrecision: p1+p2+1 digits for `*`, one more than the wider side for `+ -`).
      if (d.scale === exactScale(op, left, right) && d.precision >= exactDigits(op, left, right)) {
        const duck = duckExactType(op, left, right);
        if (duck) return d.precision === duck.precision ? exact : `${exact}::${duckType(d)}`;
        // DuckDB computes two operands of up to 18 digits in BIGINT as DECIMAL(18,s), raising past 18 digits:
        // the rare rows that overflow it (NULL through try()) are computed again in 38 digits, which hold
        // them. An operand with its own error() check cannot go through try(): it takes 38 digits directly.
        const wide = `(${x}::DECIMAL(38,${left.scale}) ${op} ${y})::${duckType(d)}`;
        if (x.includes('error(') || y.includes('error(')) return wide;
        return `coalesce(try${exact}::${duckType(d)}, ${wide})`;
      }
      // DuckDB's own result type holds the exact value unless it is capped at 38 digits (or its scale passes
      // 38, which DuckDB refuses to bind); then the exact value is kept in HUGEINT pieces and rounded to
      // Spark's type (wide-decimal.ts), with DuckDB's statement kept for the rows it holds.
      const fitsDuckDB =
        op === '*' ? left.precision + right.precision <= 38 : duckSumDigits(left, right) <= 38;
      const fitted = fitsDuckDB
        ? `TRY_CAST(${exact} AS ${duckType(d)})`
        : wideFitted(op, x, y, left, right, d);
      if (!ansi) return fitted;
      const overflow = raiseSql('NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION', {
        value: { sql: exactResultText(op, x, y) },
        precision: { text: String(d.precision) },
        scale: { text: String(d.scale) },
        config: ANSI_CONFIG,
      });
      return `coalesce(${fitted}, CASE WHEN ${x} IS NULL OR ${y} IS NULL THEN NULL ELSE ${overflow} END)`;
    }
    case '%':
      return guardDivisor(fitDecimal(`(${x} % ${y})`, resultType as DecimalType, ansi));
    case 'pmod': {
      const r = `(${x} % ${y})`;
      return guardDivisor(
        fitDecimal(
          `(CASE WHEN ${r} < 0 THEN (${r} + ${y}) % ${y} ELSE ${r} END)`,
          resultType as DecimalType,
          ansi,
        ),
      );
    }
    case '/':
      return guardDivisor(divide(x, y, left, right, resultType as DecimalType, ansi));
    case 'div':
      return guardDivisor(integralDivide(x, y, left, right, ansi));
  }
}

/** Digits of the exact result of `l op r` before Spark's cap at 38 (DecimalPrecision). */
function exactDigits(op: '+' | '-' | '*', l: DecimalType, r: DecimalType): number {
  return op === '*' ? l.precision + r.precision + 1 : duckSumDigits(l, r);
}

function exactScale(op: '+' | '-' | '*', l: DecimalType, r: DecimalType): number {
  return op === '*' ? l.scale + r.scale : Math.max(l.scale, r.scale);
}

/**
 * DuckDB's own exact result type of `l op r` (`*`: p1+p2, s1+s2), or undefined when DuckDB does not keep
 * every digit: past 38, and past 18 when both operands fit 18 digits (DuckDB then computes in BIGINT as
 * DECIMAL(18,s) and raises on overflow).
 */
function duckExactType(op: '+' | '-' | '*', l: DecimalType, r: DecimalType): DecimalType | undefined {
  const precision = op === '*' ? l.precision + r.precision : duckSumDigits(l, r);
  const scale = exactScale(op, l, r);
  return precision <= 18 || (Math.max(l.precision, r.precision) > 18 && precision <= 38)
    ? { kind: 'decimal', precision, scale }
    : undefined;
}

/** The precision of DuckDB's decimal `+`/`-` result type before its cap at 38 digits. */
function duckSumDigits(l: DecimalType, r: DecimalType): number {
  return Math.max(l.precision - l.scale, r.precision - r.scale) + Math.max(l.scale, r.scale) + 1;
}

/**
 * `x op y` in Spark's capped type `d`, NULL when the rounded value does not fit it: DuckDB's own statement
 * where it binds and holds the value, the exact HUGEINT pieces for the rest.
 */
function wideFitted(
  op: '+' | '-' | '*',
  x: string,
  y: string,
  left: DecimalType,
  right: DecimalType,
  d: DecimalType,
): string {
  // Operands longer than a column reference are named once: the pieces repeat them many times.
  if (x.length > WIDE_OPERAND_LIMIT || y.length > WIDE_OPERAND_LIMIT) {
    return bindOperands(x, y, (bx, by) => wideFitted(op, bx, by, left, right, d));
  }
  const unscaled =
    op === '*' ? wideProductUnscaled(x, y, left, right, d) : wideSumUnscaled(op, x, y, left, right, d);
  const pieces = `${fromUnscaled(unscaled, d.scale)}::${duckType(d)}`;
  const duckScale = op === '*' ? left.scale + right.scale : Math.max(left.scale, right.scale);
  if (duckScale > 38) return pieces;
  // DuckDB's statement holds |x op y| below 10^(38 - its scale): a DOUBLE bound (1% of slack, far above its
  // rounding error) sends each row down one branch, and CASE runs a branch only for its rows. (try() would
  // fall back to row-by-row evaluation for a chunk holding one overflow, and COALESCE computed the pieces.)
  const fast = `TRY_CAST(${x} ${op} ${y} AS ${duckType(d)})`;
  if (op !== '*') {
    // A sum holds when each operand is below half of 10^(38 - scale): compared in each operand's own type
    // (no conversion), and left out for an operand whose type never reaches it.
    const bounded = [
      [x, left],
      [y, right],
    ].flatMap(([v, t]) => {
      const type = t as DecimalType;
      const digits = 38 - duckScale - 1;
      if (type.precision - type.scale <= digits) return [];
      return [`abs(${v}) < CAST('5${'0'.repeat(digits)}' AS ${duckType(type)})`];
    });
    if (bounded.length === 0) return fast;
    return `(CASE WHEN ${bounded.join(' AND ')} THEN ${fast} ELSE ${pieces} END)`;
  }
  return `(CASE WHEN abs(${x}::DOUBLE * ${y}::DOUBLE) < ${0.99 * 10 ** (38 - duckScale)} THEN ${fast} ELSE ${pieces} END)`;
}

const WIDE_OPERAND_LIMIT = 160;

/** Names both operands through a one-element list (sql-helpers' bind): for the rare case try() refuses. */
function bindOperands(x: string, y: string, body: (x: string, y: string) => string): string {
  return bind(x, (bx) => bind(y, (by) => body(bx, by)));
}

/** Spark's exact result of `x op y` as text, for the error message only (engine/udfs/decimal-result-text.ts). */
function exactResultText(op: '+' | '-' | '*' | '/', x: string, y: string): string {
  return `spark_decimal_result_text(${lit(op)}, ${x}::VARCHAR, ${y}::VARCHAR)`;
}

/** Exact quotient rounded HALF_UP at the result scale: round(N * 10^k / D) on unscaled values. */
function divide(
  x: string,
  y: string,
  l: DecimalType,
  r: DecimalType,
  result: DecimalType,
  ansi: boolean,
): string {
  const k = result.scale - l.scale + r.scale;
  // N = A * 10^k and D = B (or A and B * 10^-k) as HUGEINTs: exact while each holds at most 38 digits.
  if (l.precision + Math.max(k, 0) > 38 || r.precision + Math.max(-k, 0) > 38) {
    const quotient = wideQuotient(x, y, l, r, result, k);
    return fitDecimal(quotient, result, ansi, exactResultText('/', x, y), `${x} IS NULL OR ${y} IS NULL`);
  }
  const n = k > 0 ? `(${unscaledHugeint(x, l)} * ${pow10(k)})` : unscaledHugeint(x, l);
  const d = k < 0 ? `(${unscaledHugeint(y, r)} * ${pow10(-k)})` : unscaledHugeint(y, r);
  // HALF_UP: one more unit when the remainder is at least half the divisor (compared without doubling it,
  // which could pass the HUGEINT range).
  const q = `(${n} // ${d} + CASE WHEN abs(${n} % ${d}) >= abs(${d}) - abs(${n} % ${d}) THEN sign(${n}) * sign(${d}) ELSE 0 END)`;
  return fitDecimal(fromUnscaled(q, result.scale), result, ansi, exactResultText('/', x, y));
}

/**
 * `x / y` at the result scale when A * 10^k may pass 38 digits (decimal(38,18) / decimal(38,18) is k = 6):
 * A = qa * B + ra gives A * 10^k / B = qa * 10^k + ra * 10^k / B, exact in HUGEINT while qa and ra stay
 * under 10^(38-k), as they do whenever the divisor has fewer than 38 - k digits. The rows past that (a
 * divisor of 32+ digits) take Spark's exact quotient from BigInts (engine/udfs/decimal-result-text.ts: 39
 * places, then HALF_UP to the scale as Spark's changePrecision does); a quotient past 10^(38-k) units
 * overflows every result type and is NULL here (fitDecimal raises it).
 */
function wideQuotient(
  x: string,
  y: string,
  l: DecimalType,
  r: DecimalType,
  result: DecimalType,
  k: number,
): string {
  const exact = `TRY_CAST(${exactResultText('/', x, y)} AS DECIMAL(38,${result.scale}))`;
  if (k < 0 || k > 37) return exact;
  const a = unscaledHugeint(x, l);
  const b = unscaledHugeint(y, r);
  const bound = pow10(38 - k);
  const qa = `(${a} // ${b})`;
  const ra = `(${a} % ${b})`;
  const t = `(${ra} * ${pow10(k)})`;
  const q = `(${qa} * ${pow10(k)} + ${t} // ${b})`;
  const rest = `(${t} % ${b})`;
  const rounded = `(${q} + CASE WHEN abs(${rest}) >= abs(${b}) - abs(${rest}) THEN sign(${a}) * sign(${b}) ELSE 0 END)`;
  return `(CASE WHEN abs(${qa}) >= ${bound} THEN NULL WHEN abs(${ra}) < ${bound} THEN ${fromUnscaled(rounded, result.scale)} ELSE ${exact} END)`;
}

/**
 * DECIMAL(38,s) from an unscaled HUGEINT: times 10^-s as DECIMAL(s,s), whose unscaled value is 1, so DuckDB's
 * decimal product keeps the digits exactly (its decimal division would go through DOUBLE).
 */
export function fromUnscaled(hugeSql: string, scale: number): string {
  if (scale === 0) return `(${hugeSql})::DECIMAL(38,0)`;
  return `((${hugeSql})::DECIMAL(38,0) * CAST('0.${'0'.repeat(scale - 1)}1' AS DECIMAL(${scale},${scale})))`;
}

/** `div` on decimals: the quotient truncated to a bigint (IntegralDivide). */
function integralDivide(x: string, y: string, l: DecimalType, r: DecimalType, ansi: boolean): string {
  const n = `(${unscaledHugeint(x, l)} * ${pow10(r.scale)})`;
  const d = `(${unscaledHugeint(y, r)} * ${pow10(l.scale)})`;
  const q = `(${n} // ${d})`;
  const overflow = ansi
    ? raiseSql('ARITHMETIC_OVERFLOW', {
        message: { text: 'Overflow in integral divide' },
        alternative: { text: " Use 'try_divide' to tolerate overflow and return NULL instead." },
        config: ANSI_CONFIG,
      })
    : 'NULL';
  // NOT (NULL BETWEEN …) is NULL: a NULL operand gives NULL, not the overflow.
  return `(CASE WHEN NOT (${q} BETWEEN -9223372036854775808::HUGEINT AND 9223372036854775807::HUGEINT) THEN ${overflow} ELSE ${q}::BIGINT END)`;
}
