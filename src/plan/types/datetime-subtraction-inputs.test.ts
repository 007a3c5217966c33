/**
 * `x - y` with a timestamp on either side is SubtractTimestamps, and `x - date` is SubtractDates
 * (BinaryArithmeticWithDatetimeResolver): their input check names the operand no implicit cast makes a
 * timestamp (a date), instead of the numeric subtraction's BINARY_OP_DIFF_TYPES.
 */
import { describe, expect, it } from 'vitest';
import { DateType, IntegerType, TimestampType } from '../../types/data-types.js';
import type { DataType } from '../../types/index.js';
import { resolveBinaryOperator } from './binary-operator.js';

const DEC: DataType = { kind: 'decimal', precision: 3, scale: 0 };
const TS_SQL = 'CAST(2017-12-11 09:30:00.0 AS TIMESTAMP)';
const DATE_SQL = 'CAST(2017-12-11 09:30:00 AS DATE)';
const DEC_SQL = 'CAST(1 AS DECIMAL(3,0))';

function refusal(l: DataType, r: DataType, leftSql: string, rightSql: string, ansi: boolean) {
  try {
    resolveBinaryOperator('-', l, r, { ansi }, { leftSql, rightSql });
  } catch (e) {
    const { errorClass, sqlState, messageParameters } = e as {
      errorClass: string;
      sqlState: string;
      messageParameters: Record<string, string>;
    };
    return { errorClass, sqlState, messageParameters };
  }
  return undefined;
}

describe('subtraction with a datetime operand of the wrong type', () => {
  it('refuses a decimal beside a timestamp as SubtractTimestamps does, in either mode', () => {
    for (const ansi of [true, false]) {
      expect(refusal(TimestampType, DEC, TS_SQL, DEC_SQL, ansi)).toEqual({
        errorClass: 'DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE',
        sqlState: '42K09',
        messageParameters: {
          sqlExpr: `"(${TS_SQL} - ${DEC_SQL})"`,
          paramIndex: 'second',
          requiredType: '"(TIMESTAMP OR TIMESTAMP WITHOUT TIME ZONE)"',
          inputSql: `"${DEC_SQL}"`,
          inputType: '"DECIMAL(3,0)"',
        },
      });
    }
    expect(refusal(DEC, TimestampType, DEC_SQL, TS_SQL, true)?.messageParameters).toMatchObject({
      paramIndex: 'first',
      inputSql: `"${DEC_SQL}"`,
    });
  });

  it('refuses a number before a date as SubtractDates does, and keeps date - int as DateSub', () => {
    expect(refusal(DEC, DateType, DEC_SQL, DATE_SQL, true)?.messageParameters).toEqual({
      sqlExpr: `"(${DEC_SQL} - ${DATE_SQL})"`,
      paramIndex: 'first',
      requiredType: '"DATE"',
      inputSql: `"${DEC_SQL}"`,
      inputType: '"DECIMAL(3,0)"',
    });
    expect(
      resolveBinaryOperator('-', DateType, IntegerType, { ansi: true }, { leftSql: DATE_SQL, rightSql: '1' })
        .resultType,
    ).toEqual(DateType);
  });
});
