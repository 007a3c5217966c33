/**
 * DuckDB SQL for timestampadd & co (DateTimeUtils.timestampAdd): time units move the instant, days and weeks
 * the local date-time in the session zone, months, quarters and years too with the day clamped to the month's
 * end, as java.time's plusDays/plusMonths. TIMESTAMP_NTZ values are their own local date-time.
 */
import { LakesqlError } from '../../errors/index.js';
import type { ResolvedCall, SessionSemantics } from '../../plan/functions/function-signature.js';
import { ANSI_CONFIG, tryable } from '../operators/sql-helpers.js';
import { compilers, literalString, raise, str } from './compiler-kit.js';
import type { CompiledArg, FunctionCompiler } from './function-compiler.js';
import { instantOf, localOf, sessionZone } from './zone-sql.js';

const UNIT_MICROS: Readonly<Record<string, number>> = {
  MICROSECOND: 1,
  MILLISECOND: 1000,
  SECOND: 1_000_000,
  MINUTE: 60_000_000,
  HOUR: 3_600_000_000,
};
const UNIT_INTERVAL: Readonly<Record<string, (n: string) => string>> = {
  DAY: (n) => `to_days(${n})`,
  DAYOFYEAR: (n) => `to_days(${n})`,
  WEEK: (n) => `to_days(${n} * 7)`,
  MONTH: (n) => `to_months(${n})`,
  QUARTER: (n) => `to_months(${n} * 3)`,
  YEAR: (n) => `to_months(${n} * 12)`,
};

/** MillisToTimestamp / MicrosToTimestamp: Math.multiplyExact's overflow is ARITHMETIC_OVERFLOW. */
const fromEpoch =
  (factor: number) =>
  ([n]: readonly string[]): string => {
    const overflow = raise('ARITHMETIC_OVERFLOW', {
      message: str('long overflow'),
      alternative: str(''),
      config: str(ANSI_CONFIG.text),
    });
    return tryable(n as string, (v) => {
      const micros = factor === 1 ? `CAST(${v} AS BIGINT)` : `CAST(${v} AS BIGINT) * ${factor}`;
      return `(CASE WHEN ${v} IS NULL THEN NULL ELSE coalesce(try(make_timestamptz(${micros})), CAST(${overflow} AS TIMESTAMPTZ)) END)`;
    });
  };

export const DATETIME_EXTRA_COMPILERS: readonly FunctionCompiler[] = compilers({
  timestamp_millis: fromEpoch(1000),
  timestamp_micros: fromEpoch(1),
  // DateTimeUtils.getDayName / getMonthName: English 3-letter names.
  dayname: ([d]) => `strftime(${d}, '%a')`,
  monthname: ([d]) => `strftime(${d}, '%b')`,
  timestampadd: ([, count, start], args, resolved, semantics) =>
    // try() below refuses an operand that calls a volatile function (its own error() check): bound first.
    tryable(count as string, (n) =>
      tryable(start as string, (t) => timestampAdd(n, t, args, resolved, semantics)),
    ),
});

/** TimestampAdd: java.time's plus of the unit in the session zone (DateTimeUtils.timestampAdd). */
function timestampAdd(
  n: string,
  t: string,
  args: readonly CompiledArg[],
  resolved: ResolvedCall,
  semantics: SessionSemantics,
): string {
  const unit = literalString(args[0])?.toUpperCase() ?? '';
  const ntz = resolved.returnType.kind === 'primitive' && resolved.returnType.name === 'timestamp_ntz';
  const quantity = `CAST(${n} AS BIGINT)`;
  const micros = UNIT_MICROS[unit];
  const interval = UNIT_INTERVAL[unit];
  let sum: string;
  if (micros !== undefined) sum = `try(${t} + to_microseconds(${quantity} * ${micros}))`;
  else if (interval === undefined)
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `timestampadd with the unit ${unit}` });
  else if (ntz) sum = `try(${t} + ${interval(quantity)})`;
  else {
    const zone = sessionZone(semantics);
    sum = instantOf(`try(${localOf(t as string, zone)} + ${interval(quantity)})`, zone);
  }
  // java.time's overflow (past DuckDB's range here) is DATETIME_OVERFLOW.
  const shown = ntz ? (t as string) : localOf(t as string, sessionZone(semantics));
  const overflow = raise('DATETIME_OVERFLOW', {
    operation: `'add ' || ${n} || ' ${unit} to TIMESTAMP ''' || CAST(${shown} AS VARCHAR) || ''''`,
  });
  return `(CASE WHEN ${n} IS NULL OR ${t} IS NULL THEN NULL ELSE coalesce(${sum}, CAST(${overflow} AS ${ntz ? 'TIMESTAMP' : 'TIMESTAMPTZ'})) END)`;
}
