/**
 * An ANSI interval times or divided by a number (Spark's MultiplyYMInterval, DivideYMInterval,
 * MultiplyDTInterval, DivideDTInterval): the result keeps the interval's type. Spark works on the interval's
 * months (INT) or microseconds (BIGINT): an integral factor multiplies exactly, a fractional one rounds the
 * product HALF_UP; a quotient rounds HALF_UP; a result outside INT/BIGINT is ARITHMETIC_OVERFLOW (the minimum
 * divided by an integral -1: INTERVAL_ARITHMETIC_OVERFLOW) and a zero divisor INTERVAL_DIVIDED_BY_ZERO, in
 * every mode. DuckDB's own `INTERVAL * n` would spill months into days.
 */
import type { ResolvedOperator } from '../../plan/types/binary-operator.js';
import { isIntegral } from '../../plan/types/type-classes.js';
import { raiseSql } from './sql-helpers.js';

export function compileIntervalScaling(
  op: '*' | '/',
  l: string,
  r: string,
  resolved: ResolvedOperator,
): string {
  const intervalOnLeft =
    resolved.leftCast.kind === 'yearMonthInterval' || resolved.leftCast.kind === 'dayTimeInterval';
  const interval = intervalOnLeft ? l : r;
  const num = intervalOnLeft ? r : l;
  const numType = intervalOnLeft ? resolved.rightCast : resolved.leftCast;
  const yearMonth = resolved.resultType.kind === 'yearMonthInterval';
  const units = yearMonth
    ? `(datepart('year', ${interval}) * 12 + datepart('month', ${interval}))::HUGEINT`
    : `epoch_us(${interval})::HUGEINT`;
  const scaled = isIntegral(numType)
    ? integralScaling(op, units, `(${num})::HUGEINT`)
    : // round() in DuckDB is half away from zero, which is Java's HALF_UP.
      `round(${units}::DOUBLE ${op} (${num})::DOUBLE)`;
  const [lo, hi] = yearMonth
    ? ['-2147483648', '2147483647']
    : ['-9223372036854775808', '9223372036854775807'];
  // An integral quotient leaves the range only for the minimum divided by -1, which Divide*Interval's
  // checkDivideOverflow reports as INTERVAL_ARITHMETIC_OVERFLOW, pointing at try_divide.
  const overflow =
    op === '/' && isIntegral(numType)
      ? raiseSql('INTERVAL_ARITHMETIC_OVERFLOW.WITH_SUGGESTION', { functionName: { text: '`try_divide`' } })
      : raiseSql('ARITHMETIC_OVERFLOW', {
          message: { text: yearMonth ? 'integer overflow' : 'long overflow' },
          alternative: { text: '' },
          config: { text: '"spark.sql.ansi.enabled"' },
        });
  const back = yearMonth
    ? (v: string) => `to_months((${v})::INTEGER)`
    : (v: string) => `to_microseconds((${v})::BIGINT)`;
  const checked = `(CASE WHEN NOT (${scaled} BETWEEN ${lo} AND ${hi}) THEN ${overflow} ELSE ${back(scaled)} END)`;
  if (op === '*') return checked;
  return `(CASE WHEN (${num}) = 0 THEN ${raiseSql('INTERVAL_DIVIDED_BY_ZERO')} ELSE ${checked} END)`;
}

/** Exact product, or the quotient rounded HALF_UP (Guava's IntMath/LongMath.divide). */
function integralScaling(op: '*' | '/', x: string, n: string): string {
  if (op === '*') return `(${x} * ${n})`;
  return `(sign(${x}) * sign(${n}) * ((2 * abs(${x}) + abs(${n})) // (2 * abs(${n}))))`;
}
