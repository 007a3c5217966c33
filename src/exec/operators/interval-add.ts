/**
 * ANSI interval + interval and interval - interval (Spark's Add / Subtract on YearMonthIntervalType and
 * DayTimeIntervalType): IntervalMathUtils.addExact / subtractExact on the months (INT) or microseconds
 * (LONG), whose overflow is INTERVAL_ARITHMETIC_OVERFLOW.WITH_SUGGESTION naming try_add / try_subtract, in
 * every mode. DuckDB's own INTERVAL arithmetic would add months and micros apart and fail with its own error.
 */
import type { DataType } from '../../types/data-types.js';
import { raiseSql } from './sql-helpers.js';

export function compileIntervalAddition(op: '+' | '-', l: string, r: string, resultType: DataType): string {
  const yearMonth = resultType.kind === 'yearMonthInterval';
  const units = (x: string) =>
    yearMonth
      ? `(datepart('year', ${x}) * 12 + datepart('month', ${x}))::HUGEINT`
      : `epoch_us(${x})::HUGEINT`;
  const sum = `(${units(l)} ${op} ${units(r)})`;
  const [lo, hi] = yearMonth
    ? ['-2147483648', '2147483647']
    : ['-9223372036854775808', '9223372036854775807'];
  const overflow = raiseSql('INTERVAL_ARITHMETIC_OVERFLOW.WITH_SUGGESTION', {
    functionName: { text: op === '+' ? '`try_add`' : '`try_subtract`' },
  });
  const back = yearMonth ? `to_months(${sum}::INTEGER)` : `to_microseconds(${sum}::BIGINT)`;
  return `(CASE WHEN NOT (${sum} BETWEEN ${lo} AND ${hi}) THEN ${overflow} ELSE ${back} END)`;
}
