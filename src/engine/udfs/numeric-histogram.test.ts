import { describe, expect, it } from 'vitest';
import { EngineSession } from '../engine-session.js';
import { numericHistogram } from './numeric-histogram.js';

// Oracle: results/group-by.sql.out (histogram_numeric blocks).
describe('numericHistogram', () => {
  it('keeps one bin per distinct value while there is room', () => {
    expect(numericHistogram([1, 2, 3], 3)).toEqual([
      { x: 1, y: 1 },
      { x: 2, y: 1 },
      { x: 3, y: 1 },
    ]);
  });
  it("merges the closest bins as Spark's NumericHistogram does", () => {
    const values = Array.from({ length: 50 }, (_, i) => (i === 35 ? 3 : i + 1));
    const bins = numericHistogram(values, 5).map((b) => ({ x: Math.trunc(b.x), y: b.y }));
    expect(bins).toEqual([
      { x: 5, y: 11 },
      { x: 14, y: 8 },
      { x: 22, y: 7 },
      { x: 30, y: 10 },
      { x: 43, y: 14 },
    ]);
  });
  it('runs as spark_histogram_numeric on DuckDB', async () => {
    const engine = await EngineSession.create();
    try {
      const rows = await engine.all(
        'SELECT spark_histogram_numeric([1.0, 2.0, 2.0]::DOUBLE[], 3) AS h, spark_histogram_numeric([]::DOUBLE[], 3) AS e',
      );
      expect(rows[0]?.h).toEqual([
        { x: 1, y: 1 },
        { x: 2, y: 2 },
      ]);
      expect(rows[0]?.e).toBe(null);
    } finally {
      await engine.close();
    }
  });
});
