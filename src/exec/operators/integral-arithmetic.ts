/**
 * `+ - * div % pmod` over Spark's integral types, compiled so that DuckDB runs them vectorized in the
 * operands' own width (128-bit arithmetic, and division above all, is many times slower):
 *
 * - ANSI `+ - *` is DuckDB's own checked arithmetic: DuckDB keeps the operand type (TINYINT + TINYINT is
 *   TINYINT, as in Spark) and raises on overflow, and engine/duckdb-error.ts turns that error into Spark's
 *   ARITHMETIC_OVERFLOW / BINARY_ARITHMETIC_OVERFLOW with Spark's parameters.
 * - Legacy `+ - *` wraps like Java: the operation runs one width up (BIGINT for TINYINT..INT, HUGEINT only
 *   for BIGINT), where it cannot overflow, and the low bits are kept with one mask.
 * - Inside try_add & co (`explicitChecks`) the overflow must be an explicit `error()` that the caller turns
 *   into NULL, so the result is range-checked one width up.
 * - `div % pmod` check the divisor once (Spark's DivModLike: zero is DIVIDE_BY_ZERO under ANSI, NULL in
 *   legacy mode, which is also what DuckDB gives) and not at all for a non-zero literal divisor.
 *   `MIN % -1` is 0 in Java and `MIN div -1` overflows (ANSI) or is MIN (legacy), where DuckDB raises on both.
 */
import type { DataType } from '../../types/data-types.js';
import { sqlTypeName } from '../../types/data-types.js';
import {
  ANSI_CONFIG,
  castSql,
  duckType,
  type IntegralRange,
  integerLiteral,
  integralRange,
  lit,
  raiseSql,
  wrapSql,
} from './sql-helpers.js';

export type IntegralOperator = '+' | '-' | '*' | 'div' | '%' | 'pmod';

/** How overflow is handled: DuckDB's own error (ANSI), Java's wrap-around (legacy), or an explicit error(). */
export type OverflowMode = 'ansi' | 'legacy' | 'explicit';

export const TRY_FUNCTION: Record<IntegralOperator, string> = {
  '+': 'try_add',
  '-': 'try_subtract',
  '*': 'try_multiply',
  div: 'try_divide',
  '%': 'try_mod',
  pmod: 'try_mod',
};

export function compileIntegralArithmetic(
  op: IntegralOperator,
  leftSql: string,
  rightSql: string,
  operandType: DataType,
  resultType: DataType,
  mode: OverflowMode,
): string {
  const range = integralRange(operandType);
  if (range === undefined || integralRange(resultType) === undefined) {
    throw new Error(`not an integral type: ${sqlTypeName(operandType)} -> ${sqlTypeName(resultType)}`);
  }
  const t = duckType(operandType);
  const x = castSql(leftSql, t);
  const y = castSql(rightSql, t);
  const toResult = (sql: string) => (duckType(resultType) === t ? sql : `(${sql})::${duckType(resultType)}`);
  switch (op) {
    case '+':
    case '-':
    case '*':
      return toResult(addSubtractMultiply(op, x, y, range, t, mode, resultType));
    case 'div':
    case '%':
    case 'pmod':
      return toResult(divMod(op, x, y, integerLiteral(rightSql), range, t, mode));
  }
}

/** The type one width up, where `+ - *` of two values cannot overflow. */
function wider(range: IntegralRange): 'BIGINT' | 'HUGEINT' {
  return range.bits === 64 ? 'HUGEINT' : 'BIGINT';
}

function addSubtractMultiply(
  op: '+' | '-' | '*',
  x: string,
  y: string,
  range: IntegralRange,
  t: string,
  mode: OverflowMode,
  resultType: DataType,
): string {
  if (mode === 'ansi') return `(${x} ${op} ${y})`;
  const w = wider(range);
  const exact = `(${x}::${w} ${op} ${y}::${w})`;
  if (mode === 'legacy') return `${wrapSql(exact, range.bits, w)}::${t}`;
  const overflow = overflowError(op, x, y, resultType);
  // NOT (NULL BETWEEN …) is NULL: a NULL operand takes the ELSE branch and gives NULL.
  return `(CASE WHEN NOT (${exact} BETWEEN ${range.min} AND ${range.max}) THEN ${overflow} ELSE ${exact}::${t} END)`;
}

function divMod(
  op: 'div' | '%' | 'pmod',
  x: string,
  y: string,
  literalDivisor: bigint | undefined,
  range: IntegralRange,
  t: string,
  mode: OverflowMode,
): string {
  const zero = `CAST(0 AS ${t})`;
  const min = `CAST(${range.min} AS ${t})`;
  // x % -1 is 0 for every x (MIN included, where DuckDB raises); x * 0 keeps x's NULL.
  const byMinusOne =
    op === 'div'
      ? mode === 'legacy'
        ? `${wrapSql(`(- ${x}::${wider(range)})`, range.bits, wider(range))}::${t}`
        : mode === 'ansi'
          ? `(${x} // ${y})` // DuckDB raises on MIN // -1; duckdb-error.ts words it as Spark does.
          : `(CASE WHEN ${x} = ${min} THEN ${divideOverflowSql()} ELSE (- ${x}) END)`
      : `(${x} * ${zero})`;
  const r = `(${x} % ${y})`;
  const quotient =
    op === 'div'
      ? `(${x} // ${y})`
      : op === '%'
        ? r
        : // Spark's pmod in Java arithmetic: r = x % y; r < 0 ? (r + y) % y : r, where r + y may wrap.
          `(CASE WHEN ${r} >= ${zero} THEN ${r} WHEN ${y} > ${zero} THEN ${r} + ${y} WHEN ${r} >= ${min} - ${y} THEN ${r} WHEN ${r} < ${zero} THEN ((${r} - ${min}) + (${y} - ${min})) % ${y} END)`;
  if (literalDivisor !== undefined && literalDivisor !== 0n) {
    return literalDivisor === -1n ? byMinusOne : quotient;
  }
  // DuckDB's x // 0 and x % 0 are NULL, Spark's legacy answer.
  const zeroCheck =
    mode === 'legacy'
      ? ''
      : `WHEN ${y} = ${zero} THEN ${raiseSql('DIVIDE_BY_ZERO', { config: ANSI_CONFIG })} `;
  return `(CASE ${zeroCheck}WHEN ${y} = CAST(-1 AS ${t}) THEN ${byMinusOne} ELSE ${quotient} END)`;
}

function divideOverflowSql(): string {
  return raiseSql('ARITHMETIC_OVERFLOW', {
    message: { text: 'Overflow in integral divide' },
    alternative: { text: " Use 'try_divide' to tolerate overflow and return NULL instead." },
    config: ANSI_CONFIG,
  });
}

function overflowError(op: '+' | '-' | '*', x: string, y: string, resultType: DataType): string {
  const name = resultType.kind === 'primitive' ? resultType.name : '';
  if (name === 'integer' || name === 'long') {
    return raiseSql('ARITHMETIC_OVERFLOW', {
      message: { text: name === 'integer' ? 'integer overflow' : 'long overflow' },
      alternative: { text: ` Use '${TRY_FUNCTION[op]}' to tolerate overflow and return NULL instead.` },
      config: ANSI_CONFIG,
    });
  }
  // Byte and short arithmetic report both operands (QueryExecutionErrors.binaryArithmeticCauseOverflowError).
  const suffix = name === 'byte' ? 'Y' : 'S';
  return raiseSql('BINARY_ARITHMETIC_OVERFLOW', {
    value1: { sql: `${x}::VARCHAR || ${lit(suffix)}` },
    symbol: { text: op },
    value2: { sql: `${y}::VARCHAR || ${lit(suffix)}` },
    functionName: { text: `\`${TRY_FUNCTION[op]}\`` },
  });
}
