/**
 * Decimal `+ - * / % pmod div` with Spark's result types (plan/types/decimal-precision.ts): the exact result
 * is rounded HALF_UP to the result scale, and a value that does not fit the result precision raises
 * NUMERIC_VALUE_OUT_OF_RANGE in ANSI mode and is NULL in legacy mode (Decimal.toPrecision / changePrecision).
 * DuckDB divides decimals in DOUBLE, so `/` and `div` run on unscaled HUGEINTs when they fit 38 digits.
 */
import type { DataType, DecimalType } from '../../types/data-types.js';
import { ANSI_CONFIG, bind, duckType, lit, raiseSql } from './sql-helpers.js';

export type DecimalArithmeticOperator = '+' | '-' | '*' | '/' | '%' | 'pmod' | 'div';

/**
 * Fits `valueSql` (any exact numeric) into decimal(p,s): round HALF_UP, then range-check. `shownSql` is the
 * value NUMERIC_VALUE_OUT_OF_RANGE names when it is not `valueSql` itself (Spark's exact result).
 */
export function fitDecimal(valueSql: string, target: DecimalType, ansi: boolean, shownSql?: string): string {
  const t = duckType(target);
  return bind(valueSql, (v) => {
    const overflow = ansi
      ? raiseSql('NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION', {
          value: { sql: shownSql ?? `${v}::VARCHAR` },
          precision: { text: String(target.precision) },
          scale: { text: String(target.scale) },
          config: ANSI_CONFIG,
        })
      : 'NULL';
    return `CASE WHEN ${v} IS NULL THEN NULL WHEN try_cast(${v} AS ${t}) IS NULL THEN ${overflow} ELSE try_cast(${v} AS ${t}) END`;
  });
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
  return bind(`(${leftSql})::${duckType(left)}`, (x) =>
    bind(`(${rightSql})::${duckType(right)}`, (y) => {
      const zero = ansi ? raiseSql('DIVIDE_BY_ZERO', { config: ANSI_CONFIG }) : 'NULL';
      const guardDivisor = (body: string) =>
        `CASE WHEN ${y} IS NULL THEN NULL WHEN ${y} = 0 THEN ${zero} WHEN ${x} IS NULL THEN NULL ELSE ${body} END`;
      switch (op) {
        case '+':
        case '-':
        case '*': {
          // DuckDB raises past 38 digits; try() turns that into NULL, which (inputs being non-NULL) is overflow.
          const d = resultType as DecimalType;
          const overflow = ansi
            ? raiseSql('NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION', {
                value: { sql: exactResultText(op, x, y) },
                precision: { text: String(d.precision) },
                scale: { text: String(d.scale) },
                config: ANSI_CONFIG,
              })
            : 'NULL';
          return `CASE WHEN ${x} IS NULL OR ${y} IS NULL THEN NULL WHEN try(${x} ${op} ${y}) IS NULL THEN ${overflow} ELSE ${fitDecimal(`(${x} ${op} ${y})`, d, ansi)} END`;
        }
        case '%':
          return guardDivisor(fitDecimal(`(${x} % ${y})`, resultType as DecimalType, ansi));
        case 'pmod':
          return guardDivisor(
            fitDecimal(
              `(CASE WHEN ${x} % ${y} < 0 THEN (${x} % ${y} + ${y}) % ${y} ELSE ${x} % ${y} END)`,
              resultType as DecimalType,
              ansi,
            ),
          );
        case '/':
          return guardDivisor(divide(x, y, left, right, resultType as DecimalType, ansi));
        case 'div':
          return guardDivisor(integralDivide(x, y, left, right, ansi));
      }
    }),
  );
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
  if (k < 0 || l.precision + k > 37 || r.precision > 37) {
    // Too wide for HUGEINT: DOUBLE division (may differ from Spark in the last digits).
    return fitDecimal(`(${x}::DOUBLE / ${y}::DOUBLE)`, result, ansi, exactResultText('/', x, y));
  }
  const n = `(${unscaled(x, l)} * ${pow10(k)})`;
  const d = unscaled(y, r);
  const q = `(${n} // ${d} + CASE WHEN 2 * abs(${n} % ${d}) >= abs(${d}) THEN sign(${n}) * sign(${d}) ELSE 0 END)`;
  return fitDecimal(fromUnscaled(q, result.scale), result, ansi, exactResultText('/', x, y));
}

/** DECIMAL(38,s) from an unscaled HUGEINT, through its digits (DuckDB's decimal division would be DOUBLE). */
export function fromUnscaled(hugeSql: string, scale: number): string {
  if (scale === 0) return `(${hugeSql})::DECIMAL(38,0)`;
  return bind(hugeSql, (q) =>
    bind(
      `lpad(abs(${q})::VARCHAR, ${scale + 1}, '0')`,
      (digits) =>
        `(CASE WHEN ${q} < 0 THEN '-' ELSE '' END || left(${digits}, length(${digits}) - ${scale}) || '.' || right(${digits}, ${scale}))::DECIMAL(38,${scale})`,
    ),
  );
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
  return `CASE WHEN ${q} BETWEEN -9223372036854775808::HUGEINT AND 9223372036854775807::HUGEINT THEN ${q}::BIGINT ELSE ${overflow} END`;
}
