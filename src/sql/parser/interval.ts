/**
 * INTERVAL literals (Spark's `interval` rule): INTERVAL '…' (a string Spark parses as a calendar
 * interval), INTERVAL 1 DAY 2 HOURS (value-unit pairs, units singular or plural), and
 * INTERVAL '1-2' YEAR TO MONTH (ANSI qualified).
 */

import { LakesqlError } from '../../errors/index.js';
import type { Expression, IntervalUnit } from '../ast/expressions.js';
import type { Parser } from './parser-core.js';

const UNITS: Readonly<Record<string, IntervalUnit>> = {
  YEAR: 'YEAR',
  YEARS: 'YEAR',
  MONTH: 'MONTH',
  MONTHS: 'MONTH',
  WEEK: 'WEEK',
  WEEKS: 'WEEK',
  DAY: 'DAY',
  DAYS: 'DAY',
  HOUR: 'HOUR',
  HOURS: 'HOUR',
  MINUTE: 'MINUTE',
  MINUTES: 'MINUTE',
  SECOND: 'SECOND',
  SECONDS: 'SECOND',
  MILLISECOND: 'MILLISECOND',
  MILLISECONDS: 'MILLISECOND',
  MICROSECOND: 'MICROSECOND',
  MICROSECONDS: 'MICROSECOND',
};

function isUnit(p: Parser, k = 0): boolean {
  const t = k === 0 ? p.tok : p.peek(k);
  return t.type === 'word' && t.upper in UNITS;
}

/** A signed number or a string, as written (Spark's `intervalValue`). */
function intervalValue(p: Parser): string | undefined {
  let sign = '';
  let k = 0;
  if (p.isOp('-') || p.isOp('+')) {
    sign = p.tok.value === '-' ? '-' : '';
    k = 1;
  }
  const t = p.peek(k);
  if (t.type !== 'number' && t.type !== 'string') return undefined;
  p.pos += k + 1;
  if (t.type === 'string' && sign === '-') return t.value.startsWith('-') ? t.value.slice(1) : `-${t.value}`;
  return sign + t.value;
}

export function parseInterval(p: Parser): Expression {
  const start = p.expectKw('INTERVAL').start;
  const stringOnly = p.tok.type === 'string';
  const firstIsString = (p.isOp('-') || p.isOp('+') ? p.peek(1) : p.tok).type === 'string';
  const first = intervalValue(p);
  if (first === undefined) throw p.error();
  if (isNanosecond(p)) refuseNanoseconds(p, [], first);
  if (!isUnit(p)) {
    if (!stringOnly) throw p.error();
    const span = p.spanFrom(start);
    return { kind: 'interval', value: { form: 'string', value: first, sourceText: sourceOf(p, span) }, span };
  }
  const unitToken = p.advance();
  const unit = UNITS[unitToken.upper]!;
  if (p.isKw('TO') && isUnit(p, 1)) {
    // AstBuilder.visitUnitToUnitInterval takes only a string: `INTERVAL 1 YEAR TO MONTH` is refused.
    if (!firstIsString) throw new LakesqlError('_LEGACY_ERROR_TEMP_0027', {});
    p.advance();
    const to = UNITS[p.advance().upper]!;
    if (followsValueAndUnit(p)) throw new LakesqlError('_LEGACY_ERROR_TEMP_0024', {});
    return {
      kind: 'interval',
      value: { form: 'qualified', value: first, from: unit, to },
      span: p.spanFrom(start),
    };
  }
  const units = [{ value: first, unit }];
  const written = [{ value: first, written: unitToken.value }];
  for (;;) {
    const saved = p.pos;
    const value = intervalValue(p);
    if (value === undefined) break;
    if (isNanosecond(p)) refuseNanoseconds(p, written, value);
    if (!isUnit(p)) {
      p.pos = saved;
      break;
    }
    const token = p.advance();
    units.push({ value, unit: UNITS[token.upper]! });
    written.push({ value, written: token.value });
  }
  // errorCapturingMultiUnitsInterval: a `'…' <from> TO <to>` after value-unit pairs.
  if (p.isKw('TO') && isUnit(p, 1)) throw new LakesqlError('_LEGACY_ERROR_TEMP_0024', {});
  const span = p.spanFrom(start);
  return { kind: 'interval', value: { form: 'units', units, sourceText: sourceOf(p, span) }, span };
}

/**
 * errorCapturingUnitToUnitInterval: Spark's grammar takes one more unit list or from-to pair after a
 * `'…' <from> TO <to>` only to refuse it.
 */
function followsValueAndUnit(p: Parser): boolean {
  const saved = p.pos;
  const found = intervalValue(p) !== undefined && (isUnit(p) || isNanosecond(p));
  p.pos = saved;
  return found;
}

function sourceOf(p: Parser, span: { readonly start: number; readonly end: number }): string {
  return p.text.slice(span.start, span.end);
}

const isNanosecond = (p: Parser) => p.tok.type === 'word' && /^NANOSECONDS?$/.test(p.tok.upper);

/**
 * Spark's grammar knows NANOSECOND(S) as a unit of a unit list, then IntervalUtils.stringToInterval refuses
 * it on the string AstBuilder joins the pairs into (` <value> <unit>` each).
 */
function refuseNanoseconds(
  p: Parser,
  before: readonly { readonly value: string; readonly written: string }[],
  value: string,
): never {
  const pairs = [...before, { value, written: p.tok.value }];
  const input = pairs.map((u) => ` ${u.value.replace(/^'|'$/g, '')} ${u.written}`).join('');
  throw new LakesqlError('INVALID_INTERVAL_FORMAT.INVALID_UNIT', {
    input,
    unit: p.tok.value.toLowerCase(),
  });
}
