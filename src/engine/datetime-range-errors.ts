/**
 * The one place that knows where DuckDB's dates and timestamps end, and what Spark says there.
 *
 * Spark's DATE is days since 1970-01-01 as an Int and its TIMESTAMP microseconds as a Long; a result that
 * leaves them fails in Java's exact arithmetic (DateTimeUtils.localDateToDays is MathUtils.toIntExact,
 * daysToMicros / instantToMicros are Math.multiplyExact and addExact), which Spark raises as
 * ARITHMETIC_OVERFLOW ("integer overflow" / "long overflow", no try_ hint) in every mode: add_months,
 * last_day, make_date, `date + interval`, make_timestamp, a date cast to a timestamp.
 *
 * DuckDB's DATE is the same int32 of days (its ±2147483647 mean ±infinity) and its TIMESTAMP the same int64
 * of microseconds, so its range errors fall where Spark's do. DuckDB adds an interval to a DATE through a
 * TIMESTAMP, which ends at year 294247, so `add_months` and `date ± year-month interval` do not use it
 * (exec/operators/date-months.ts) and reach Spark's last date.
 */

import type { ErrorClass } from '../errors/error-classes.js';

const ANSI_CONFIG = '"spark.sql.ansi.enabled"';

const overflow = (message: string) => () => ({ message, alternative: '', config: ANSI_CONFIG });

export interface DuckDBErrorEquivalent {
  readonly duckdb: RegExp;
  readonly errorClass: ErrorClass;
  readonly params?: (m: RegExpExecArray) => Record<string, string>;
}

export const DATETIME_RANGE_EQUIVALENTS: readonly DuckDBErrorEquivalent[] = [
  // `date + int` past the int32 of days; `Date out of range: 178958994-8-1` when a date is built from
  // fields (make_date, a month added, last_day).
  {
    duckdb: /^(?:Out of Range|Conversion) Error: Date out of range\b/,
    errorClass: 'ARITHMETIC_OVERFLOW',
    params: overflow('integer overflow'),
  },
  // A timestamp past the int64 of microseconds: from fields, from a date, or an interval added.
  {
    duckdb:
      /^(?:Conversion Error: Date and time not in timestamp range|(?:Conversion|Invalid Input) Error: Type INT32 with value -?\d+-\d+-\d+(?: \(BC\))? can't be cast to the destination type INT64|Conversion Error: Epoch seconds out of range for TIMESTAMP)/,
    errorClass: 'ARITHMETIC_OVERFLOW',
    params: overflow('long overflow'),
  },
];
