/**
 * CAST(string AS INTERVAL DAY|HOUR|MINUTE|SECOND [TO …]), after IntervalUtils.castStringToDTInterval: the form
 * of the target's own fields (`[+|-]d h:m:s.n`, `[+|-]h:m`, …, bare or as `INTERVAL [+|-]'…' DAY TO SECOND`),
 * else a single number (`[+|-]n[.n]`, or `INTERVAL [+|-]'…' DAY|HOUR|MINUTE|SECOND`) for a single-field
 * target. The result is the microseconds, as DuckDB's to_microseconds.
 *
 * Where Spark throws a raw Java exception (toDTInterval's `require` and Math.addExact are outside its
 * safeToInterval), this raises INVALID_INTERVAL_FORMAT.INTERVAL_PARSING with the same message, so that the
 * error keeps a class.
 */
import type { DayTimeIntervalType } from '../../types/data-types.js';
import type { CastEvalMode } from './compile-cast.js';
import {
  type Check,
  finalSign,
  type IntervalForm,
  IntervalStringCast,
  literalRegex,
  type Parsed,
  SIGN,
} from './interval-string-parsing.js';
import { wrapSql } from './sql-helpers.js';

const MICROS = { day: 86_400_000_000n, hour: 3_600_000_000n, minute: 60_000_000n, second: 1_000_000n };
type Field = 'day' | 'hour' | 'minute' | 'second';
const FIELDS: readonly Field[] = ['day', 'hour', 'minute', 'second'];
/** Long.MaxValue / MICROS_PER_<field>: the largest leading field toDTInterval accepts. */
const MAX = { day: 106751991n, hour: 2562047788n, minute: 153722867280912n, second: 9223372036854n };

const NORMAL = '(\\d{1,2})';
const FRACTION = '(\\.\\d{1,9})?';
/** Each field's digits when it leads (dayBoundPattern … secondBoundPattern) or follows (normalPattern). */
const LEADING = { day: '(\\d{1,9})', hour: '(\\d{1,10})', minute: '(\\d{1,12})' } as const;
const SEPARATOR = { hour: ' ', minute: ':', second: ':' } as const;
/** The single-number form: up to 13 digits and a fraction, whatever the field. */
const SINGLE = `${SIGN}(\\d{1,13})(\\.\\d{1,9})?`;
/** How many digits a single DAY, HOUR, MINUTE or SECOND may have. */
const SINGLE_DIGITS = { day: 9, hour: 10, minute: 12, second: 13 };
const SHORT = { day: 'd', hour: 'h', minute: 'm', second: 's.n' } as const;

export function castStringToDayTimeInterval(
  sql: string,
  to: DayTimeIntervalType,
  mode: CastEvalMode,
): string {
  const cast = new IntervalStringCast(sql, 'day-time', to, mode);
  const fields = FIELDS.slice(to.startField, to.endField + 1);
  const qualifier = fields.length === 1 ? fields[0]! : `${fields[0]} TO ${fields[fields.length - 1]}`;
  // IntervalUtils.supportedFormat: `[+|-]d h:m:s.n`, `INTERVAL [+|-]'[+|-]d h:m:s.n' DAY TO SECOND`.
  const bare = `[+|-]${fields.map((f, i) => (i === 0 ? SHORT[f] : `${SEPARATOR[f as keyof typeof SEPARATOR]}${SHORT[f]}`)).join('')}`;
  const supported = [bare, `INTERVAL [+|-]'${bare}' ${qualifier.toUpperCase()}`];
  const unmatched = cast.unmatched(supported);
  const forms: IntervalForm[] = [];
  if (fields.length > 1) {
    const inner = `${SIGN}${fields
      .map((f, i) =>
        i === 0 ? LEADING[f as keyof typeof LEADING] : `${SEPARATOR[f as keyof typeof SEPARATOR]}${NORMAL}`,
      )
      .join('')}${fields.includes('second') ? FRACTION : ''}`;
    // Groups: the sign(s), one per field, then the fraction.
    const parse = (signs: number) => (g: (i: number) => string) => {
      const sign = signs === 1 ? finalSign(g(1)) : finalSign(g(1), g(2));
      const values = fields.map((_, i) => g(signs + 1 + i));
      return fieldsToMicros(cast, fields, values, g(signs + 1 + fields.length), sign);
    };
    forms.push(
      { regex: `^${inner}$`, parse: parse(1) },
      { regex: literalRegex(inner, qualifier.toUpperCase()), parse: parse(2) },
    );
  }
  const single = fields.length === 1 ? fields[0]! : undefined;
  forms.push(
    { regex: `^${SINGLE}$`, parse: (g) => singleField(cast, unmatched, single, finalSign(g(1)), g(2), g(3)) },
    {
      regex: literalRegex(SINGLE, '(DAY|HOUR|MINUTE|SECOND)'),
      parse: (g) => {
        const unitMatches = single === undefined ? 'false' : `upper(${g(5)}) = '${single.toUpperCase()}'`;
        return singleField(cast, unmatched, single, finalSign(g(1), g(2)), g(3), g(4), unitMatches);
      },
    },
  );
  return `to_microseconds((${cast.compile(forms, supported)})::BIGINT)`;
}

/**
 * toDTInterval: the leading field in [0, Long.MaxValue / its unit] (days in [0, 106751991]), the others
 * within their unit (hours 0-23, minutes and seconds 0-59), the fraction's nanoseconds truncated to
 * microseconds, each added with Math.addExact. From a day, the sum cannot leave a LONG (106751991 days and
 * 23:59:59.999999 fit); from an hour or a minute it can.
 */
function fieldsToMicros(
  cast: IntervalStringCast,
  fields: readonly Field[],
  digits: readonly string[],
  fraction: string,
  sign: string,
): Parsed {
  const checks: Check[] = [];
  let sum = '0';
  fields.forEach((f, i) => {
    const n = `(${digits[i]})::HUGEINT`;
    const max = i === 0 ? MAX[f] : f === 'hour' ? 23n : 59n;
    checks.push(cast.inRange(f, n, 0, max));
    sum = `${sum} + ${sign} * ${n} * ${MICROS[f]}`;
    if (f === 'second') sum = `${sum} + ${sign} * ${fractionMicros(fraction)}`;
    if (fields[0] !== 'day' && i > 0) checks.push(cast.fitsOrOverflow(sum, 'long'));
  });
  return { checks, value: sum };
}

/** parseNanos: `.5` is 500000000 ns, truncated to 500000 µs. */
function fractionMicros(fraction: string): string {
  return `(CASE WHEN ${fraction} = '' THEN 0 ELSE rpad(substr(${fraction}, 2), 9, '0')::BIGINT // 1000 END)`;
}

/**
 * The single-number forms, for a single-field target only (else the format error). DAY, HOUR and MINUTE take
 * no fraction, and Spark multiplies them out with Java's unchecked LONG product (which wraps). SECOND is
 * parseSecondNano of the signed text: whole seconds in [-9223372036854, 9223372036854], then the fraction
 * with the sign of those seconds, so `-0.5` keeps a positive half second, as Spark computes it.
 */
function singleField(
  cast: IntervalStringCast,
  unmatched: string,
  field: Field | undefined,
  sign: string,
  digits: string,
  fraction: string,
  unitMatches = 'true',
): Parsed {
  if (field === undefined) return { checks: [{ fails: 'true', error: unmatched }], value: 'NULL' };
  const n = `(${digits})::HUGEINT`;
  const allowed =
    field === 'second'
      ? `length(${digits}) <= ${SINGLE_DIGITS.second}`
      : `${fraction} = '' AND length(${digits}) <= ${SINGLE_DIGITS[field]}`;
  const shape: Check = { fails: `NOT (${unitMatches} AND ${allowed})`, error: unmatched };
  if (field !== 'second') return { checks: [shape], value: wrapSql(`${sign} * ${n} * ${MICROS[field]}`, 64) };
  const seconds = `${sign} * ${n}`;
  const total = `${seconds} * ${MICROS.second} + (CASE WHEN ${seconds} < 0 THEN -1 ELSE 1 END) * ${fractionMicros(fraction)}`;
  return {
    checks: [
      shape,
      cast.inRange('second', seconds, -MAX.second, MAX.second),
      cast.fitsOrOverflow(total, 'long'),
    ],
    value: total,
  };
}
