/**
 * An ANSI interval times or divided by a number keeps its interval type (Spark's MultiplyYMInterval,
 * DivideYMInterval, MultiplyDTInterval, DivideDTInterval), rounding HALF_UP, on a real DuckDB session.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineSession } from '../../engine/engine-session.js';
import type { BinaryOperator } from '../../plan/types/binary-operator.js';
import { binaryOperatorSql } from './testing/binary-operator-sql.js';

let session: EngineSession;
beforeAll(async () => {
  session = await EngineSession.create({ threads: 1 });
});
afterAll(() => session.close());

const ANSI = { ansi: true, timeZone: 'UTC' };
const YM = 'interval year to month';
const DT = 'interval day to second';

/** The result's months (year-month) or microseconds (day-time), as DuckDB holds them. */
async function op(o: BinaryOperator, l: [string, string], r: [string, string]): Promise<number | null> {
  const { sql, resolved: res } = binaryOperatorSql(o, l, r, ANSI);
  const units =
    res.resultType.kind === 'yearMonthInterval'
      ? `datepart('year', ${sql}) * 12 + datepart('month', ${sql})`
      : `epoch_us(${sql})`;
  const rows = await session.all(`SELECT CAST(${units} AS DOUBLE) AS v, typeof(${sql}) AS t`);
  expect(rows[0]!.t).toBe('INTERVAL');
  expect(res.resultType.kind).toBe(l[1] === YM || r[1] === YM ? 'yearMonthInterval' : 'dayTimeInterval');
  return rows[0]!.v as number | null;
}

describe('interval * number and interval / number', () => {
  it('keeps the year-month type, on either side of *', async () => {
    expect(await op('*', ['to_months(28)', YM], ['2', 'int'])).toBe(56);
    expect(await op('*', ['2', 'int'], ['to_months(28)', YM])).toBe(56);
    expect(await op('*', ['to_months(5)', YM], ['1.5', 'double'])).toBe(8);
  });

  it('gives the whole interval type, whatever the fields of the operand (MultiplyYMInterval & co)', () => {
    const type = (o: BinaryOperator, l: [string, string], r: [string, string]) =>
      binaryOperatorSql(o, l, r, ANSI).resolved.resultType;
    expect(type('*', ['to_months(24)', 'interval year'], ['2', 'int'])).toEqual({
      kind: 'yearMonthInterval',
      startField: 0,
      endField: 1,
    });
    expect(type('*', ['2', 'int'], ['to_microseconds(2000000::BIGINT)', 'interval second'])).toEqual({
      kind: 'dayTimeInterval',
      startField: 0,
      endField: 3,
    });
    expect(type('/', ['to_days(2)', 'interval day'], ['2', 'int'])).toEqual({
      kind: 'dayTimeInterval',
      startField: 0,
      endField: 3,
    });
  });

  it('rounds a year-month quotient HALF_UP', async () => {
    expect(await op('/', ['to_months(28)', YM], ['3', 'int'])).toBe(9);
    expect(await op('/', ['to_months(5)', YM], ['2', 'int'])).toBe(3);
    expect(await op('/', ['to_months(-5)', YM], ['2', 'int'])).toBe(-3);
  });

  it('scales day-time intervals in microseconds', async () => {
    expect(await op('*', ['to_microseconds(93600000000::BIGINT)', DT], ['1.5', 'double'])).toBe(
      140_400_000_000,
    );
    expect(await op('/', ['to_days(1)', DT], ['7', 'int'])).toBe(12_342_857_143);
  });

  it('raises ARITHMETIC_OVERFLOW and INTERVAL_DIVIDED_BY_ZERO', async () => {
    await expect(op('*', ['to_months(2147483647)', YM], ['2', 'int'])).rejects.toMatchObject({
      errorClass: 'ARITHMETIC_OVERFLOW',
      messageParameters: { message: 'integer overflow' },
    });
    await expect(op('/', ['to_months(1)', YM], ['0', 'int'])).rejects.toMatchObject({
      errorClass: 'INTERVAL_DIVIDED_BY_ZERO',
    });
  });
});
