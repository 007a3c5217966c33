/**
 * The common type of function arguments (coalesce, array, map, …): ANSI intervals of one family widen to
 * the union of their fields, as Spark's findTightestCommonType does (`map(1, interval 1 year, 2, interval 2
 * month)` is a map<int,interval year to month>).
 */
import { describe, expect, it } from 'vitest';
import type { DataType } from '../../types/data-types.js';
import { widerType } from './common-type.js';

const dt = (startField: 0 | 1 | 2 | 3, endField: 0 | 1 | 2 | 3): DataType => ({
  kind: 'dayTimeInterval',
  startField,
  endField,
});
const ym = (startField: 0 | 1, endField: 0 | 1): DataType => ({
  kind: 'yearMonthInterval',
  startField,
  endField,
});

describe('widerType of intervals', () => {
  it('takes the union of the fields within a family', () => {
    expect(widerType(ym(0, 0), ym(1, 1))).toEqual(ym(0, 1));
    expect(widerType(dt(0, 0), dt(1, 1))).toEqual(dt(0, 1));
    expect(widerType(dt(2, 3), dt(1, 2))).toEqual(dt(1, 3));
  });

  it('has none across the families', () => {
    expect(widerType(ym(0, 1), dt(0, 3))).toBeUndefined();
  });
});
