/**
 * INTERVAL literals' shapes (AstBuilder.visitUnitToUnitInterval and visitMultiUnitsInterval): a from-to
 * string must hold exactly the qualifier's fields; a unit list's string values hold no letters.
 */
import { describe, expect, it } from 'vitest';
import { LakesqlError } from '../../errors/index.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { parseExpression } from '../../sql/index.js';
import { intervalExpr } from './intervals.js';

function literal(text: string): unknown {
  const e: Expression = parseExpression(text);
  if (e.kind !== 'interval') throw new Error('not an interval literal');
  const bound = intervalExpr(e.value);
  return bound.kind === 'literal' ? { value: bound.value, type: bound.type } : bound;
}

function failure(text: string): { errorClass: string; params: Record<string, unknown> } {
  try {
    literal(text);
  } catch (e) {
    if (e instanceof LakesqlError) return { errorClass: e.errorClass, params: { ...e.messageParameters } };
    throw e;
  }
  throw new Error(`${text} did not fail`);
}

describe('INTERVAL literals', () => {
  it('reads a from-to string with exactly its fields, signs inside and outside combined', () => {
    expect(literal("INTERVAL '1 2:03' DAY TO MINUTE")).toEqual({
      value: 93_780_000_000n,
      type: { kind: 'dayTimeInterval', startField: 0, endField: 2 },
    });
    expect(literal("INTERVAL -'-1 2:3:4.001' DAY TO SECOND")).toMatchObject({ value: 93_784_001_000n });
    expect(literal("INTERVAL '\\n 15:40:32.99899999 ' HOUR TO SECOND")).toMatchObject({
      value: 56_432_998_999n,
    });
    expect(literal("INTERVAL -'1-1' YEAR TO MONTH")).toEqual({
      value: -13,
      type: { kind: 'yearMonthInterval', startField: 0, endField: 1 },
    });
  });

  it('refuses a from-to string of other fields with UNMATCHED_FORMAT_STRING(_WITH_NOTICE)', () => {
    expect(failure("INTERVAL '20 15:40:32.99899999' DAY TO HOUR")).toEqual({
      errorClass: 'INVALID_INTERVAL_FORMAT.UNMATCHED_FORMAT_STRING_WITH_NOTICE',
      params: {
        input: '20 15:40:32.99899999',
        intervalStr: 'day-time',
        supportedFormat: "`[+|-]d h`, `INTERVAL [+|-]'[+|-]d h' DAY TO HOUR`",
        typeName: 'interval day to hour',
      },
    });
    expect(failure("INTERVAL '15:40' HOUR TO SECOND").errorClass).toBe(
      'INVALID_INTERVAL_FORMAT.UNMATCHED_FORMAT_STRING_WITH_NOTICE',
    );
    expect(failure("INTERVAL '-\t2-2\t' YEAR TO MONTH")).toEqual({
      errorClass: 'INVALID_INTERVAL_FORMAT.UNMATCHED_FORMAT_STRING',
      params: {
        input: '-\t2-2\t',
        intervalStr: 'year-month',
        supportedFormat: "`[+|-]y-m`, `INTERVAL [+|-]'[+|-]y-m' YEAR TO MONTH`",
        typeName: 'interval year to month',
      },
    });
    expect(failure("INTERVAL '1' YEAR TO SECOND")).toEqual({
      errorClass: 'INVALID_INTERVAL_FORMAT.UNSUPPORTED_FROM_TO_EXPRESSION',
      params: { input: '1', from: 'year', to: 'second' },
    });
  });

  it('refuses a number before TO, and letters in a unit list value', () => {
    expect(failure('INTERVAL 1 YEAR TO MONTH').errorClass).toBe('_LEGACY_ERROR_TEMP_0027');
    expect(failure("INTERVAL '1 day 2' DAY")).toEqual({
      errorClass: '_LEGACY_ERROR_TEMP_0026',
      params: { value: '1 day 2' },
    });
    expect(literal("INTERVAL '2' DAY 3 HOURS")).toMatchObject({ value: 183_600_000_000n });
    // stringToInterval lets spaces stand between a value's sign and its digits.
    expect(literal("INTERVAL '-\\t 1' DAY")).toMatchObject({ value: -86_400_000_000n });
  });

  it('refuses year-month units mixed with day-time ones, quoting the literal as written', () => {
    expect(failure("interval '-1 month 1 day -1 second'")).toEqual({
      errorClass: '_LEGACY_ERROR_TEMP_0029',
      params: { literal: "interval '-1 month 1 day -1 second'" },
    });
    expect(failure('INTERVAL 1 year 2 month 3 week')).toEqual({
      errorClass: '_LEGACY_ERROR_TEMP_0029',
      params: { literal: 'INTERVAL 1 year 2 month 3 week' },
    });
  });

  it('refuses a second unit list or from-to pair next to a from-to pair', () => {
    for (const text of [
      "interval '10-9' year to month '2-1' year to month",
      "interval '10-9' year to month '1' year",
      "interval 1 year '2-1' year to month",
    ]) {
      expect(failure(text).errorClass).toBe('_LEGACY_ERROR_TEMP_0024');
    }
  });

  it('refuses nanoseconds on the string Spark joins the unit list into', () => {
    expect(failure('interval 1 day 10 nanoseconds')).toEqual({
      errorClass: 'INVALID_INTERVAL_FORMAT.INVALID_UNIT',
      params: { input: ' 1 day 10 nanoseconds', unit: 'nanoseconds' },
    });
  });

  it('bounds each day-time field and the total, reaching exactly Long.MIN_VALUE microseconds', () => {
    expect(literal("INTERVAL '-106751991 04:00:54.775808' DAY TO SECOND")).toMatchObject({
      value: -9_223_372_036_854_775_808n,
    });
    expect(failure("INTERVAL '106751992 04' DAY TO HOUR")).toEqual({
      errorClass: '_LEGACY_ERROR_TEMP_0063',
      params: { msg: 'requirement failed: day 106751992 outside range [0, 106751991]' },
    });
    expect(failure("INTERVAL '1 24:00' DAY TO MINUTE").params).toEqual({
      msg: 'requirement failed: hour 24 outside range [0, 23]',
    });
    expect(failure("INTERVAL '106751991 04:00:54.775808' DAY TO SECOND")).toEqual({
      errorClass: '_LEGACY_ERROR_TEMP_0063',
      params: { msg: 'long overflow' },
    });
    expect(failure("INTERVAL '178956970-8' YEAR TO MONTH").errorClass).toBe(
      'INVALID_INTERVAL_FORMAT.INTERVAL_PARSING',
    );
  });
});
