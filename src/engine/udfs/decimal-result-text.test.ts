import { describe, expect, it } from 'vitest';
import { decimalResult, javaBigDecimalText } from './decimal-result-text.js';

const text = (op: string, x: string, y: string) => javaBigDecimalText(decimalResult(op, x, y));

describe("Spark's exact decimal result text", () => {
  it('adds and subtracts exactly, at the larger scale', () => {
    expect(text('+', '10012345678912345678912345678911.1', '0.1469067')).toBe(
      '10012345678912345678912345678911.2469067',
    );
    expect(
      text('-', '-4000000000000000000000000000000000000.1', '7000000000000000000000000000000000000'),
    ).toBe('-11000000000000000000000000000000000000.1');
  });

  it('multiplies to 39 significant digits, HALF_UP', () => {
    expect(text('*', '123456789123456789.1234567890', '1.123456789123456789')).toBe(
      '138698367904130467.654320988515622620750',
    );
    expect(text('*', '10.300000000000000000', '3.0000000000000000000')).toBe(
      '30.9000000000000000000000000000000000000',
    );
  });

  it('divides to 39 decimal places, HALF_UP', () => {
    expect(text('/', '12345678912345.123456789123', '0.000000012345678')).toBe(
      '1000000073899961059796.725866331521039184725213147467478092333',
    );
    expect(text('/', '-2', '3')).toBe(`-0.${'6'.repeat(38)}7`);
  });

  it("prints as Java's BigDecimal.toString", () => {
    expect(javaBigDecimalText({ unscaled: 15n, scale: -40 })).toBe('1.5E+41');
    expect(javaBigDecimalText({ unscaled: 5n, scale: 9 })).toBe('5E-9');
    expect(javaBigDecimalText({ unscaled: -123n, scale: 2 })).toBe('-1.23');
    expect(javaBigDecimalText({ unscaled: 7n, scale: 3 })).toBe('0.007');
  });
});
