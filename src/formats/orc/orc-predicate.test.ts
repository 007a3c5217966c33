import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ORC_EXAMPLES_DIR } from '../../conformance/data-dirs.js';
import type { ScalarValue } from '../../types/scalar.js';
import { bytesSource, type OrcByteSource, type OrcPredicate, openOrcFile } from './index.js';
import { mayMatch } from './orc-predicate.js';
import type { OrcColumnStatistics } from './orc-statistics.js';
import type { OrcType } from './type-tree.js';

const EXAMPLES = ORC_EXAMPLES_DIR;

const leaf = (id: number, kind: OrcType['kind']): OrcType => ({
  id,
  maxId: id,
  kind,
  children: [],
  fieldNames: [],
  maximumLength: undefined,
  precision: undefined,
  scale: undefined,
});
const root: OrcType = {
  ...leaf(0, 'struct'),
  maxId: 3,
  children: [leaf(1, 'int'), leaf(2, 'string'), leaf(3, 'double')],
  fieldNames: ['n', 's', 'd'],
};
const none: OrcColumnStatistics = { numberOfValues: 10, hasNull: false, stats: { kind: 'none' } };
/** n in [10, 20] with some NULLs; s in ["b", "d"] never NULL; d in [1, 2] (NaN possible). */
const statistics: OrcColumnStatistics[] = [
  none,
  { numberOfValues: 8, hasNull: true, stats: { kind: 'integer', minimum: 10n, maximum: 20n } },
  { numberOfValues: 10, hasNull: false, stats: { kind: 'string', minimum: 'b', maximum: 'd' } },
  { numberOfValues: 10, hasNull: false, stats: { kind: 'double', minimum: 1, maximum: 2 } },
];
const may = (p: OrcPredicate) => mayMatch(p, { root, statistics, writerVersion: 6 });
const cmp = (column: string, op: '=' | '<>' | '<' | '<=' | '>' | '>=' | '<=>', value: ScalarValue) =>
  ({ kind: 'comparison', column: [column], op, value }) as OrcPredicate;

describe('mayMatch (three-valued, over statistics)', () => {
  it('skips only ranges the bounds exclude', () => {
    expect(may(cmp('n', '>', 20))).toBe(false);
    expect(may(cmp('n', '>=', 20))).toBe(true);
    expect(may(cmp('n', '<', 10n))).toBe(false);
    expect(may(cmp('n', '=', 15.5))).toBe(true);
    expect(may(cmp('n', '=', 21))).toBe(false);
    expect(may(cmp('s', '>', 'd'))).toBe(false);
    expect(may(cmp('s', '>=', 'd'))).toBe(true);
    expect(may(cmp('S', '<', 'b'))).toBe(false);
    expect(may({ kind: 'in', column: ['n'], values: [1, 30, null] })).toBe(false);
    expect(may({ kind: 'in', column: ['n'], values: [1, 15] })).toBe(true);
  });

  it('follows NULL semantics: NOT (n > 5) holds for no row, NULLs never satisfy a comparison', () => {
    expect(may({ kind: 'not', child: cmp('n', '>', 5) })).toBe(false);
    expect(may({ kind: 'isNull', column: ['n'] })).toBe(true);
    expect(may({ kind: 'isNull', column: ['s'] })).toBe(false);
    expect(may({ kind: 'not', child: { kind: 'isNotNull', column: ['s'] } })).toBe(false);
    expect(may(cmp('n', '<=>', null))).toBe(true);
    expect(may(cmp('s', '=', null))).toBe(false);
    const allNull = [none, { numberOfValues: 0, hasNull: true, stats: { kind: 'none' } } as const];
    const r = { root: { ...root, children: [leaf(1, 'int')], fieldNames: ['n'] }, writerVersion: 6 };
    expect(mayMatch(cmp('n', '<>', 3), { ...r, statistics: allNull })).toBe(false);
    expect(mayMatch({ kind: 'isNull', column: ['n'] }, { ...r, statistics: allNull })).toBe(true);
  });

  it('never skips on what statistics cannot tell', () => {
    // NaN leaves no trace in ORC's double bounds and is above every number in Spark.
    expect(may(cmp('d', '>', 100))).toBe(true);
    expect(may(cmp('d', '<', 0))).toBe(false);
    expect(may(cmp('nope', '=', 1))).toBe(true);
    expect(may(cmp('n', '=', 'x'))).toBe(true);
    // Writers before HIVE-8732 ordered strings wrongly.
    expect(mayMatch(cmp('s', '>', 'z'), { root, statistics, writerVersion: 0 })).toBe(true);
    expect(may({ kind: 'or', left: cmp('n', '>', 20), right: cmp('s', '=', 'c') })).toBe(true);
    expect(may({ kind: 'and', left: cmp('n', '>', 5), right: cmp('s', '=', 'z') })).toBe(false);
  });
});

/** Counts the bytes the reader asks for. */
function counting(name: string): OrcByteSource & { bytes: () => number } {
  const inner = bytesSource(readFileSync(`${EXAMPLES}/${name}`), name);
  let total = 0;
  return {
    ...inner,
    bytes: () => total,
    read: (offset, length) => {
      total += length;
      return inner.read(offset, length);
    },
  };
}

describe('stripe skipping', () => {
  it('reads only the stripe of testStripeLevelStats that can match, with the same matching rows', async () => {
    const all = counting('TestOrcFile.testStripeLevelStats.orc');
    const allRows = await (await openOrcFile(all)).readRows();
    const some = counting('TestOrcFile.testStripeLevelStats.orc');
    const file = await openOrcFile(some);
    const predicate = cmp('int1', '=', 2);
    expect(await file.stripesMatching(predicate)).toEqual([1]);
    const rows = await file.readRows({ predicate });
    expect(rows).toHaveLength(5000);
    expect(rows).toEqual(allRows.filter((r) => r[0] === 2));
    expect(some.bytes()).toBeLessThan(all.bytes());
    expect(await file.stripesMatching(cmp('string1', '>', 'three'))).toEqual([1]);
    expect(await file.stripesMatching(cmp('int1', '>', 3))).toEqual([]);
    expect(await file.stripesMatching({ kind: 'isNull', column: ['int1'] })).toEqual([]);
  });

  it('skips stripes of the 385-stripe demo file by its ids', async () => {
    const file = await openOrcFile(counting('demo-11-zlib.orc'));
    const predicate: OrcPredicate = {
      kind: 'and',
      left: cmp('_col0', '>=', 12001),
      right: cmp('_col0', '<', 14000),
    };
    // Stripes hold 5000 ids each: 10001..15000 is stripe 2.
    expect(await file.stripesMatching(predicate)).toEqual([2]);
    const rows = await file.readRows({ columns: ['_col0', '_col1'], predicate });
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: 5000 }, (_, i) => 10001 + i));
    // Old (Hive 0.11) statistics have no hasNull, so IS NULL cannot be ruled out.
    expect(await file.stripesMatching({ kind: 'isNull', column: ['_col0'] })).toHaveLength(385);
  });
});
