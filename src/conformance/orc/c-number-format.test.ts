import { describe, expect, it } from 'vitest';
import { formatG } from './c-number-format.js';

describe('formatG (C printf %g)', () => {
  it.each([
    [-2.713, 7, '-2.713'],
    [1, 7, '1'],
    [-15, 14, '-15'],
    [0.77624090391187, 14, '0.77624090391187'],
    [Math.fround(74.72), 7, '74.72'],
    [1e-5, 7, '1e-05'],
    [12345678, 7, '1.234568e+07'],
    [0.0001, 7, '0.0001'],
    [1234567, 7, '1234567'],
  ])('%s with %d digits is %s', (x, p, s) => {
    expect(formatG(x, p)).toBe(s);
  });
});
