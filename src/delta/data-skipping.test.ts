import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELTA_CONFORMANCE_DIR } from '../conformance/data-dirs.js';
import { field, IntegerType, StringType, struct, TimestampType } from '../types/data-types.js';
import type { ScalarValue } from '../types/scalar.js';
import { columnMappingMode } from './column-mapping.js';
import { canSkipByPartition, canSkipByStats, fileMayMatch } from './data-skipping.js';
import { and, col, or, type Predicate } from './predicate.js';
import { parseSchemaString } from './schema.js';
import { type FileStats, parseStats } from './stats.js';

const cmp = (
  op: '=' | '<>' | '<' | '<=' | '>' | '>=' | '<=>',
  name: string,
  value: ScalarValue,
): Predicate => ({
  kind: 'comparison',
  op,
  column: col(name),
  value,
});
const not = (child: Predicate): Predicate => ({ kind: 'not', child });
const isNull = (name: string): Predicate => ({ kind: 'isNull', column: col(name) });
const isNotNull = (name: string): Predicate => ({ kind: 'isNotNull', column: col(name) });
const inList = (name: string, values: ScalarValue[]): Predicate => ({
  kind: 'in',
  column: col(name),
  values,
});

const schema = struct([field('i', IntegerType), field('s', StringType), field('p', IntegerType)]);
const stats = (o: object): FileStats => parseStats(JSON.stringify(o))!;

describe('canSkipByStats', () => {
  const f = stats({
    numRecords: 10,
    minValues: { i: 5, s: 'b' },
    maxValues: { i: 9, s: 'd' },
    nullCount: { i: 2, s: 0 },
  });
  const skip = (p: Predicate) => canSkipByStats(p, f, schema, 'none');

  it('uses min/max for comparisons', () => {
    expect(skip(cmp('>', 'i', 9))).toBe(true);
    expect(skip(cmp('>=', 'i', 9))).toBe(false);
    expect(skip(cmp('<', 'i', 5))).toBe(true);
    expect(skip(cmp('<=', 'i', 5))).toBe(false);
    expect(skip(cmp('=', 'i', 4))).toBe(true);
    expect(skip(cmp('=', 'i', 7))).toBe(false);
    expect(skip(cmp('=', 's', 'e'))).toBe(true);
    expect(skip(cmp('<>', 'i', 7))).toBe(false);
    expect(skip(inList('i', [1, 2, 10]))).toBe(true);
    expect(skip(inList('i', [1, 6]))).toBe(false);
  });

  it('never matches a comparison with NULL, and pushes NOT through three-valued logic', () => {
    expect(skip(cmp('=', 'i', null))).toBe(true);
    expect(skip(not(cmp('=', 'i', null)))).toBe(true);
    expect(skip(not(cmp('>', 'i', 3)))).toBe(true); // i <= 3: no value; NULL rows satisfy neither
    expect(skip(not(cmp('>', 'i', 6)))).toBe(false);
    expect(skip(not(isNull('s')))).toBe(false);
    expect(skip(not(isNotNull('s')))).toBe(true);
    expect(skip(not(inList('i', [5, null])))).toBe(true); // NOT IN with a NULL is never true
  });

  it('uses null counts for IS NULL / IS NOT NULL and <=>', () => {
    expect(skip(isNull('s'))).toBe(true);
    expect(skip(isNull('i'))).toBe(false);
    expect(skip(cmp('<=>', 's', null))).toBe(true);
    expect(skip(cmp('<=>', 'i', null))).toBe(false);
    expect(skip(not(cmp('<=>', 'i', 7)))).toBe(false);
    const allNull = stats({ numRecords: 3, nullCount: { i: 3 } });
    expect(canSkipByStats(isNotNull('i'), allNull, schema, 'none')).toBe(true);
    expect(canSkipByStats(cmp('<>', 'i', 1), allNull, schema, 'none')).toBe(true);
    expect(canSkipByStats(isNull('i'), allNull, schema, 'none')).toBe(false);
  });

  it('never skips on columns without statistics, and combines with AND / OR', () => {
    expect(skip(cmp('=', 'p', 1))).toBe(false);
    expect(skip(and(cmp('=', 'p', 1), cmp('>', 'i', 100)))).toBe(true);
    expect(skip(or(cmp('=', 'p', 1), cmp('>', 'i', 100)))).toBe(false);
    expect(canSkipByStats(cmp('>', 'i', 100), undefined, schema, 'none')).toBe(false);
    expect(skip({ kind: 'literalBool', value: false })).toBe(true);
  });

  it('skips empty files', () => {
    expect(
      canSkipByStats({ kind: 'literalBool', value: true }, stats({ numRecords: 0 }), schema, 'none'),
    ).toBe(true);
  });

  it('compares strings in UTF-8 byte order, not UTF-16', () => {
    // U+FF5E (EF BD 9E) < U+1F600 (F0 9F 98 80) in UTF-8, though '\uFF5E' > '\uD83D' in UTF-16.
    const g = stats({
      numRecords: 1,
      minValues: { s: '\u{1F600}' },
      maxValues: { s: '\u{1F600}' },
      nullCount: { s: 0 },
    });
    expect(canSkipByStats(cmp('<', 's', '\uFF5E'), g, schema, 'none')).toBe(true);
    expect(canSkipByStats(cmp('>', 's', '\uFF5E'), g, schema, 'none')).toBe(false);
  });

  it('treats a truncated string max as a prefix and a timestamp max as millisecond-truncated', () => {
    const t = stats({
      numRecords: 1,
      minValues: { s: 'abc' },
      maxValues: { s: 'abc\ufffd' },
      nullCount: { s: 0 },
    });
    expect(canSkipByStats(cmp('=', 's', 'abc\u{1F600}'), t, schema, 'none')).toBe(false);
    expect(canSkipByStats(cmp('>', 's', 'abd'), t, schema, 'none')).toBe(true);
    const tsSchema = struct([field('t', TimestampType)]);
    const ts = stats({
      numRecords: 1,
      minValues: { t: '2021-01-01T00:00:00.123Z' },
      maxValues: { t: '2021-01-01T00:00:00.123Z' },
    });
    const micros = 1609459200123000n;
    expect(canSkipByStats(cmp('=', 't', micros + 999n), ts, tsSchema, 'none')).toBe(false);
    expect(canSkipByStats(cmp('=', 't', micros + 1000n), ts, tsSchema, 'none')).toBe(true);
    expect(canSkipByStats(cmp('<', 't', micros), ts, tsSchema, 'none')).toBe(true);
  });

  it('reads statistics by physical name under column mapping, nested fields too', () => {
    const cm = (id: number) => ({
      'delta.columnMapping.id': id,
      'delta.columnMapping.physicalName': `col-${id}`,
    });
    const s2 = struct([field('a', struct([field('b', IntegerType, true, cm(2))]), true, cm(1))]);
    const st = stats({
      numRecords: 2,
      minValues: { 'col-1': { 'col-2': 1 } },
      maxValues: { 'col-1': { 'col-2': 2 } },
    });
    expect(
      canSkipByStats({ kind: 'comparison', op: '>', column: ['a', 'b'], value: 2 }, st, s2, 'name'),
    ).toBe(true);
    expect(
      canSkipByStats({ kind: 'comparison', op: '>', column: ['A', 'B'], value: 1 }, st, s2, 'name'),
    ).toBe(false);
    expect(
      canSkipByStats({ kind: 'comparison', op: '>', column: ['a', 'b'], value: 2 }, st, s2, 'none'),
    ).toBe(false);
  });
});

describe('canSkipByPartition / fileMayMatch', () => {
  it('evaluates partition columns exactly, NULL partitions included', () => {
    const pSchema = struct([field('x', IntegerType), field('p', StringType)]);
    expect(canSkipByPartition(cmp('=', 'p', 'a'), { p: 'b' }, ['p'], pSchema)).toBe(true);
    expect(canSkipByPartition(cmp('=', 'p', 'a'), { p: 'a' }, ['p'], pSchema)).toBe(false);
    expect(canSkipByPartition(not(cmp('=', 'p', 'a')), { p: 'a' }, ['p'], pSchema)).toBe(true);
    expect(canSkipByPartition(cmp('<>', 'p', 'a'), { p: null }, ['p'], pSchema)).toBe(true);
    expect(canSkipByPartition(isNull('p'), { p: null }, ['p'], pSchema)).toBe(false);
    expect(canSkipByPartition(isNull('P'), { p: 'a' }, ['p'], pSchema)).toBe(true);
    expect(canSkipByPartition(cmp('=', 'x', 1), { p: 'a' }, ['p'], pSchema)).toBe(false);
  });

  it('combines partition values and statistics', () => {
    const table = { schema, partitionColumns: ['p'], columnMappingMode: 'none' as const };
    const add = { stats: '{"numRecords":2,"minValues":{"i":1},"maxValues":{"i":3},"nullCount":{"i":0}}' };
    const file = { ...table, add, partitionValues: { p: 7 } };
    expect(fileMayMatch(and(cmp('=', 'p', 7), cmp('=', 'i', 2)), file)).toBe(true);
    expect(fileMayMatch(and(cmp('=', 'p', 7), cmp('=', 'i', 4)), file)).toBe(false);
    expect(fileMayMatch(or(cmp('=', 'p', 8), cmp('=', 'i', 4)), file)).toBe(false);
    expect(fileMayMatch(cmp('=', 'i', 4), { ...file, add: { stats: 'garbage' } })).toBe(true);
    expect(fileMayMatch(cmp('=', 'i', 4), { ...file, add: { stats: '{"numRecords":0}' } })).toBe(false);
  });
});

describe('fileMayMatch: parsed statistics', () => {
  it("parses an add's stats once, however many predicates and queries ask", () => {
    let reads = 0;
    const stats = '{"numRecords":2,"minValues":{"i":1},"maxValues":{"i":3},"nullCount":{"i":0}}';
    const add = {
      get stats() {
        reads++;
        return stats;
      },
    };
    const file = {
      schema,
      partitionColumns: [],
      columnMappingMode: 'none' as const,
      add,
      partitionValues: {},
    };
    expect(fileMayMatch(cmp('=', 'i', 2), file)).toBe(true);
    expect(fileMayMatch(cmp('=', 'i', 4), file)).toBe(false);
    expect(fileMayMatch(cmp('>', 'i', 3), { ...file })).toBe(false); // a new context, the same add
    expect(reads).toBe(1);
    // Another add object with the same text is parsed on its own.
    expect(fileMayMatch(cmp('=', 'i', 4), { ...file, add: { stats } })).toBe(false);
    expect(reads).toBe(1);
  });
});

describe('real statistics: golden/data-skipping-basic-stats-all-types', () => {
  const dir = join(DELTA_CONFORMANCE_DIR, 'golden/data-skipping-basic-stats-all-types/delta/_delta_log');
  const actions = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => readFileSync(`${dir}/${f}`, 'utf8').split('\n'))
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l));
  const md = actions.find((a) => a.metaData).metaData;
  const s = parseSchemaString(md.schemaString);
  const adds = actions.filter((a) => a.add).map((a) => a.add);
  const matching = (p: Predicate) =>
    adds.filter((add) =>
      fileMayMatch(p, {
        add,
        partitionValues: {},
        partitionColumns: [],
        schema: s,
        columnMappingMode: columnMappingMode(md.configuration),
      }),
    ).length;

  it('keeps the file for predicates its one row satisfies and skips it otherwise', () => {
    expect(adds).toHaveLength(1);
    expect(matching(cmp('=', 'as_int', 0))).toBe(1);
    expect(matching(cmp('>', 'as_int', 0))).toBe(0);
    expect(matching(cmp('=', 'as_long', 0n))).toBe(1);
    expect(matching(cmp('<', 'as_double', 0))).toBe(0);
    expect(matching(cmp('=', 'as_string', '0'))).toBe(1);
    expect(matching(cmp('=', 'as_string', '1'))).toBe(0);
    expect(matching(cmp('=', 'as_date', 10957))).toBe(1);
    expect(matching(cmp('>', 'as_date', 10957))).toBe(0);
    // 2000-01-01T00:00:00.000-08:00 is 2000-01-01T08:00:00Z.
    expect(matching(cmp('=', 'as_timestamp', 946713600000000n))).toBe(1);
    expect(matching(cmp('<', 'as_timestamp', 946713600000000n))).toBe(0);
    expect(matching(cmp('=', 'as_big_decimal', 0n))).toBe(1);
    expect(matching(cmp('=', 'as_big_decimal', 1n))).toBe(0);
    expect(matching(isNull('as_int'))).toBe(0);
  });
});

// ---- property: skipping never drops a file that holds a matching row ----

type Row = { i: number | null; s: string | null };
type Tri = boolean | null;

const utf8Compare = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

function compareValues(a: ScalarValue, b: ScalarValue): number {
  if (typeof a === 'string' && typeof b === 'string') return utf8Compare(a, b);
  return (a as number) - (b as number);
}

function evalRow(p: Predicate, row: Row): Tri {
  switch (p.kind) {
    case 'literalBool':
      return p.value;
    case 'and': {
      const l = evalRow(p.left, row);
      const r = evalRow(p.right, row);
      if (l === false || r === false) return false;
      return l === null || r === null ? null : true;
    }
    case 'or': {
      const l = evalRow(p.left, row);
      const r = evalRow(p.right, row);
      if (l === true || r === true) return true;
      return l === null || r === null ? null : false;
    }
    case 'not': {
      const c = evalRow(p.child, row);
      return c === null ? null : !c;
    }
    case 'isNull':
      return row[p.column[0] as keyof Row] === null;
    case 'isNotNull':
      return row[p.column[0] as keyof Row] !== null;
    case 'in': {
      const x = row[p.column[0] as keyof Row];
      if (x === null) return null;
      if (p.values.some((v) => v !== null && compareValues(x, v) === 0)) return true;
      return p.values.some((v) => v === null) ? null : false;
    }
    case 'comparison': {
      const x = row[p.column[0] as keyof Row];
      if (p.op === '<=>')
        return x === null || p.value === null ? x === p.value : compareValues(x, p.value) === 0;
      if (x === null || p.value === null) return null;
      const c = compareValues(x, p.value);
      return { '=': c === 0, '<>': c !== 0, '<': c < 0, '<=': c <= 0, '>': c > 0, '>=': c >= 0 }[p.op];
    }
  }
}

const PREFIX = 3;

/** Delta's older string max truncation (tie-breaker U+FFFD, UTF-16 based), the least safe one seen in logs. */
function truncateMax(s: string): string {
  if (s.length <= PREFIX) return s;
  let extra = '';
  for (const ch of s.slice(PREFIX)) {
    if (ch.charCodeAt(0) >= 0xfffd) extra += ch;
    else break;
  }
  return s.slice(0, PREFIX) + extra + '\ufffd';
}

const chars = fc.constantFrom(
  'a',
  'b',
  'z',
  '\u007f',
  '\u00e9',
  '\uE000',
  '\uFF5E',
  '\ufffd',
  '\u{1F600}',
  '\u{10FFFF}',
);
const str = fc.array(chars, { maxLength: 5 }).map((a) => a.join(''));
const intVal = fc.integer({ min: -5, max: 5 });
const rowArb: fc.Arbitrary<Row> = fc.record({
  i: fc.option(intVal, { nil: null }),
  s: fc.option(str, { nil: null }),
});

const ops = ['=', '<>', '<', '<=', '>', '>=', '<=>'] as const;
const leaf: fc.Arbitrary<Predicate> = fc.oneof(
  fc
    .record({ op: fc.constantFrom(...ops), v: fc.option(intVal, { nil: null }) })
    .map(({ op, v }) => cmp(op, 'i', v)),
  fc
    .record({ op: fc.constantFrom(...ops), v: fc.option(str, { nil: null }) })
    .map(({ op, v }) => cmp(op, 's', v)),
  fc.constantFrom('i', 's').map(isNull),
  fc.constantFrom('i', 's').map(isNotNull),
  fc.array(fc.option(intVal, { nil: null }), { maxLength: 3 }).map((vs) => inList('i', vs)),
  fc.array(fc.option(str, { nil: null }), { maxLength: 3 }).map((vs) => inList('s', vs)),
  fc.boolean().map((value): Predicate => ({ kind: 'literalBool', value })),
);
const predicateArb: fc.Arbitrary<Predicate> = fc.letrec<{ p: Predicate }>((tie) => ({
  p: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.tuple(tie('p'), tie('p')).map(([l, r]) => and(l, r)),
    fc.tuple(tie('p'), tie('p')).map(([l, r]) => or(l, r)),
    tie('p').map((c) => not(c)),
  ),
})).p;

/** Exact statistics of the rows, then made lossy the ways real writers are: truncation, widening, omission. */
function statsOf(
  rows: Row[],
  lossy: { truncate: boolean; widen: boolean; dropNullCount: boolean; dropI: boolean },
) {
  const minValues: Record<string, unknown> = {};
  const maxValues: Record<string, unknown> = {};
  const nullCount: Record<string, unknown> = {};
  for (const c of ['i', 's'] as const) {
    const vs = rows.map((r) => r[c]).filter((v) => v !== null) as (number | string)[];
    nullCount[c] = rows.length - vs.length;
    if (vs.length === 0 || (lossy.dropI && c === 'i')) continue;
    let min = vs.reduce((a, b) => (compareValues(a, b) <= 0 ? a : b));
    let max = vs.reduce((a, b) => (compareValues(a, b) >= 0 ? a : b));
    if (c === 's' && lossy.truncate) {
      min = (min as string).slice(0, PREFIX);
      max = truncateMax(max as string);
    }
    if (c === 'i' && lossy.widen) {
      min = (min as number) - 1;
      max = (max as number) + 2;
    }
    minValues[c] = min;
    maxValues[c] = max;
  }
  return stats({
    numRecords: rows.length,
    minValues,
    maxValues,
    ...(lossy.dropNullCount ? {} : { nullCount }),
    ...(lossy.widen ? { tightBounds: false } : {}),
  });
}

describe('property: a skipped file never holds a matching row', () => {
  const lossyArb = fc.record({
    truncate: fc.boolean(),
    widen: fc.boolean(),
    dropNullCount: fc.boolean(),
    dropI: fc.boolean(),
  });

  it('canSkipByStats', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 6 }), lossyArb, predicateArb, (rows, lossy, p) => {
        if (canSkipByStats(p, statsOf(rows, lossy), schema, 'none')) {
          expect(rows.filter((r) => evalRow(p, r) === true)).toEqual([]);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('skips often enough to be useful (exact stats, single comparisons)', () => {
    let skipped = 0;
    fc.assert(
      fc.property(fc.array(rowArb, { minLength: 1, maxLength: 6 }), leaf, (rows, p) => {
        const st = statsOf(rows, { truncate: false, widen: false, dropNullCount: false, dropI: false });
        if (canSkipByStats(p, st, schema, 'none')) skipped++;
      }),
      { numRuns: 1000 },
    );
    expect(skipped).toBeGreaterThan(200);
  });

  it('canSkipByPartition', () => {
    const pSchema = struct([field('i', IntegerType), field('s', StringType)]);
    fc.assert(
      fc.property(rowArb, predicateArb, (row, p) => {
        if (canSkipByPartition(p, { i: row.i, s: row.s }, ['i', 's'], pSchema)) {
          expect(evalRow(p, row)).not.toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
