/**
 * How an aggregate that computes on DOUBLE (percentile, histogram_numeric) reads an ANSI interval and turns
 * its DOUBLE result back into one: year-month intervals as months, day-time intervals as microseconds.
 */
import type { DataType } from '../../types/data-types.js';

export interface DoubleAxis {
  readonly toDouble: (x: string) => string;
  readonly back: (x: string) => string;
}

/** The axis of an ANSI interval type; undefined for any other type. */
export function intervalDoubleAxis(t: DataType): DoubleAxis | undefined {
  if (t.kind === 'yearMonthInterval')
    return {
      toDouble: (x) => `CAST(datepart('year', ${x}) * 12 + datepart('month', ${x}) AS DOUBLE)`,
      back: (x) => `to_months(CAST(trunc(${x}) AS INTEGER))`,
    };
  if (t.kind === 'dayTimeInterval')
    return {
      toDouble: (x) => `CAST(epoch_us(${x}) AS DOUBLE)`,
      back: (x) => `to_microseconds(CAST(trunc(${x}) AS BIGINT))`,
    };
  return undefined;
}
