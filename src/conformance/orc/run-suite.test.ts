/** The golden loop: every Apache ORC example file passes (or is a known skip). */
import { describe, expect, it } from 'vitest';
import { formatCaseLine } from '../case-result.js';
import { ORC_CONFORMANCE_DIR } from '../data-dirs.js';
import { runOrcSuite } from './run-suite.js';

const DIR = ORC_CONFORMANCE_DIR;

describe('ORC conformance (examples/)', () => {
  it('passes every file but the LZO one, which is skipped', async () => {
    // The 1.9-million-row demo files run in `npm run conformance -- orc`; here they would cost seconds.
    const results = await runOrcSuite(DIR, { exclude: ['demo-11-zlib.orc', 'demo-12-zlib.orc'] });
    const notPassed = results.filter((r) => r.kind !== 'pass').map(formatCaseLine);
    expect(notPassed).toEqual([
      'SKIP TestVectorOrcFile.testLzo.orc: LZO (lzo1x) compression: no npm package provides an LZO decompressor',
    ]);
    expect(results.length).toBe(45);
  }, 30_000);
});
