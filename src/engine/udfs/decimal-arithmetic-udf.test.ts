import { describe, expect, it } from 'vitest';
import { roundedDecimalText, sparkDecimalArithmetic } from './decimal-arithmetic-udf.js';

describe("Spark's decimal arithmetic at the result scale", () => {
  it('rounds HALF_UP, away from zero on a tie', () => {
    expect(roundedDecimalText(125n, 2, 1)).toBe('1.3');
    expect(roundedDecimalText(-125n, 2, 1)).toBe('-1.3');
    expect(roundedDecimalText(-124n, 2, 1)).toBe('-1.2');
    expect(roundedDecimalText(5n, 1, 0)).toBe('1');
    expect(roundedDecimalText(-4n, 2, 1)).toBe('0.0');
    expect(roundedDecimalText(7n, 0, 3)).toBe('7.000');
  });

  it('keeps sums exact and rounds products at 39 digits, then to the scale', () => {
    expect(
      sparkDecimalArithmetic(
        '+',
        '12345678912345678912345678912.1234567',
        '9999999999999999999999999999999.12345',
        6,
      ),
    ).toBe('10012345678912345678912345678911.246907');
    expect(sparkDecimalArithmetic('*', '123456789123456789.1234567890', '1.123456789123456789', 18)).toBe(
      '138698367904130467.654320988515622621',
    );
    expect(sparkDecimalArithmetic('*', '10.300000000000000000', '3.0000000000000000000', 34)).toBe(
      `30.9${'0'.repeat(33)}`,
    );
  });

  it('divides at 39 places, then rounds to the scale; a zero divisor gives null', () => {
    expect(sparkDecimalArithmetic('/', '12345678912345.123456789123', '0.000000012345678', 9)).toBe(
      '1000000073899961059796.725866332',
    );
    expect(sparkDecimalArithmetic('/', '-2', '3', 6)).toBe('-0.666667');
    expect(sparkDecimalArithmetic('/', '1', '0.000', 6)).toBeNull();
  });
});
