/**
 * Decimal `+ - * / % pmod div` with Spark's result types (plan/types/decimal-precision.ts): the exact result
 * is rounded HALF_UP to the result scale, and a value that does not fit the result precision raises
 * NUMERIC_VALUE_OUT_OF_RANGE in ANSI mode and is NULL in legacy mode (Decimal.toPrecision / changePrecision).
 * DuckDB divides decimals in DOUBLE, so `/` and `div` run on unscaled HUGEINTs when they fit 38 digits.
 */
import type { DataType, DecimalType } from '../../types/data-types.js';
import { ANSI_CONFIG, bind, castSql, duckType, lit, raiseSql } from './sql-helpers.js';

export type DecimalArithmeticOperator = '+' | '-' | '*' | '/' | '%' | 'pmod' | 'div';

/**
 * Fits `valueSql` (any exact numeric) into decimal(p,s): round HALF_UP, then range-check. `shownSql` is the
 * value NUMERIC_VALUE_OUT_OF_RANGE names when it is not `valueSql` itself (Spark's exact result).
 */
export function fitDecimal(valueSql: string, target: DecimalType, ansi: boolean, shownSql?: string): string {
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
  return `coalesce(${fitted}, CASE WHEN (${valueSql}) IS NULL THEN NULL ELSE ${overflow} END)`;
}

const pow10 = (n: number) => `${10n ** BigInt(n)}::HUGEINT`;

/** The unscaled HUGEINT of a decimal(p,s) value: exact because x * 10^s is integral. */
function unscaled(x: string, d: DecimalType): string {
  return `(${x}::DECIMAL(38,${d.scale}) * ${pow10(d.scale)})::HUGEINT`;
}

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
      // Spark rounded its capped type to fewer places than DuckDB's exact type: the rows whose exact value
      // DuckDB cannot hold take Spark's BigDecimal arithmetic (wideFitted).
      if (d.scale < exactScale(op, left, right)) {
        return fitSparkResult(wideFitted(op, x, y, left, right, d), op, x, y, d, ansi);
      }
      // Otherwise DuckDB's result type has Spark's scale and holds the exact value unless it is capped at 38
      // digits, where both overflow alike: DuckDB raises and try() gives NULL instead. try() refuses volatile
      // operands (an operand's own error() check): that rare case keeps binding the operands (bindOperands).
      const fitsDuckDB =
        op === '*' ? left.precision + right.precision <= 38 : duckSumDigits(left, right) <= 38;
      if (!fitsDuckDB && (x.includes('error(') || y.includes('error('))) {
        return bindOperands(x, y, (bx, by) =>
          compileDecimalArithmetic(op, bx, by, left, right, resultType, ansi),
        );
      }
      const fitted = `TRY_CAST(${fitsDuckDB ? exact : `try${exact}`} AS ${duckType(d)})`;
      return fitSparkResult(fitted, op, x, y, d, ansi);
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

/**
 * `fitted` (`x op y` in `d`, NULL past its precision) with Spark's overflow: NUMERIC_VALUE_OUT_OF_RANGE
 * naming the exact value in ANSI mode, NULL otherwise; a NULL operand gives NULL either way.
 */
function fitSparkResult(
  fitted: string,
  op: '+' | '-' | '*',
  x: string,
  y: string,
  d: DecimalType,
  ansi: boolean,
): string {
  if (!ansi) return fitted;
  const overflow = raiseSql('NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION', {
    value: { sql: exactResultText(op, x, y) },
    precision: { text: String(d.precision) },
    scale: { text: String(d.scale) },
    config: ANSI_CONFIG,
  });
  return `coalesce(${fitted}, CASE WHEN ${x} IS NULL OR ${y} IS NULL THEN NULL ELSE ${overflow} END)`;
}

/**
 * `x op y` rounded HALF_UP to Spark's capped type `d`, NULL past its precision, when `d` keeps fewer places
 * than DuckDB's exact type (decimal(38,18) + decimal(38,18) is decimal(38,17)): DuckDB's own arithmetic for
 * the rows its type holds, chosen by a bound on the operands, and Spark's BigDecimal arithmetic in a chunk
 * UDF (engine/udfs/decimal-arithmetic-udf.ts) for the rest. CASE evaluates a branch only for the rows that
 * select it, so rows of ordinary size never reach the UDF, and the SQL stays short to plan (the HUGEINT
 * limbs written out in SQL cost DuckDB 30-50 ms of planning per operator). try() is no use here: it falls
 * back to row-by-row evaluation for a chunk holding one overflow.
 */
function wideFitted(
  op: '+' | '-' | '*',
  x: string,
  y: string,
  left: DecimalType,
  right: DecimalType,
  d: DecimalType,
): string {
  const wide = `TRY_CAST(${sparkArithmetic(op, x, y, d)} AS ${duckType(d)})`;
  const duckScale = exactScale(op, left, right);
  // DuckDB refuses to bind a result scale past 38 (decimal(38,20) * decimal(38,20)).
  if (duckScale > 38) return wide;
  const fast = `TRY_CAST(${x} ${op} ${y} AS ${duckType(d)})`;
  // DuckDB's type holds |x op y| below 10^(38 - its scale).
  const digits = 38 - duckScale;
  if (op === '*') {
    if (left.precision + right.precision <= 38) return fast;
    // A DOUBLE bound with 1% of slack, far above the product's rounding error.
    return `(CASE WHEN abs(${x}::DOUBLE * ${y}::DOUBLE) < ${0.99 * 10 ** digits} THEN ${fast} ELSE ${wide} END)`;
  }
  // A sum holds when each operand is below half the bound: compared in the operand's own type, and left out
  // for an operand whose type never reaches it.
  const bounded = [
    [x, left],
    [y, right],
  ].flatMap(([v, t]) => {
    const type = t as DecimalType;
    if (type.precision - type.scale < digits) return [];
    const half = digits === 0 ? '0.5' : `5${'0'.repeat(digits - 1)}`;
    return [`abs(${v}) < CAST('${half}' AS ${duckType(type)})`];
  });
  if (bounded.length === 0) return fast;
  return `(CASE WHEN ${bounded.join(' AND ')} THEN ${fast} ELSE ${wide} END)`;
}

/** Spark's `x op y` at `d`'s scale as text, from the chunk UDF: the rows DuckDB's decimals cannot hold. */
function sparkArithmetic(op: '+' | '-' | '*' | '/', x: string, y: string, d: DecimalType): string {
  return `spark_decimal_arithmetic(${lit(op)}, ${x}::VARCHAR, ${y}::VARCHAR, ${d.scale})`;
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
  // The unscaled values (p + s digits on the way, see unscaled) and N = A * 10^k must fit HUGEINT; past that
  // Spark's BigDecimal quotient comes from the chunk UDF (DOUBLE division lost the last digits).
  if (
    k < 0 ||
    l.precision + k > 37 ||
    r.precision > 37 ||
    l.precision + l.scale > 38 ||
    r.precision + r.scale > 38
  ) {
    return fitDecimal(sparkArithmetic('/', x, y, result), result, ansi, exactResultText('/', x, y));
  }
  const n = `(${unscaled(x, l)} * ${pow10(k)})`;
  const d = unscaled(y, r);
  const q = `(${n} // ${d} + CASE WHEN 2 * abs(${n} % ${d}) >= abs(${d}) THEN sign(${n}) * sign(${d}) ELSE 0 END)`;
  return fitDecimal(fromUnscaled(q, result.scale), result, ansi, exactResultText('/', x, y));
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
  const n = `(${unscaled(x, l)} * ${pow10(r.scale)})`;
  const d = `(${unscaled(y, r)} * ${pow10(l.scale)})`;
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
