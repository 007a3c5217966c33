import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ORC_EXAMPLES_DIR } from '../../conformance/data-dirs.js';
import { bytesSource, openOrcFile } from './index.js';

const EXAMPLES = ORC_EXAMPLES_DIR;
const open = (name: string) => openOrcFile(bytesSource(readFileSync(`${EXAMPLES}/${name}`), name));

// The values Apache ORC's TestOrcFile.test1 writes (java/core/src/test/.../TestOrcFile.java):
// booleans false/true, bytes 1/100, shorts 1024/2048, ints 65536 twice, longs Long.MAX_VALUE twice,
// floats 1/2, doubles -15/-5, strings "hi"/"bye".
describe('ORC statistics', () => {
  it('decodes the file statistics of test1', async () => {
    const f = await open('TestOrcFile.test1.orc');
    const s = f.statistics;
    expect(s).toHaveLength(24);
    expect(s[0]).toEqual({ numberOfValues: 2, hasNull: false, stats: { kind: 'none' } });
    expect(s[1]?.stats).toEqual({ kind: 'bucket', trueCount: 1 });
    expect(s[2]?.stats).toEqual({ kind: 'integer', minimum: 1n, maximum: 100n, sum: 101n });
    expect(s[3]?.stats).toEqual({ kind: 'integer', minimum: 1024n, maximum: 2048n, sum: 3072n });
    expect(s[4]?.stats).toEqual({ kind: 'integer', minimum: 65536n, maximum: 65536n, sum: 131072n });
    // The sum overflows a long, so the writer leaves it out.
    expect(s[5]?.stats).toEqual({
      kind: 'integer',
      minimum: 9223372036854775807n,
      maximum: 9223372036854775807n,
    });
    expect(s[6]?.stats).toEqual({ kind: 'double', minimum: 1, maximum: 2, sum: 3 });
    expect(s[7]?.stats).toEqual({ kind: 'double', minimum: -15, maximum: -5, sum: -20 });
    expect(s[8]?.stats).toEqual({ kind: 'binary', sum: 5n });
    expect(s[9]?.stats).toEqual({ kind: 'string', minimum: 'bye', maximum: 'hi', sum: 5n });
    // map<string, struct<int1, string1>>: keys chani/mauddib, int1 5 and 1.
    expect(s[22]?.stats).toEqual({ kind: 'integer', minimum: 1n, maximum: 5n, sum: 6n });
    expect(await f.stripeStatistics(0)).toEqual(s);
  });

  it('decodes per-stripe statistics and the row index of testStripeLevelStats', async () => {
    const f = await open('TestOrcFile.testStripeLevelStats.orc');
    expect(f.stripes.map((s) => s.numberOfRows)).toEqual([5000, 5000, 1000]);
    const ints = await Promise.all([0, 1, 2].map(async (i) => (await f.stripeStatistics(i))[1]));
    expect(ints.map((c) => c?.stats)).toEqual([
      { kind: 'integer', minimum: 1n, maximum: 1n, sum: 5000n },
      { kind: 'integer', minimum: 2n, maximum: 2n, sum: 10000n },
      { kind: 'integer', minimum: 3n, maximum: 3n, sum: 3000n },
    ]);
    expect((await f.stripeStatistics(2))[2]).toEqual({
      numberOfValues: 1000,
      hasNull: false,
      stats: { kind: 'string', minimum: 'three', maximum: 'three', sum: 5000n },
    });
    expect(await f.stripeStatistics(3)).toEqual([]);
    expect(f.rowIndexStride).toBe(10000);
    expect(await f.rowGroupStatistics(1, 1)).toEqual([
      {
        positions: [0, 0, 0],
        statistics: {
          numberOfValues: 5000,
          hasNull: false,
          stats: { kind: 'integer', minimum: 2n, maximum: 2n, sum: 10000n },
        },
      },
    ]);
  });

  it('gives one row-group entry per 10000 rows', async () => {
    const f = await open('demo-12-zlib.orc');
    const groups = await f.rowGroupStatistics(0, 1);
    expect(groups).toHaveLength(Math.ceil(1920800 / 10000));
    expect(groups[0]?.statistics?.stats).toEqual({
      kind: 'integer',
      minimum: 1n,
      maximum: 10000n,
      sum: 50005000n,
    });
  });
});
