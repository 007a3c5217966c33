/**
 * DateAdd and DateSub (`date_add`, `date_sub`, `date + n`, `date - n`): Spark adds the days to the date's
 * Int of days with Java's `+`, which wraps past ±2^31 in every mode, ANSI included
 * (datetimeExpressions.scala: `start.asInstanceOf[Int] + d.asInstanceOf[Number].intValue()`).
 * DuckDB's `date + int` raises "Date out of range" instead, so the sum is taken in BIGINT and wrapped to
 * 32 bits: plain integer operations, vectorized. A wrapped result of exactly -2^31 + 1 is DuckDB's
 * -infinity and still fails, as ARITHMETIC_OVERFLOW (engine/datetime-range-errors.ts).
 */

const EPOCH = "DATE '1970-01-01'";

export function dateAddDaysSql(dateSql: string, daysSql: string, op: '+' | '-'): string {
  const sum = `((${dateSql} - ${EPOCH}) ${op} CAST(${daysSql} AS BIGINT))`;
  const wrapped = `(((${sum} + 2147483648) & 4294967295) - 2147483648)`;
  return `(${EPOCH} + CAST(${wrapped} AS INTEGER))`;
}
