/**
 * `+ - * div % pmod` over Spark's integral types. DuckDB raises on overflow, Spark does not agree:
 * ANSI mode raises ARITHMETIC_OVERFLOW (BINARY_ARITHMETIC_OVERFLOW for tinyint/smallint, as Spark's
 * MathUtils/Add do) and legacy mode wraps around like Java. So the operation runs in HUGEINT, where it
 * cannot overflow, and is then range-checked or wrapped back into the result type.
 */
import type { DataType } from '../../types/data-types.js';
import { sqlTypeName } from '../../types/data-types.js';
import { ANSI_CONFIG, bind, duckType, integralRange, lit, raiseSql, wrapSql } from './sql-helpers.js';

export type IntegralOperator = '+' | '-' | '*' | 'div' | '%' | 'pmod';

const TRY_FUNCTION: Record<IntegralOperator, string> = {
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
  ansi: boolean,
): string {
  const range = integralRange(resultType);
  if (range === undefined) throw new Error(`not an integral type: ${sqlTypeName(resultType)}`);
  const target = duckType(resultType);
  const opType = duckType(operandType);
  return bind(`(${leftSql})::${opType}`, (x) =>
    bind(`(${rightSql})::${opType}`, (y) => {
      const hx = `${x}::HUGEINT`;
      const hy = `${y}::HUGEINT`;
      const zeroCheck = ansi ? raiseSql('DIVIDE_BY_ZERO', { config: ANSI_CONFIG }) : 'NULL';
      let value: string;
      switch (op) {
        case '+':
        case '-':
        case '*':
          value = `(${hx} ${op} ${hy})`;
          break;
        case 'div':
          // Integer division truncates toward zero, like Java's `/` (DuckDB's `//` on HUGEINT does too).
          value = `(${hx} // ${hy})`;
          break;
        case '%':
          // Java's remainder takes the dividend's sign; so does DuckDB's `%`.
          value = `(${hx} % ${hy})`;
          break;
        case 'pmod':
          // Pmod: r = a % n; if r < 0 then (r + n) % n else r.
          value = `(CASE WHEN ${hx} % ${hy} < 0 THEN (${hx} % ${hy} + ${hy}) % ${hy} ELSE ${hx} % ${hy} END)`;
          break;
      }
      const overflow = ansi
        ? overflowError(op, x, y, resultType)
        : `${wrapSql(value, range.bits)}::${target}`;
      const checked = `CASE WHEN ${value} BETWEEN ${range.min}::HUGEINT AND ${range.max}::HUGEINT THEN ${value}::${target} ELSE ${overflow} END`;
      const divides = op === 'div' || op === '%' || op === 'pmod';
      // Spark's DivModLike checks the divisor (NULL, then zero) before it looks at the dividend.
      if (divides) {
        return `CASE WHEN ${y} IS NULL THEN NULL WHEN ${y} = 0 THEN ${zeroCheck} WHEN ${x} IS NULL THEN NULL ELSE ${checked} END`;
      }
      return `CASE WHEN ${x} IS NULL OR ${y} IS NULL THEN NULL ELSE ${checked} END`;
    }),
  );
}

function overflowError(op: IntegralOperator, x: string, y: string, resultType: DataType): string {
  const name = resultType.kind === 'primitive' ? resultType.name : '';
  if (op === 'div') {
    return raiseSql('ARITHMETIC_OVERFLOW', {
      message: { text: 'Overflow in integral divide' },
      alternative: { text: " Use 'try_divide' to tolerate overflow and return NULL instead." },
      config: ANSI_CONFIG,
    });
  }
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
