import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDefaultFormatDate, parseDateDays } from '../datetime-text.js';
import { isJavaInt, javaDoubleValue } from '../java-number-text.js';
import { isoDateDays, plainDecimal, shortIntShape } from './fast-text.js';

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));

describe('fast-text shortcuts answer as the general parsers do', () => {
  it('plainDecimal is Number / javaDoubleValue for every plain decimal, bit for bit', () => {
    fc.assert(
      fc.property(fc.boolean(), digits(1, 20), fc.option(digits(0, 20)), (neg, int, frac) => {
        const s = `${neg ? '-' : ''}${int}${frac === null ? '' : `.${frac}`}`;
        const fast = plainDecimal(s);
        if (frac === '') expect(fast).toBeUndefined();
        else expect(Object.is(fast, javaDoubleValue(s))).toBe(true);
      }),
      { numRuns: 20000 },
    );
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (d) => {
        const s = d.toFixed(Math.floor(Math.abs(d) % 7));
        if (plainDecimal(s) !== undefined) expect(Object.is(plainDecimal(s), Number(s))).toBe(true);
      }),
    );
    for (const s of ['', '-', '.5', '5.', '1e3', '+1', ' 1', '1 ', 'NaN', '1.2.3', '0x10'])
      expect(plainDecimal(s)).toBeUndefined();
  });

  it('shortIntShape implies isJavaInt', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 11 }), (s) => {
        if (shortIntShape(s)) expect(isJavaInt(s)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.integer(), (i) => {
        expect(shortIntShape(String(i))).toBe(Math.abs(i) < 1e9);
      }),
    );
  });

  it('isoDateDays agrees with parseDateDays and isDefaultFormatDate', () => {
    fc.assert(
      fc.property(digits(4, 4), digits(2, 2), digits(2, 2), (y, m, d) => {
        const s = `${y}-${m}-${d}`;
        expect(isoDateDays(s)).toBe(parseDateDays(s));
        expect(isoDateDays(s) !== undefined).toBe(isDefaultFormatDate(s));
      }),
      { numRuns: 20000 },
    );
  });
});
