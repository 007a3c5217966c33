/**
 * INTERVAL literals (AstBuilder.visitInterval): a unit list or a `YEAR TO MONTH` / `DAY TO SECOND`
 * qualified string gives an ANSI interval type when the units stay within one family (years/months, or
 * weeks, days to seconds and milli/microseconds); mixing the families is _LEGACY_ERROR_TEMP_0029, as in
 * Spark 3.2+ without spark.sql.legacy.interval.enabled.
 */
import { LakesqlError } from '../../errors/index.js';
import type { IntervalLiteral, IntervalUnit } from '../../sql/ast/expressions.js';
import type { BoundExpr } from '../logical/bound-expression.js';

const YM: Partial<Record<IntervalUnit, 0 | 1>> = { YEAR: 0, MONTH: 1 };
const DT: Partial<Record<IntervalUnit, 0 | 1 | 2 | 3>> = { DAY: 0, HOUR: 1, MINUTE: 2, SECOND: 3 };
/** In a unit list, weeks count as days and milli/microseconds as seconds (AstBuilder.visitInterval). */
const UNIT_DT: Partial<Record<IntervalUnit, 0 | 1 | 2 | 3>> = {
  ...DT,
  WEEK: 0,
  MILLISECOND: 3,
  MICROSECOND: 3,
};
const MICROS: Record<string, bigint> = {
  DAY: 86_400_000_000n,
  HOUR: 3_600_000_000n,
  MINUTE: 60_000_000n,
  SECOND: 1_000_000n,
  MILLISECOND: 1000n,
  MICROSECOND: 1n,
  WEEK: 7n * 86_400_000_000n,
};

export function intervalExpr(lit: IntervalLiteral): BoundExpr {
  switch (lit.form) {
    case 'units': {
      // AstBuilder.visitMultiUnitsInterval (SPARK-32840): a value part holding a letter (`'1 day 2' HOUR`,
      // `'interval 1' DAY`) is refused before values and units are joined into one string.
      const withLetter = lit.units.find((u) => /\p{L}/u.test(u.value));
      if (withLetter) throw new LakesqlError('_LEGACY_ERROR_TEMP_0026', { value: withLetter.value });
      return unitsInterval(
        // stringToInterval, which reads the joined pairs, lets spaces stand between a sign and its digits.
        lit.units.map((u) => ({
          value: signJoined(u.value.replace(/^'|'$/g, '').trim()),
          unit: u.unit,
        })),
        lit.sourceText ?? `INTERVAL ${lit.units.map((u) => `${u.value} ${u.unit}`).join(' ')}`,
      );
    }
    case 'string':
      return unitsInterval(parseUnitString(lit.value), lit.sourceText ?? `INTERVAL '${lit.value}'`);
    case 'qualified':
      return qualifiedInterval(lit.value, lit.from, lit.to);
    default: {
      const never: never = lit;
      throw new Error(`unknown interval ${JSON.stringify(never)}`);
    }
  }
}

function parseUnitString(text: string): { value: string; unit: IntervalUnit }[] {
  const tokens = text
    .trim()
    .replace(/^interval\s+/i, '')
    .split(/\s+/)
    .filter(Boolean);
  if (tokens.length === 0 || tokens.length % 2 !== 0) throw invalidInterval(text);
  const out: { value: string; unit: IntervalUnit }[] = [];
  for (let i = 0; i < tokens.length; i += 2) {
    out.push({ value: tokens[i]!, unit: normalizeUnit(tokens[i + 1]!, text) });
  }
  return out;
}

function normalizeUnit(u: string, text: string): IntervalUnit {
  const up = u.toUpperCase().replace(/S$/, '');
  const known: IntervalUnit[] = [
    'YEAR',
    'MONTH',
    'WEEK',
    'DAY',
    'HOUR',
    'MINUTE',
    'SECOND',
    'MILLISECOND',
    'MICROSECOND',
  ];
  if (!known.includes(up as IntervalUnit)) throw invalidInterval(text);
  return up as IntervalUnit;
}

function unitsInterval(units: readonly { value: string; unit: IntervalUnit }[], literal: string): BoundExpr {
  const allYm = units.every((u) => YM[u.unit] !== undefined);
  const allDt = units.every((u) => UNIT_DT[u.unit] !== undefined);
  // AstBuilder.constructMultiUnitsIntervalLiteral: without spark.sql.legacy.interval.enabled a literal is an
  // ANSI interval, and one of years or months with days or smaller units has no ANSI type.
  if (!allYm && !allDt) throw new LakesqlError('_LEGACY_ERROR_TEMP_0029', { literal });
  if (allYm) {
    let months = 0;
    for (const u of units) months += Math.trunc(Number(u.value)) * (u.unit === 'YEAR' ? 12 : 1);
    const fields = units.map((u) => YM[u.unit]!);
    return {
      kind: 'literal',
      value: months,
      type: {
        kind: 'yearMonthInterval',
        startField: Math.min(...fields) as 0 | 1,
        endField: Math.max(...fields) as 0 | 1,
      },
    };
  }
  if (allDt) {
    let micros = 0n;
    for (const u of units) micros += decimalMicros(u.value, MICROS[u.unit]!);
    const fields = units.map((u) => UNIT_DT[u.unit]!);
    return {
      kind: 'literal',
      value: micros,
      type: {
        kind: 'dayTimeInterval',
        startField: Math.min(...fields) as 0 | 1 | 2 | 3,
        endField: Math.max(...fields) as 0 | 1 | 2 | 3,
      },
    };
  }
  let months = 0;
  let days = 0;
  let micros = 0n;
  for (const u of units) {
    if (u.unit === 'YEAR') months += 12 * Number(u.value);
    else if (u.unit === 'MONTH') months += Number(u.value);
    else if (u.unit === 'DAY') days += Number(u.value);
    else if (u.unit === 'WEEK') days += 7 * Number(u.value);
    else micros += decimalMicros(u.value, MICROS[u.unit]!);
  }
  return {
    kind: 'literal',
    value: { kind: 'calendarInterval', months, days, microseconds: micros },
    type: { kind: 'calendarInterval' },
  };
}

/** `1.5` seconds → 1500000 µs, exactly. */
function decimalMicros(text: string, unitMicros: bigint): bigint {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!m) throw invalidInterval(text);
  const frac = (m[3] ?? '').padEnd(9, '0').slice(0, 9);
  const whole = BigInt(m[2] || '0') * unitMicros + (BigInt(frac) * unitMicros) / 1_000_000_000n;
  return m[1] === '-' ? -whole : whole;
}

/**
 * `INTERVAL '…' <from> TO <to>` (AstBuilder.visitUnitToUnitInterval): IntervalUtils.fromYearMonthString and
 * fromDayTimeString, which parse as CAST(string AS INTERVAL …) does (castStringToYMInterval /
 * castStringToDTInterval): the trimmed text must have exactly the qualifier's fields (`[+|-]y-m`,
 * `[+|-]d h:m:s.n`, `[+|-]h:m`, …) or be written `INTERVAL [+|-]'…' <from> TO <to>`; anything else is
 * INVALID_INTERVAL_FORMAT.UNMATCHED_FORMAT_STRING (…_WITH_NOTICE for day-time, which names the legacy parser).
 */
function qualifiedInterval(value: string, from: IntervalUnit, to: IntervalUnit): BoundExpr {
  // UTF8String.trimAll: every character up to the space, at both ends.
  const text = trimAll(value);
  if (YM[from] !== undefined && YM[to] !== undefined) {
    if (from === 'YEAR' && to === 'MONTH') {
      const inner = '([+|-])?(\\d+)-(\\d+)';
      const m = matchQualified(text, inner, 'YEAR TO MONTH');
      if (!m) throw unmatchedFormat(value, 'year-month', ['[+|-]y-m'], 'YEAR TO MONTH');
      const months = Number(m.digits[0]) * 12 + Number(m.digits[1]);
      const signed = m.negative ? -months : months;
      // castStringToYMInterval: the months must fit an INT.
      if (signed < -2147483648 || signed > 2147483647) {
        throw new LakesqlError('INVALID_INTERVAL_FORMAT.INTERVAL_PARSING', {
          input: value,
          interval: 'year-month',
          msg: 'integer overflow',
        });
      }
      return {
        kind: 'literal',
        value: signed,
        type: { kind: 'yearMonthInterval', startField: 0, endField: 1 },
      };
    }
    throw unsupportedFromTo(value, from, to);
  }
  const start = DT[from];
  const end = DT[to];
  if (start === undefined || end === undefined || start >= end) throw unsupportedFromTo(value, from, to);
  const fields = (['DAY', 'HOUR', 'MINUTE', 'SECOND'] as const).slice(start, end + 1);
  const qualifier = `${from} TO ${to}`;
  // castStringToDTInterval's dayTimePattern: the leading field unbounded, the others one or two digits.
  const inner = `([+|-])?${fields
    .map((f, i) => (i === 0 ? '(\\d+)' : `${f === 'HOUR' ? ' ' : ':'}(\\d{1,2})`))
    .join('')}${to === 'SECOND' ? '(\\.\\d{1,9})?' : ''}`;
  const m = matchQualified(text, inner, qualifier);
  const short = { DAY: 'd', HOUR: 'h', MINUTE: 'm', SECOND: 's.n' } as const;
  const bare = `[+|-]${fields.map((f, i) => (i === 0 ? '' : f === 'HOUR' ? ' ' : ':') + short[f]).join('')}`;
  if (!m) throw unmatchedFormat(value, 'day-time', [bare], qualifier);
  let micros = 0n;
  fields.forEach((f, i) => {
    const field = BigInt(m.digits[i]!);
    const max = i === 0 ? LEADING_MAX[f] : TRAILING_MAX[f];
    // IntervalUtils.toLongWithRange's `require`, which visitUnitToUnitInterval reports as it is.
    if (field > max) {
      throw new LakesqlError('_LEGACY_ERROR_TEMP_0063', {
        msg: `requirement failed: ${f.toLowerCase()} ${field} outside range [0, ${max}]`,
      });
    }
    micros += field * MICROS[f]!;
  });
  const fraction = m.digits[fields.length];
  if (fraction) micros += BigInt(fraction.slice(1).padEnd(9, '0')) / 1000n;
  const signed = m.negative ? -micros : micros;
  // Spark adds the signed fields with Math.addExact: only Long.MIN_VALUE itself is reachable below zero.
  if (signed < LONG_MIN || signed > LONG_MAX) {
    throw new LakesqlError('_LEGACY_ERROR_TEMP_0063', { msg: 'long overflow' });
  }
  return {
    kind: 'literal',
    value: signed,
    type: { kind: 'dayTimeInterval', startField: start, endField: end },
  };
}

const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;
/** A leading field may hold a whole LONG of microseconds (IntervalUtils.MAX_DAY, MAX_HOUR, …). */
const LEADING_MAX: Record<'DAY' | 'HOUR' | 'MINUTE' | 'SECOND', bigint> = {
  DAY: LONG_MAX / 86_400_000_000n,
  HOUR: LONG_MAX / 3_600_000_000n,
  MINUTE: LONG_MAX / 60_000_000n,
  SECOND: LONG_MAX / 1_000_000n,
};
const TRAILING_MAX: Record<'DAY' | 'HOUR' | 'MINUTE' | 'SECOND', bigint> = {
  DAY: LEADING_MAX.DAY,
  HOUR: 23n,
  MINUTE: 59n,
  SECOND: 59n,
};

/** `- 1` as `-1`: the characters up to the space between a leading sign and the digits dropped. */
function signJoined(value: string): string {
  return value.startsWith('-') || value.startsWith('+') ? value[0] + trimAll(value.slice(1)) : value;
}

/** UTF8String.trimAll: drops the characters up to the space (U+0000-U+0020) from both ends. */
function trimAll(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}

/** The text as `inner`, or as `INTERVAL [+|-]'inner' <qualifier>`; signs inside and outside combine. */
function matchQualified(
  text: string,
  inner: string,
  qualifier: string,
): { negative: boolean; digits: (string | undefined)[] } | undefined {
  const bare = new RegExp(`^${inner}$`).exec(text);
  if (bare) return { negative: bare[1] === '-', digits: bare.slice(2) };
  const words = qualifier.split(' ').join('\\s+');
  const literal = new RegExp(`^INTERVAL\\s+([+|-])?'${inner}'\\s+${words}$`, 'i').exec(text);
  if (!literal) return undefined;
  return { negative: (literal[1] === '-') !== (literal[2] === '-'), digits: literal.slice(3) };
}

function unmatchedFormat(
  input: string,
  intervalStr: 'year-month' | 'day-time',
  bare: readonly string[],
  qualifier: string,
): LakesqlError {
  const supportedFormat = [...bare, ...bare.map((b) => `INTERVAL [+|-]'${b}' ${qualifier}`)]
    .map((f) => `\`${f}\``)
    .join(', ');
  return new LakesqlError(
    intervalStr === 'day-time'
      ? 'INVALID_INTERVAL_FORMAT.UNMATCHED_FORMAT_STRING_WITH_NOTICE'
      : 'INVALID_INTERVAL_FORMAT.UNMATCHED_FORMAT_STRING',
    { input, intervalStr, supportedFormat, typeName: `interval ${qualifier.toLowerCase()}` },
  );
}

function unsupportedFromTo(input: string, from: IntervalUnit, to: IntervalUnit): LakesqlError {
  return new LakesqlError('INVALID_INTERVAL_FORMAT.UNSUPPORTED_FROM_TO_EXPRESSION', {
    input,
    from: from.toLowerCase(),
    to: to.toLowerCase(),
  });
}

function invalidInterval(text: string): LakesqlError {
  return new LakesqlError('INVALID_TYPED_LITERAL', { valueType: '"INTERVAL"', value: `'${text}'` });
}
