/**
 * Spark's time windows (TimeWindow, resolved by the TimeWindowing rule): window(timeColumn, windowDuration
 * [, slideDuration[, startTime]]) is the struct<start, end> of the window holding each time. The durations are
 * constant strings ('10 minutes') or day-time intervals, in microseconds; months are refused as Spark does.
 * A slide shorter than the window puts a row in several windows: analyzer/sliding-windows.ts expands them.
 */
import { LakesqlError } from '../../errors/index.js';
import { field, StringType, struct, TimestampType } from '../../types/data-types.js';
import type { ScalarValue } from '../../types/scalar.js';
import type { ArgInfo, FunctionSignature } from './function-signature.js';
import { callSql, checkArity, custom, expectArg, unexpectedInputType } from './signature-kit.js';
import { isPrimitiveNamed, isStringLike } from './type-classes.js';

const UNIT_MICROS: Readonly<Record<string, bigint>> = {
  WEEK: 7n * 86_400_000_000n,
  DAY: 86_400_000_000n,
  HOUR: 3_600_000_000n,
  MINUTE: 60_000_000n,
  SECOND: 1_000_000n,
  MILLISECOND: 1000n,
  MICROSECOND: 1n,
};

/** `10 minutes`, `1 hour 30 minutes`, `interval 1 day`: microseconds, or undefined when not such text. */
function durationText(text: string): bigint | { months: true } | undefined {
  const tokens = text
    .trim()
    .replace(/^interval\s+/i, '')
    .split(/\s+/)
    .filter(Boolean);
  if (tokens.length === 0 || tokens.length % 2 !== 0) return undefined;
  let micros = 0n;
  for (let i = 0; i < tokens.length; i += 2) {
    const unit = (tokens[i + 1] ?? '').toUpperCase().replace(/S$/, '');
    if (unit === 'MONTH' || unit === 'YEAR') return { months: true };
    const per = UNIT_MICROS[unit];
    const m = /^([+-]?)(\d+)(?:\.(\d{1,6}))?$/.exec(tokens[i] ?? '');
    if (per === undefined || !m) return undefined;
    const whole = BigInt(m[2] ?? '0') * per + (BigInt((m[3] ?? '').padEnd(6, '0')) * per) / 1_000_000n;
    micros += m[1] === '-' ? -whole : whole;
  }
  return micros;
}

/** TimeWindow.getIntervalInMicroSeconds of a constant duration argument. */
export function durationMicros(value: ScalarValue | undefined, text: string): bigint {
  let parsed: bigint | { months: true } | undefined;
  if (typeof value === 'bigint') parsed = value;
  else if (typeof value === 'string') parsed = durationText(value);
  else {
    // A legacy CalendarInterval literal (analyzer/intervals.ts) carries its months, days and microseconds.
    const c = value as unknown as {
      kind?: string;
      months: number;
      days: number;
      microseconds: bigint;
    } | null;
    if (c?.kind === 'calendarInterval')
      parsed = c.months !== 0 ? { months: true } : BigInt(c.days) * 86_400_000_000n + c.microseconds;
  }
  if (typeof parsed === 'bigint') return parsed;
  if (parsed?.months) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `window durations in months or years (${text})`,
    });
  }
  throw new LakesqlError('CAST_INVALID_INPUT', {
    expression: `'${text}'`,
    sourceType: '"STRING"',
    targetType: '"INTERVAL"',
    ansiConfig: '"spark.sql.ansi.enabled"',
  });
}

const DURATION_NAMES = ['window_duration', 'slide_duration', 'start_time'];

function outOfRange(args: readonly ArgInfo[], name: string, range: string, value: bigint): LakesqlError {
  return new LakesqlError('DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE', {
    sqlExpr: callSql('window', args),
    exprName: `\`${name}\``,
    valueRange: range,
    currentValue: `${value}L`,
  });
}

/** The window, slide and start of a call, in microseconds, checked as TimeWindow.checkInputDataTypes does. */
export function windowSpec(args: readonly ArgInfo[]): { window: bigint; slide: bigint; start: bigint } {
  const micros = args.slice(1, 4).map((a, i) => {
    const t = a.type;
    const interval = t.kind === 'dayTimeInterval' || t.kind === 'calendarInterval';
    if (!a.foldable || (!interval && !isStringLike(t)))
      throw unexpectedInputType('window', args, i + 1, '"INTERVAL" or "STRING" literal');
    if (a.value === undefined)
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `window durations other than a string or day-time interval literal (${a.sql})`,
      });
    return durationMicros(a.value, a.sql);
  });
  const window = micros[0] as bigint;
  const slide = micros[1] ?? window;
  const start = micros[2] ?? 0n;
  const max = '9223372036854775807';
  if (window <= 0n) throw outOfRange(args, DURATION_NAMES[0] as string, `(0, ${max}]`, window);
  if (slide <= 0n) throw outOfRange(args, DURATION_NAMES[1] as string, `(0, ${max}]`, slide);
  if (slide > window) throw outOfRange(args, DURATION_NAMES[1] as string, `(0, ${window}]`, slide);
  if (start < 0n ? -start >= slide : start >= slide)
    throw outOfRange(args, DURATION_NAMES[2] as string, `(-${slide}, ${slide})`, start);
  return { window, slide, start };
}

export const TIME_WINDOW_FUNCTIONS: readonly FunctionSignature[] = [
  custom(
    'window',
    'scalar',
    (args) => {
      checkArity('window', args, 2, 4);
      const t = expectArg('window', args, 0, 'timestamp');
      const timeType = isPrimitiveNamed(t, 'timestamp_ntz') ? t : TimestampType;
      windowSpec(args);
      return {
        inputTypes: [timeType, ...args.slice(1).map((a) => (isStringLike(a.type) ? StringType : a.type))],
        returnType: struct([field('start', timeType), field('end', timeType)]),
      };
    },
    // Spark's TimeWindowing aliases the struct `window`.
    { prettyName: () => 'window' },
  ),
];
