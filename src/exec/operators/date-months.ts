/**
 * add_months and `date ± year-month interval` (DateTimeUtils.dateAddMonths: LocalDate.plusMonths, the day
 * clamped to the month's last, then MathUtils.toIntExact of the epoch day). Spark returns a date up to its
 * last one (+5881580-07-11); DuckDB adds months to a DATE through a TIMESTAMP, which ends at year 294247.
 *
 * The Gregorian calendar repeats every 400 years (4,800 months, 146,097 days), so the date is moved by whole
 * cycles into years 0-399 and the months split into whole cycles and a rest under 4,800: DuckDB adds the rest
 * (a result within years 0-799, far inside its TIMESTAMP range) and the cycles come back as days, summed in
 * BIGINT. Plain integer operations, vectorized. A result outside the Int of days is ARITHMETIC_OVERFLOW
 * "integer overflow" as in Spark; DuckDB's DATE cannot hold Spark's first and last days (±2^31 - 1 are its
 * ±infinity), so those two are refused the same way.
 *
 * Dates within ±290,000 years moved by at most 4,000 years take DuckDB's own `date + to_months(n)` (its
 * TIMESTAMP range holds the result): with constant operands DuckDB folds that branch to a constant and pushes
 * a filter such as `l_shipdate < DATE '1994-01-01' + INTERVAL '1' YEAR` into the Parquet reader, where the
 * wide form (an error() in its ELSE) kept it from both.
 */
import { ANSI_CONFIG, raiseSql } from './sql-helpers.js';

const EPOCH = "DATE '1970-01-01'";
const CYCLE_DAYS = 146_097;
const CYCLE_MONTHS = 4_800;

/** `floor(x / m)` in BIGINT for an integral `x` and a positive `m`. */
const floorDiv = (x: string, m: number) => `((${x} - (((${x}) % ${m} + ${m}) % ${m})) // ${m})`;

export function dateAddMonthsSql(dateSql: string, monthsSql: string): string {
  const cycles = floorDiv(`year(${dateSql})::BIGINT`, 400);
  const shifted = `(${EPOCH} + CAST((${dateSql} - ${EPOCH})::BIGINT - ${cycles} * ${CYCLE_DAYS} AS INTEGER))`;
  const monthCycles = floorDiv(`(${monthsSql})::BIGINT`, CYCLE_MONTHS);
  const rest = `CAST((${monthsSql})::BIGINT - ${monthCycles} * ${CYCLE_MONTHS} AS INTEGER)`;
  const days = `((CAST(${shifted} + to_months(${rest}) AS DATE) - ${EPOCH})::BIGINT + (${cycles} + ${monthCycles}) * ${CYCLE_DAYS})`;
  const overflow = raiseSql('ARITHMETIC_OVERFLOW', {
    message: { text: 'integer overflow' },
    alternative: { text: '' },
    config: ANSI_CONFIG,
  });
  const wide = `(CASE WHEN ${days} IS NULL THEN NULL WHEN ${days} BETWEEN -2147483646 AND 2147483646 THEN ${EPOCH} + CAST(${days} AS INTEGER) ELSE CAST(${overflow} AS DATE) END)`;
  const near = `${dateSql} BETWEEN DATE '-290000-01-01' AND DATE '290000-12-31' AND (${monthsSql}) BETWEEN -48000 AND 48000`;
  return `(CASE WHEN ${near} THEN CAST(${dateSql} + to_months(CAST(${monthsSql} AS INTEGER)) AS DATE) ELSE ${wide} END)`;
}
