import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DELTA_CONFORMANCE_DIR } from '../conformance/data-dirs.js';
import {
  arrayOf,
  DateType,
  DoubleType,
  decimal,
  FloatType,
  field,
  IntegerType,
  LongType,
  StringType,
  struct,
  TimestampNtzType,
  TimestampType,
} from '../types/data-types.js';
import {
  columnBounds,
  parseColumnPath,
  parseStats,
  StatsNumber,
  serializeStats,
  statNullCount,
  statsColumnPaths,
  statValue,
  toStatsJson,
} from './stats.js';

const CONFORMANCE = DELTA_CONFORMANCE_DIR;

function allStatsStrings(): { where: string; stats: string }[] {
  const out: { where: string; stats: string }[] = [];
  for (const group of readdirSync(CONFORMANCE, { withFileTypes: true })) {
    if (!group.isDirectory()) continue;
    for (const table of readdirSync(join(CONFORMANCE, group.name))) {
      const logDir = join(CONFORMANCE, group.name, table, 'delta', '_delta_log');
      let files: string[] = [];
      try {
        files = readdirSync(logDir).filter((f) => f.endsWith('.json'));
      } catch {}
      for (const f of files) {
        for (const line of readFileSync(join(logDir, f), 'utf8').split('\n')) {
          if (!line.includes('"stats"')) continue;
          const a = JSON.parse(line) as { add?: { stats?: string }; remove?: { stats?: string } };
          const s = a.add?.stats ?? a.remove?.stats;
          if (typeof s === 'string') out.push({ where: `${group.name}/${table}/${f}`, stats: s });
        }
      }
    }
  }
  return out;
}

const SPARK_ORDER = ['numRecords', 'minValues', 'maxValues', 'nullCount', 'tightBounds'];

describe('stats golden round trip', () => {
  it('parses every stats string in the conformance logs; Spark-ordered ones serialize back byte for byte', () => {
    const all = allStatsStrings();
    expect(all.length).toBeGreaterThan(300);
    const failures: string[] = [];
    let identical = 0;
    for (const { where, stats } of all) {
      const parsed = parseStats(stats);
      if (!parsed) {
        failures.push(`${where}: unparsed ${stats}`);
        continue;
      }
      const keys = Object.keys(JSON.parse(stats));
      const sparkOrdered = keys.every(
        (k, i) => SPARK_ORDER.indexOf(k) > (i === 0 ? -1 : SPARK_ORDER.indexOf(keys[i - 1]!)),
      );
      // Spark writes compact JSON in its own key order; other writers' spacing or order is not reproduced.
      const compact = !/\s/.test(stats.replace(/"(?:[^"\\]|\\.)*"/g, '""'));
      if (!sparkOrdered || !compact) continue;
      const again = serializeStats(parsed);
      if (again !== stats) failures.push(`${where}\n  want ${stats}\n  got  ${again}`);
      else identical++;
    }
    expect(failures).toEqual([]);
    expect(identical).toBeGreaterThan(300);
  });
});

describe('parseStats', () => {
  it('is tolerant: malformed or missing stats are no stats', () => {
    expect(parseStats(undefined)).toBeUndefined();
    expect(parseStats(null)).toBeUndefined();
    expect(parseStats('')).toBeUndefined();
    expect(parseStats('{"numRecords":')).toBeUndefined();
    expect(parseStats('[1]')).toBeUndefined();
    expect(parseStats('{"numRecords":"x","minValues":3}')).toEqual({});
  });

  it('keeps long and decimal statistics exact', () => {
    const s = parseStats(
      '{"numRecords":2,"minValues":{"l":-9223372036854775808,"d":-12345678901234567890.123456789012345678},' +
        '"maxValues":{"l":9223372036854775807,"d":0.5},"nullCount":{"l":0,"d":1}}',
    )!;
    expect(statValue(s, 'min', ['l'], LongType)).toBe(-9223372036854775808n);
    expect(statValue(s, 'max', ['l'], LongType)).toBe(9223372036854775807n);
    expect(statValue(s, 'min', ['d'], decimal(38, 18))).toBe(-12345678901234567890123456789012345678n);
    expect(statValue(s, 'max', ['d'], decimal(38, 18))).toBe(500000000000000000n);
    expect(statNullCount(s, ['d'])).toBe(1);
  });
});

describe('statValue', () => {
  const s = parseStats(
    JSON.stringify({
      numRecords: 3,
      minValues: {
        i: 1,
        f: 0.0,
        str: 'a',
        dt: '2000-01-01',
        ts: '2000-01-01T00:00:00.000-08:00',
        ntz: '2013-07-05T17:01:00.123',
        nested: { x: 5 },
      },
      maxValues: { i: 7, f: 'NaN', str: 'z', ts: '2021-01-01T00:00:00.123Z', ntz: '2021-11-18T02:30:00.123' },
      nullCount: { i: 0, f: 1, str: 3, nested: { x: 0 } },
    }),
  )!;

  it('converts JSON values per type, nested paths included', () => {
    expect(statValue(s, 'min', ['i'], IntegerType)).toBe(1);
    expect(statValue(s, 'min', ['i'], LongType)).toBe(1n); // int widened to long
    expect(statValue(s, 'min', ['i'], DoubleType)).toBe(1);
    expect(statValue(s, 'min', ['dt'], DateType)).toBe(10957);
    expect(statValue(s, 'min', ['ts'], TimestampType)).toBe(946713600000000n);
    expect(statValue(s, 'max', ['ts'], TimestampType)).toBe(1609459200123000n);
    expect(statValue(s, 'min', ['ntz'], TimestampNtzType)).toBe(1373043660123000n);
    expect(statValue(s, 'min', ['dt'], TimestampNtzType)).toBe(946684800000000n); // date widened to timestamp_ntz
    expect(statValue(s, 'min', ['nested', 'x'], IntegerType)).toBe(5);
    expect(Number.isNaN(statValue(s, 'max', ['f'], FloatType))).toBe(true);
    expect(statValue(s, 'min', ['missing'], IntegerType)).toBeUndefined();
    expect(statValue(s, 'min', ['str'], IntegerType)).toBeUndefined();
  });

  it('gives skipping-safe bounds: timestamp max + 999us, NaN max unknown, only telling null counts', () => {
    expect(columnBounds(s, ['ts'], TimestampType)).toEqual({
      lower: 946713600000000n,
      upper: 1609459200123999n,
      upperIsPrefix: false,
      nullCount: undefined,
      numRecords: 3,
    });
    expect(columnBounds(s, ['f'], FloatType).upper).toBeUndefined();
    expect(columnBounds(s, ['f'], FloatType).nullCount).toBeUndefined(); // 1 of 3 tells nothing
    expect(columnBounds(s, ['str'], StringType).nullCount).toBe(3);
    expect(columnBounds(s, ['i'], IntegerType).nullCount).toBe(0);
  });

  it('reads a truncated string max as a prefix (every tie-breaker Delta has used)', () => {
    for (const tie of ['\ufffd', '\u007f', '\u{10ffff}']) {
      const t = parseStats(JSON.stringify({ numRecords: 1, maxValues: { s: `abc${tie}` } }))!;
      expect(columnBounds(t, ['s'], StringType)).toMatchObject({ upper: 'abc', upperIsPrefix: true });
    }
    const plain = parseStats(JSON.stringify({ numRecords: 1, maxValues: { s: 'abc' } }))!;
    expect(columnBounds(plain, ['s'], StringType)).toMatchObject({ upper: 'abc', upperIsPrefix: false });
  });
});

describe('serializeStats / toStatsJson', () => {
  it('writes Spark key order and Delta value formats', () => {
    const stats = {
      tightBounds: false,
      nullCount: { a: new StatsNumber('0') },
      maxValues: {
        a: toStatsJson(5n, LongType)!,
        t: toStatsJson(1609459200123999n, TimestampType)!,
        n: toStatsJson(1609459200123999n, TimestampNtzType)!,
        d: toStatsJson(18878, DateType)!,
        x: toStatsJson(-5n, decimal(5, 3))!,
        f: toStatsJson(Number.NaN, DoubleType)!,
        g: toStatsJson(0.5, DoubleType)!,
      },
      minValues: { a: toStatsJson(-1n, LongType)! },
      numRecords: 2,
    };
    expect(serializeStats(stats)).toBe(
      '{"numRecords":2,"minValues":{"a":-1},"maxValues":{"a":5,"t":"2021-01-01T00:00:00.123Z",' +
        '"n":"2021-01-01T00:00:00.123","d":"2021-09-08","x":-0.005,"f":"NaN","g":0.5},"nullCount":{"a":0},"tightBounds":false}',
    );
  });
});

describe('statsColumnPaths', () => {
  const schema = struct([
    field('p', StringType),
    field('a', LongType),
    field('s', struct([field('x', IntegerType), field('y', StringType)])),
    field('arr', arrayOf(LongType)),
    field('b', DoubleType),
  ]);

  it('takes the first N leaves of the data schema (default 32)', () => {
    expect(statsColumnPaths(schema, ['p'], {})).toEqual([['a'], ['s', 'x'], ['s', 'y'], ['arr'], ['b']]);
    expect(statsColumnPaths(schema, ['p'], { 'delta.dataSkippingNumIndexedCols': '2' })).toEqual([
      ['a'],
      ['s', 'x'],
    ]);
    expect(statsColumnPaths(schema, [], { 'delta.dataSkippingNumIndexedCols': '0' })).toEqual([]);
    expect(statsColumnPaths(schema, ['p'], { 'delta.dataSkippingNumIndexedCols': '-1' })).toHaveLength(5);
  });

  it('uses delta.dataSkippingStatsColumns when set', () => {
    expect(statsColumnPaths(schema, ['p'], { 'delta.dataSkippingStatsColumns': 'b, s' })).toEqual([
      ['s', 'x'],
      ['s', 'y'],
      ['b'],
    ]);
    expect(statsColumnPaths(schema, [], { 'delta.dataSkippingStatsColumns': '`s`.y,A' })).toEqual([
      ['a'],
      ['s', 'y'],
    ]);
  });

  it('parses quoted column paths', () => {
    expect(parseColumnPath('`a.b`.c')).toEqual(['a.b', 'c']);
    expect(parseColumnPath('`we``ird`')).toEqual(['we`ird']);
  });
});
