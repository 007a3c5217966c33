import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal, formatJavaDouble, formatJavaFloat, parseDecimal } from './number-text.js';

describe('Java number layout', () => {
  it.each([
    [0, '0.0'],
    [-0, '-0.0'],
    [1, '1.0'],
    [100, '100.0'],
    [9999999, '9999999.0'],
    [1e7, '1.0E7'],
    [0.001, '0.001'],
    [9.99e-4, '9.99E-4'],
    [1e20, '1.0E20'],
    [1.234e-5, '1.234E-5'],
    [5e-324, '4.9E-324'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
  ])('double %s -> %s', (v, s) => expect(formatJavaDouble(v)).toBe(s));

  it.each([
    [0.1, '0.1'],
    [3.4028235e38, '3.4028235E38'],
    [1.4e-45, '1.4E-45'],
    [16777216, '1.6777216E7'],
  ])('float %s -> %s', (v, s) => expect(formatJavaFloat(Math.fround(v))).toBe(s));

  it('reads back exactly', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (v) => {
        expect(parseFloat(formatJavaDouble(v))).toBe(v);
      }),
    );
    fc.assert(
      fc.property(fc.float({ noNaN: true }), (v) => {
        expect(Math.fround(parseFloat(formatJavaFloat(v)))).toBe(v);
      }),
    );
  });
});

describe('decimals', () => {
  it('formats plainly at the scale', () => {
    expect(formatDecimal(12345n, 2)).toBe('123.45');
    expect(formatDecimal(-5n, 3)).toBe('-0.005');
    expect(formatDecimal(0n, 2)).toBe('0.00');
    expect(formatDecimal(7n, 0)).toBe('7');
  });

  it('parses plain and exponent forms, rounding as asked, refusing overflow', () => {
    expect(parseDecimal('1.5', 5, 2)).toBe(150n);
    expect(parseDecimal('1E+3', 5, 0)).toBe(1000n);
    expect(parseDecimal('1.25E-1', 5, 3)).toBe(125n);
    expect(parseDecimal('-0.005', 5, 2)).toBe(-1n);
    expect(parseDecimal('0.004', 5, 2)).toBe(0n);
    expect(parseDecimal('1.001', 5, 2, 'ceiling')).toBe(101n);
    expect(parseDecimal('-1.001', 5, 2, 'ceiling')).toBe(-100n);
    expect(parseDecimal('-1.001', 5, 2, 'floor')).toBe(-101n);
    expect(parseDecimal('123456', 5, 0)).toBeUndefined();
    expect(parseDecimal('abc', 5, 0)).toBeUndefined();
    expect(parseDecimal('.', 5, 0)).toBeUndefined();
  });
});
