/**
 * INTERVAL literals (AstBuilder.visitInterval): a unit list or a `YEAR TO MONTH` / `DAY TO SECOND`
 * qualified string gives an ANSI interval type when the units stay within one family (years/months, or
 * weeks, days to seconds and milli/microseconds); mixing the families gives the legacy CalendarIntervalType
 * here, where Spark 3.2+ raises a parse error.
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
    case 'units':
      return unitsInterval(
        lit.units.map((u) => ({ value: u.value.replace(/^'|'$/g, '').trim(), unit: u.unit })),
      );
    case 'string':
      return unitsInterval(parseUnitString(lit.value));
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

function unitsInterval(units: readonly { value: string; unit: IntervalUnit }[]): BoundExpr {
  const allYm = units.every((u) => YM[u.unit] !== undefined);
  const allDt = units.every((u) => UNIT_DT[u.unit] !== undefined);
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

function qualifiedInterval(value: string, from: IntervalUnit, to: IntervalUnit): BoundExpr {
  const text = value.trim();
  if (YM[from] !== undefined && YM[to] !== undefined) {
    const m = /^([+-])?(\d+)(?:-(\d+))?$/.exec(text);
    if (!m) throw invalidInterval(value);
    const sign = m[1] === '-' ? -1 : 1;
    const months =
      from === 'YEAR' && to === 'MONTH'
        ? Number(m[2]) * 12 + Number(m[3] ?? 0)
        : from === 'YEAR'
          ? Number(m[2]) * 12
          : Number(m[2]);
    return {
      kind: 'literal',
      value: sign * months,
      type: { kind: 'yearMonthInterval', startField: YM[from]!, endField: YM[to]! },
    };
  }
  const start = DT[from];
  const end = DT[to];
  if (start === undefined || end === undefined) throw invalidInterval(value);
  const m = /^([+-])?(?:(\d+)\s+)?(\d+)(?::(\d+))?(?::(\d+(?:\.\d+)?))?$/.exec(text);
  if (!m) throw invalidInterval(value);
  const sign = m[1] === '-' ? -1n : 1n;
  const nums = [m[2], m[3], m[4], m[5]].filter((x) => x !== undefined) as string[];
  const units = (['DAY', 'HOUR', 'MINUTE', 'SECOND'] as const).slice(start, end + 1);
  let micros = 0n;
  nums.slice(-units.length).forEach((n, i) => {
    micros += decimalMicros(n, MICROS[units[units.length - Math.min(nums.length, units.length) + i]!]!);
  });
  return {
    kind: 'literal',
    value: sign * micros,
    type: { kind: 'dayTimeInterval', startField: start, endField: end },
  };
}

function invalidInterval(text: string): LakesqlError {
  return new LakesqlError('INVALID_TYPED_LITERAL', { valueType: '"INTERVAL"', value: `'${text}'` });
}
