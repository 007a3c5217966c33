/**
 * Timing for the benchmarks: each case runs its lakesql path and its DuckDB-native baseline in the same
 * process, alternating, one warm-up round then N measured rounds; the figure is the median of each side.
 * Alternating the two sides spreads the drift of a noisy shared machine over both equally.
 */

export interface BenchCase {
  /** The benchmark family (`write`, `scan`, …) and the case's name within it. */
  readonly benchmark: string;
  readonly name: string;
  /** What the lakesql side and the baseline side do, in a few words each (printed in the report). */
  readonly lakesqlDoes: string;
  readonly baselineDoes: string;
  /** Runs before each timed call of a side, untimed (fresh target folders and the like). */
  readonly prepare?: (side: Side) => Promise<void>;
  readonly lakesql: () => Promise<void>;
  readonly baseline: () => Promise<void>;
}

export type Side = 'lakesql' | 'baseline';

export interface BenchResult {
  readonly benchmark: string;
  readonly name: string;
  readonly lakesqlDoes: string;
  readonly baselineDoes: string;
  readonly runs: number;
  readonly lakesqlMs: number;
  readonly baselineMs: number;
  /** lakesqlMs / baselineMs: 1 means no overhead over DuckDB doing the same work. */
  readonly ratio: number;
}

export async function runCase(c: BenchCase, runs: number): Promise<BenchResult> {
  const times: Record<Side, number[]> = { lakesql: [], baseline: [] };
  for (let round = 0; round <= runs; round++) {
    for (const side of ['lakesql', 'baseline'] as const) {
      await c.prepare?.(side);
      const start = process.hrtime.bigint();
      await c[side]();
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (round > 0) times[side].push(ms);
    }
  }
  const lakesqlMs = median(times.lakesql);
  const baselineMs = median(times.baseline);
  return {
    benchmark: c.benchmark,
    name: c.name,
    lakesqlDoes: c.lakesqlDoes,
    baselineDoes: c.baselineDoes,
    runs,
    lakesqlMs,
    baselineMs,
    ratio: lakesqlMs / baselineMs,
  };
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Throws when a side did not do the work it claims to (a benchmark of a wrong answer measures nothing). */
export function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(`benchmark self-check failed: ${message}`);
}
