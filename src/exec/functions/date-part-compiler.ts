/**
 * DuckDB SQL for `date_part(field, source)` / `extract(field FROM source)`: the analyzer has checked the
 * field (plan/functions/date-part.ts); each field compiles as the matching part function does.
 */
import { type DatePartField, datePartField } from '../../plan/functions/date-part.js';
import { type CompileFn, compilers, literalString } from './compiler-kit.js';
import type { FunctionCompiler } from './function-compiler.js';

const PART_SQL: Readonly<Record<DatePartField, (source: string) => string>> = {
  YEAR: (d) => `CAST(year(${d}) AS INTEGER)`,
  YEAROFWEEK: (d) => `CAST(isoyear(${d}) AS INTEGER)`,
  QUARTER: (d) => `CAST(quarter(${d}) AS INTEGER)`,
  MONTH: (d) => `CAST(month(${d}) AS INTEGER)`,
  WEEK: (d) => `CAST(weekofyear(${d}) AS INTEGER)`,
  DAY: (d) => `CAST(day(${d}) AS INTEGER)`,
  // Spark's DayOfWeek counts from Sunday = 1; DAYOFWEEK_ISO (WeekDay + 1) from Monday = 1.
  DAYOFWEEK: (d) => `CAST(dayofweek(${d}) + 1 AS INTEGER)`,
  DAYOFWEEK_ISO: (d) => `CAST(isodow(${d}) AS INTEGER)`,
  DOY: (d) => `CAST(dayofyear(${d}) AS INTEGER)`,
  HOUR: (t) => `CAST(hour(${t}) AS INTEGER)`,
  MINUTE: (t) => `CAST(minute(${t}) AS INTEGER)`,
  // SecondWithFraction: the seconds with their microseconds, exactly (decimal arithmetic, no double).
  SECOND: (t) => `CAST(CAST(date_part('microseconds', ${t}) AS DECIMAL(18,0)) * 0.000001 AS DECIMAL(8,6))`,
};

const datePart: CompileFn = ([, source], args) => {
  const spelling = literalString(args[0]);
  const field = spelling === undefined ? undefined : datePartField(spelling);
  if (field === undefined) return 'CAST(NULL AS DOUBLE)';
  return PART_SQL[field](source as string);
};

export const DATE_PART_COMPILERS: readonly FunctionCompiler[] = compilers({ date_part: datePart });
