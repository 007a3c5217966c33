/**
 * Spark computes on an ANSI interval's single number: a year-month interval is its months (an INT), a
 * day-time interval its microseconds (a LONG). UnaryMinus, Abs, Signum, IntegralDivide and WidthBucket over
 * intervals work on that number (IntervalMathUtils), so a negation that leaves the INT/LONG range is
 * INTERVAL_ARITHMETIC_OVERFLOW.WITHOUT_SUGGESTION, and `div` of a zero interval divides by zero as for
 * numbers. Everything here is one CASE per row.
 */
import type { DataType } from '../../types/data-types.js';
import { ANSI_CONFIG, raiseSql } from './sql-helpers.js';

/** The interval's months or microseconds as a BIGINT; undefined for a type that is no ANSI interval. */
export function intervalUnitsSql(x: string, t: DataType): string | undefined {
  if (t.kind === 'yearMonthInterval')
    return `(datepart('year', ${x}) * 12 + datepart('month', ${x}))::BIGINT`;
  if (t.kind === 'dayTimeInterval') return `epoch_us(${x})`;
  return undefined;
}

/** The one value whose negation does not fit Java's INT (months) or LONG (microseconds). */
function minimumUnits(t: DataType): string {
  return t.kind === 'yearMonthInterval' ? '-2147483648' : '-9223372036854775808';
}

const OVERFLOW = raiseSql('INTERVAL_ARITHMETIC_OVERFLOW.WITHOUT_SUGGESTION');

/** UnaryMinus of an ANSI interval (IntervalMathUtils.negateExact). */
export function intervalNegateSql(x: string, t: DataType): string | undefined {
  const units = intervalUnitsSql(x, t);
  if (units === undefined) return undefined;
  return `(CASE WHEN ${units} = ${minimumUnits(t)} THEN ${OVERFLOW} ELSE (- ${x}) END)`;
}

/** Abs of an ANSI interval (IntervalMathUtils.absExact). */
export function intervalAbsSql(x: string, t: DataType): string | undefined {
  const units = intervalUnitsSql(x, t);
  if (units === undefined) return undefined;
  return `(CASE WHEN ${units} = ${minimumUnits(t)} THEN ${OVERFLOW} WHEN ${units} < 0 THEN (- ${x}) ELSE ${x} END)`;
}

/**
 * IntegralDivide of two intervals of one family: the quotient of their units, truncated toward zero (Java's
 * `/`, as DuckDB's `//` on integers), a BIGINT. A zero divisor is DIVIDE_BY_ZERO under ANSI, NULL otherwise.
 */
export function intervalDivSql(l: string, r: string, t: DataType, ansi: boolean): string {
  const a = intervalUnitsSql(l, t)!;
  const b = intervalUnitsSql(r, t)!;
  const zero = ansi ? raiseSql('DIVIDE_BY_ZERO', { config: ANSI_CONFIG }) : 'NULL';
  return `(CASE WHEN ${b} = 0 THEN ${zero} ELSE ${a} // ${b} END)`;
}
