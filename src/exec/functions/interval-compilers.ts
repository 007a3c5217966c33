/**
 * make_interval, make_dt_interval and make_ym_interval (intervalExpressions.scala, IntervalUtils.makeInterval
 * and makeDayTimeInterval). Spark adds the fields with Java's exact arithmetic in a fixed order; each partial
 * sum is computed here in HUGEINT, where it cannot overflow, and checked against Java's INT or LONG range, so
 * the first step that would throw in Spark is the one reported. One CASE per row, no per-row list.
 */
import type { SessionSemantics } from '../../plan/functions/function-signature.js';
import { ANSI_CONFIG, raiseSql } from '../operators/sql-helpers.js';
import { type CompileFn, compilers } from './compiler-kit.js';

const INT = ['-2147483648', '2147483647'] as const;
const LONG = ['-9223372036854775808', '9223372036854775807'] as const;
const MICROS_PER_DAY = '86400000000';
const MICROS_PER_HOUR = '3600000000';
const MICROS_PER_MINUTE = '60000000';

/** One partial result Spark computes with Math.*Exact: its HUGEINT SQL and the Java type it must fit. */
interface ExactStep {
  readonly sql: string;
  readonly range: typeof INT | typeof LONG;
}

const fits = (s: ExactStep) => `(${s.sql}) BETWEEN ${s.range[0]} AND ${s.range[1]}`;
const huge = (sql: string) => `(${sql})::HUGEINT`;
/** DECIMAL(18, 6) seconds as Spark's Decimal.toUnscaledLong: whole microseconds. */
const unscaledMicros = (secs: string) => `((${secs})::DECIMAL(38,6) * 1000000)::HUGEINT`;

/** The arguments Spark's auxiliary constructors fill in: `0`, and `0.000000` for the seconds. */
function withDefaults(sql: readonly string[], count: number): string[] {
  return Array.from({ length: count }, (_, i) => sql[i] ?? '0');
}

/**
 * NULL when any argument is NULL (Spark's NullIntolerant), else `overflow` for the first step out of range,
 * else `result`. The NULL test comes first: `NULL AND false` is false, which would report an overflow.
 */
function checkedSteps(
  args: readonly string[],
  steps: readonly { readonly step: ExactStep; readonly overflow: string }[],
  result: string,
): string {
  const anyNull = args.map((a) => `(${a}) IS NULL`).join(' OR ');
  const branches = steps.map(({ step, overflow }) => `WHEN NOT (${fits(step)}) THEN ${overflow}`).join(' ');
  return `(CASE WHEN ${anyNull} THEN NULL ${branches} ELSE ${result} END)`;
}

/** MakeInterval: QueryExecutionErrors.arithmeticOverflowError(e.getMessage) under ANSI, NULL otherwise. */
function arithmeticOverflow(semantics: SessionSemantics): string {
  if (!semantics.ansi) return 'NULL';
  return raiseSql('ARITHMETIC_OVERFLOW', {
    message: { text: 'integer overflow' },
    alternative: { text: '' },
    config: ANSI_CONFIG,
  });
}

/** IntervalUtils.makeInterval: months and days are INT, microseconds LONG. */
const makeInterval: CompileFn = (given, _args, _resolved, semantics) => {
  const [years, months, weeks, days, hours, mins, secs] = withDefaults(given, 7) as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const yearMonths: ExactStep = { sql: `${huge(years)} * 12`, range: INT };
  const totalMonths: ExactStep = { sql: `${huge(months)} + ${yearMonths.sql}`, range: INT };
  const weekDays: ExactStep = { sql: `${huge(weeks)} * 7`, range: INT };
  const totalDays: ExactStep = { sql: `${huge(days)} + ${weekDays.sql}`, range: INT };
  // The microseconds cannot leave a LONG: |secs| < 10^18 µs, |hours| * 3.6e9 < 7.74e18 and |mins| * 6e7 <
  // 1.3e17 add up to less than 2^63, so Spark's long-overflow checks here never fire.
  const micros = `${unscaledMicros(secs)} + ${huge(hours)} * ${MICROS_PER_HOUR} + ${huge(mins)} * ${MICROS_PER_MINUTE}`;
  const overflow = arithmeticOverflow(semantics);
  return checkedSteps(
    [years, months, weeks, days, hours, mins, secs],
    [yearMonths, totalMonths, weekDays, totalDays].map((step) => ({ step, overflow })),
    `(to_months((${totalMonths.sql})::INTEGER) + to_days((${totalDays.sql})::INTEGER) + to_microseconds((${micros})::BIGINT))`,
  );
};

/**
 * IntervalUtils.makeDayTimeInterval: microseconds as a LONG. Spark 4 (SPARK-50226) catches the LONG overflow
 * and reports it as INTERVAL_ARITHMETIC_OVERFLOW.WITHOUT_SUGGESTION in every mode, as make_ym_interval does:
 * MakeDTInterval has no failOnError flag, unlike MakeInterval.
 */
const makeDtInterval: CompileFn = (given) => {
  const [days, hours, mins, secs] = withDefaults(given, 4) as [string, string, string, string];
  const dayMicros: ExactStep = { sql: `${huge(days)} * ${MICROS_PER_DAY}`, range: LONG };
  const withDays: ExactStep = { sql: `${unscaledMicros(secs)} + ${dayMicros.sql}`, range: LONG };
  const withHours: ExactStep = { sql: `${withDays.sql} + ${huge(hours)} * ${MICROS_PER_HOUR}`, range: LONG };
  const micros: ExactStep = { sql: `${withHours.sql} + ${huge(mins)} * ${MICROS_PER_MINUTE}`, range: LONG };
  const overflow = raiseSql('INTERVAL_ARITHMETIC_OVERFLOW.WITHOUT_SUGGESTION');
  return checkedSteps(
    [days, hours, mins, secs],
    [dayMicros, withDays, withHours, micros].map((step) => ({ step, overflow })),
    `to_microseconds((${micros.sql})::BIGINT)`,
  );
};

/**
 * MakeYMInterval: Math.toIntExact(months + years * 12) over LONGs, so only the total must fit an INT. Spark 4
 * (SPARK-50226) reports it as INTERVAL_ARITHMETIC_OVERFLOW.WITHOUT_SUGGESTION, in every mode.
 */
const makeYmInterval: CompileFn = (given) => {
  const [years, months] = withDefaults(given, 2) as [string, string];
  const total: ExactStep = { sql: `${huge(months)} + ${huge(years)} * 12`, range: INT };
  return checkedSteps(
    [years, months],
    [{ step: total, overflow: raiseSql('INTERVAL_ARITHMETIC_OVERFLOW.WITHOUT_SUGGESTION') }],
    `to_months((${total.sql})::INTEGER)`,
  );
};

export const INTERVAL_COMPILERS = compilers({
  make_interval: makeInterval,
  try_make_interval: (given, args, resolved, semantics) =>
    makeInterval(given, args, resolved, { ...semantics, ansi: false }),
  make_dt_interval: makeDtInterval,
  make_ym_interval: makeYmInterval,
});
