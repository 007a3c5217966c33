/**
 * SET TIME ZONE (Spark's AstBuilder.visitSetTimeZone): sets spark.sql.session.timeZone and answers as
 * `SET key = value` does. LOCAL is the system's own zone (Spark: the JVM default, TimeZone.getDefault); an
 * interval is a fixed offset of whole seconds within ±18 hours, written as ZoneOffset#getId writes it.
 */
import { offsetId } from '../../engine/udfs/zone-rules.js';
import { LakesqlError } from '../../errors/index.js';
import { intervalExpr } from '../../plan/analyzer/intervals.js';
import type { IntervalLiteral } from '../../sql/ast/expressions.js';
import type { MiscStatement, TimeZoneSetting } from '../../sql/ast/statements-misc.js';
import { SESSION_TIME_ZONE } from '../conf/conf-entries.js';
import type { StatementResult } from '../statement-result.js';
import { type ConfContext, setConf } from './set-conf.js';

const MICROS_PER_SECOND = 1_000_000n;
const MICROS_PER_HOUR = 3_600n * MICROS_PER_SECOND;
const MICROS_PER_DAY = 24n * MICROS_PER_HOUR;

export function setTimeZone(
  session: ConfContext,
  stmt: Extract<MiscStatement, { kind: 'setTimeZone' }>,
): Promise<StatementResult> {
  const value = zoneValue(stmt.zone);
  return setConf(session, { kind: 'set', key: SESSION_TIME_ZONE, value, verbose: false, span: stmt.span });
}

function zoneValue(zone: TimeZoneSetting): string {
  switch (zone.form) {
    case 'local':
      return Intl.DateTimeFormat().resolvedOptions().timeZone;
    case 'id':
      return zone.id;
    case 'interval':
      return offsetId(offsetSeconds(zone.interval));
  }
}

/**
 * The offset an interval literal names. Spark refuses, naming the offending field: months, then days, then
 * hours beyond 18, then a fraction of a second (INVALID_INTERVAL_FORMAT.TIMEZONE_INTERVAL_OUT_OF_RANGE).
 */
export function offsetSeconds(literal: IntervalLiteral): number {
  const { months, days, micros } = calendarParts(literal);
  const outOfRange = (input: bigint | number) =>
    new LakesqlError('INVALID_INTERVAL_FORMAT.TIMEZONE_INTERVAL_OUT_OF_RANGE', { input: String(input) });
  if (months !== 0) throw outOfRange(months);
  if (days !== 0n) throw outOfRange(days);
  const limit = 18n * MICROS_PER_HOUR;
  if (micros > limit || micros < -limit) throw outOfRange(micros / MICROS_PER_HOUR);
  if (micros % MICROS_PER_SECOND !== 0n) throw outOfRange(micros / MICROS_PER_SECOND);
  return Number(micros / MICROS_PER_SECOND);
}

/**
 * Months, days and microseconds as Spark's CalendarInterval holds the literal: a day-time literal that starts
 * at DAY keeps its whole days apart; one that starts at HOUR or below is all microseconds.
 */
function calendarParts(literal: IntervalLiteral): { months: number; days: bigint; micros: bigint } {
  const bound = intervalExpr(literal);
  if (bound.kind !== 'literal') throw new Error('an interval literal binds to a literal');
  const v = bound.value;
  if (typeof v === 'number') return { months: v, days: 0n, micros: 0n };
  if (typeof v === 'bigint') {
    const startsAtDay = bound.type.kind === 'dayTimeInterval' && bound.type.startField === 0;
    return startsAtDay
      ? { months: 0, days: v / MICROS_PER_DAY, micros: v % MICROS_PER_DAY }
      : { months: 0, days: 0n, micros: v };
  }
  if (v !== null && typeof v === 'object' && 'kind' in v && v.kind === 'calendarInterval')
    return { months: v.months, days: BigInt(v.days), micros: v.microseconds };
  throw new Error('an interval literal is a number, a bigint or a calendar interval');
}
