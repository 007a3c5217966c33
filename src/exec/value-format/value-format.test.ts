import { describe, expect, it } from 'vitest';
import {
  arrayOf,
  BinaryType,
  DateType,
  DoubleType,
  decimal,
  FloatType,
  field,
  IntegerType,
  LongType,
  mapOf,
  StringType,
  struct,
  TimestampNtzType,
  TimestampType,
} from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import {
  calendarIntervalText,
  dayTimeIntervalText,
  decimalToPlainString,
  formatDate,
  hiveResultLine,
  hiveResultString,
  javaDoubleToString,
  javaFloatToString,
  jsonValue,
  prettyString,
  showString,
  yearMonthIntervalText,
} from './index.js';

const LA = { timeZone: 'America/Los_Angeles' };

describe('Java number text', () => {
  it('prints doubles as Double.toString (values from literals.sql.out, math.sql.out)', () => {
    const cases: [number, string][] = [
      [1, '1.0'],
      [-1e10, '-1.0E10'],
      [150000, '150000.0'],
      [0.1, '0.1'],
      [1e-5, '1.0E-5'],
      [1e7, '1.0E7'],
      [9999999.5, '9999999.5'],
      [0.001, '0.001'],
      [2.147483648e9, '2.147483648E9'],
      [-1.0842021724855044e-19, '-1.0842021724855044E-19'],
      [1.2345678901234568e48, '1.2345678901234568E48'],
      [3.14e-8, '3.14E-8'],
      [Number.MIN_VALUE, '4.9E-324'],
      [Number.NaN, 'NaN'],
      [Number.POSITIVE_INFINITY, 'Infinity'],
      [Number.NEGATIVE_INFINITY, '-Infinity'],
      [-0, '-0.0'],
      [0, '0.0'],
    ];
    for (const [v, text] of cases) expect(javaDoubleToString(v)).toBe(text);
  });

  it('prints floats as Float.toString: the shortest digits of the float32', () => {
    expect(javaFloatToString(Math.fround(0.1))).toBe('0.1');
    expect(javaFloatToString(Math.fround(1.1))).toBe('1.1');
    expect(javaFloatToString(Math.fround(3.4028235e38))).toBe('3.4028235E38');
    expect(javaFloatToString(Math.fround(1e-45))).toBe('1.4E-45');
    expect(javaFloatToString(16777216)).toBe('1.6777216E7');
    expect(javaFloatToString(Math.fround(-2.5))).toBe('-2.5');
  });
});

describe('decimal, date, timestamp and interval text', () => {
  it('prints decimals with their scale', () => {
    expect(decimalToPlainString(100n, 2)).toBe('1.00');
    expect(decimalToPlainString(-5n, 2)).toBe('-0.05');
    expect(decimalToPlainString(123n, 0)).toBe('123');
    expect(decimalToPlainString(10n ** 37n, 38)).toBe('0.10000000000000000000000000000000000000');
  });

  it('prints dates in the proleptic Gregorian calendar with java.time year signs', () => {
    expect(formatDate(0)).toBe('1970-01-01');
    expect(formatDate(16874)).toBe('2016-03-14');
    expect(formatDate(-719528)).toBe('0000-01-01');
    expect(formatDate(-719529)).toBe('-0001-12-31');
    expect(formatDate(2932897)).toBe('+10000-01-01');
  });

  it('prints timestamps in the session zone and ntz as they are, fraction only when non-zero', () => {
    expect(hiveResultString(1479268440000000n, TimestampType, LA)).toBe('2016-11-15 19:54:00');
    expect(hiveResultString(1479268440100000n, TimestampType, LA)).toBe('2016-11-15 19:54:00.1');
    expect(hiveResultString(1467331200000000n, TimestampType, LA)).toBe('2016-06-30 17:00:00');
    expect(hiveResultString(-1n, TimestampNtzType, LA)).toBe('1969-12-31 23:59:59.999999');
    // Before 1883 the zone's local mean time (-07:52:58), as java.time's tzdb has it.
    expect(hiveResultString(-3786825600000000n, TimestampType, LA)).toBe('1849-12-31 16:07:02');
    expect(hiveResultString(0n, TimestampType, { timeZone: '+08:00' })).toBe('1970-01-01 08:00:00');
  });

  it('prints intervals in HIVE and ANSI style', () => {
    expect(dayTimeIntervalText(86_400_000_000n, 'hive', 0, 0)).toBe('1 00:00:00.000000000');
    expect(dayTimeIntervalText(-1_000_001n, 'hive', 0, 3)).toBe('-0 00:00:01.000001000');
    expect(yearMonthIntervalText(-12, 'hive', 0, 1)).toBe('-1-0');
    expect(yearMonthIntervalText(37, 'hive', 0, 1)).toBe('3-1');
    expect(yearMonthIntervalText(37, 'ansi', 0, 1)).toBe("INTERVAL '3-1' YEAR TO MONTH");
    expect(yearMonthIntervalText(37, 'ansi', 1, 1)).toBe("INTERVAL '37' MONTH");
    expect(dayTimeIntervalText(86_401_000_000n, 'ansi', 0, 3)).toBe("INTERVAL '1 00:00:01' DAY TO SECOND");
    expect(dayTimeIntervalText(-3_723_000_000n, 'ansi', 1, 2)).toBe("INTERVAL '-01:02' HOUR TO MINUTE");
    expect(dayTimeIntervalText(1_500_000n, 'ansi', 3, 3)).toBe("INTERVAL '01.5' SECOND");
    const ci = { kind: 'calendarInterval', months: 14, days: 3, microseconds: 3_723_500_000n } as const;
    expect(calendarIntervalText(ci)).toBe('1 years 2 months 3 days 1 hours 2 minutes 3.5 seconds');
    expect(calendarIntervalText({ ...ci, months: 0, days: 0, microseconds: 0n })).toBe('0 seconds');
    expect(calendarIntervalText({ ...ci, months: -1, days: 0, microseconds: -1n })).toBe(
      '-1 months -0.000001 seconds',
    );
  });
});

describe('hiveResultString (golden-file text)', () => {
  it('prints NULL at top level, null nested, quotes nested strings only', () => {
    expect(hiveResultString(null, IntegerType, LA)).toBe('NULL');
    expect(hiveResultString('aa', StringType, LA)).toBe('aa');
    expect(hiveResultString(['aa', null, 'cc'], arrayOf(StringType), LA)).toBe('["aa",null,"cc"]');
  });

  it('prints nested values as array.sql.out and literals.sql.out do', () => {
    expect(hiveResultString([1, 2, 3], arrayOf(IntegerType), LA)).toBe('[1,2,3]');
    const map: Value = {
      kind: 'map',
      entries: [
        [2, 'b'],
        [1, 'a'],
      ],
    };
    expect(hiveResultString(map, mapOf(IntegerType, StringType), LA)).toBe('{1:"a",2:"b"}');
    const t = struct([field('a', IntegerType), field('b', StringType), field('c', decimal(3, 1))]);
    expect(hiveResultString({ kind: 'struct', fields: { a: 1, b: 'x', c: 15n } }, t, LA)).toBe(
      '{"a":1,"b":"x","c":1.5}',
    );
    const ym = struct([
      field('x', { kind: 'yearMonthInterval', startField: 0, endField: 1 }),
      field('y', DoubleType),
    ]);
    expect(hiveResultString([{ kind: 'struct', fields: { x: 1200, y: 1 } }], arrayOf(ym), LA)).toBe(
      '[{"x":100-0,"y":1.0}]',
    );
  });

  it("prints binary as its UTF-8 text (literals.sql.out: x'2379ACFe')", () => {
    expect(hiveResultString(new Uint8Array([0x23, 0x79, 0xac, 0xfe]), BinaryType, LA)).toBe('#y\uFFFD\uFFFD');
  });

  it('joins a row with tabs', () => {
    const line = hiveResultLine([1n, null, 0.5, 16874], [LongType, StringType, FloatType, DateType], LA);
    expect(line).toBe('1\tNULL\t0.5\t2016-03-14');
  });
});

describe('prettyString and showString (DataFrame.show)', () => {
  it('casts to string the ToPrettyString way', () => {
    expect(prettyString([1, null], arrayOf(IntegerType), LA)).toBe('[1, NULL]');
    expect(prettyString({ kind: 'map', entries: [[1, 'a']] }, mapOf(IntegerType, StringType), LA)).toBe(
      '{1 -> a}',
    );
    expect(prettyString(new Uint8Array([0x23, 0xac]), BinaryType, LA)).toBe('[23 AC]');
    const t = struct([field('a', IntegerType), field('b', StringType)]);
    expect(prettyString({ kind: 'struct', fields: { a: 1, b: null } }, t, LA)).toBe('{1, NULL}');
  });

  it('draws the table with right-aligned cells, truncation and the footer', () => {
    const schema = struct([field('id', LongType), field('name', StringType)]);
    const rows: Value[][] = [
      [1n, 'a'],
      [22n, null],
      [3n, 'x'.repeat(25)],
    ];
    expect(showString(rows, schema, { ...LA, numRows: 2 })).toBe(
      [
        '+---+----+',
        '| id|name|',
        '+---+----+',
        '|  1|   a|',
        '| 22|NULL|',
        '+---+----+',
        'only showing top 2 rows',
        '',
      ].join('\n'),
    );
    expect(showString(rows.slice(2), schema, LA)).toBe(
      [
        '+---+--------------------+',
        '| id|                name|',
        '+---+--------------------+',
        '|  3|xxxxxxxxxxxxxxxxx...|',
        '+---+--------------------+',
        '',
      ].join('\n'),
    );
    expect(showString([[1n, 'a\nb']], schema, { ...LA, truncate: 0 })).toBe(
      ['+---+----+', '|id |name|', '+---+----+', '|1  |a\\nb|', '+---+----+', ''].join('\n'),
    );
  });
});

describe('jsonValue (--format json)', () => {
  it('keeps integers as numbers up to 2^53, decimals and datetimes as text', () => {
    expect(jsonValue(5n, LongType, LA)).toBe(5);
    expect(jsonValue(2n ** 60n, LongType, LA)).toBe('1152921504606846976');
    expect(jsonValue(100n, decimal(5, 2), LA)).toBe('1.00');
    expect(jsonValue(16874, DateType, LA)).toBe('2016-03-14');
    expect(jsonValue(1479268440123456n, TimestampType, LA)).toBe('2016-11-15 19:54:00.123456');
    expect(jsonValue(Math.fround(0.1), FloatType, LA)).toBe(0.1);
    expect(jsonValue(Number.NaN, DoubleType, LA)).toBe('NaN');
    const t = struct([field('a', arrayOf(IntegerType)), field('m', mapOf(StringType, IntegerType))]);
    expect(
      jsonValue({ kind: 'struct', fields: { a: [1, null], m: { kind: 'map', entries: [['k', 1]] } } }, t, LA),
    ).toEqual({
      a: [1, null],
      m: { k: 1 },
    });
  });
});
