/**
 * `x + interval`, `interval + x`, `x - interval` with a day-time interval and an `x` that is no datetime
 * (BinaryArithmeticWithDatetimeResolver: Cast(TimeAdd(x, [-]i), x.dataType)).
 */
import { describe, expect, it } from 'vitest';
import { IntegerType, StringType, TimestampType } from '../../types/data-types.js';
import type { DataType } from '../../types/index.js';
import { resolveBinaryOperator } from './binary-operator.js';

const DAY: DataType = { kind: 'dayTimeInterval', startField: 0, endField: 0 };
const ANSI = { ansi: true };

describe('TimeAdd of a value that is no datetime', () => {
  it('casts a string to TIMESTAMP and the result back to STRING', () => {
    expect(resolveBinaryOperator('+', StringType, DAY, ANSI)).toEqual({
      leftCast: TimestampType,
      rightCast: DAY,
      resultType: TimestampType,
      form: 'datetimePlusInterval',
      resultCast: StringType,
    });
    expect(resolveBinaryOperator('+', DAY, StringType, { ansi: false })).toMatchObject({
      leftCast: DAY,
      rightCast: TimestampType,
      resultCast: StringType,
    });
    expect(resolveBinaryOperator('-', StringType, DAY, ANSI)).toMatchObject({
      form: 'datetimeMinusInterval',
      resultCast: StringType,
    });
  });

  it("fails any other type with TimeAdd's UNEXPECTED_INPUT_TYPE, named by TimeAdd's SQL", () => {
    const info = { leftSql: "INTERVAL '2' DAY", rightSql: 'CAST(1 AS INT)' };
    expect(() => resolveBinaryOperator('+', DAY, IntegerType, ANSI, info)).toThrow(
      expect.objectContaining({
        errorClass: 'DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE',
        messageParameters: {
          sqlExpr: `"CAST(1 AS INT) + INTERVAL '2' DAY"`,
          paramIndex: 'first',
          requiredType: '"(TIMESTAMP OR TIMESTAMP WITHOUT TIME ZONE)"',
          inputSql: '"CAST(1 AS INT)"',
          inputType: '"INT"',
        },
      }),
    );
    const minus = { leftSql: 'CAST(1 AS INT)', rightSql: "INTERVAL '2' DAY" };
    expect(() => resolveBinaryOperator('-', IntegerType, DAY, ANSI, minus)).toThrow(
      expect.objectContaining({
        messageParameters: expect.objectContaining({ sqlExpr: `"CAST(1 AS INT) + (- INTERVAL '2' DAY)"` }),
      }),
    );
  });

  it('leaves interval - number to the binary operator check', () => {
    expect(() => resolveBinaryOperator('-', DAY, IntegerType, ANSI, { leftSql: 'i', rightSql: 'n' })).toThrow(
      expect.objectContaining({ errorClass: 'DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES' }),
    );
  });
});
