/**
 * The sizes of the reliability suites: small in `npm test`, the long settings of issue 13 under
 * `LAKESQL_RELIABILITY=full`.
 */
export const FULL = process.env.LAKESQL_RELIABILITY === 'full';

export const SETTINGS = FULL
  ? { kills: 200, writers: 4, opsPerWriter: 80, fuzzRuns: 2_000, ingestKills: 50 }
  : { kills: 10, writers: 3, opsPerWriter: 6, fuzzRuns: 150, ingestKills: 1 };

/** A seeded generator (mulberry32), so that a failing run can be repeated with its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// `npm test` runs one fixed seed, so that CI repeats the same cases; the full setting draws a new one each run.
export const SEED = Number(
  process.env.LAKESQL_RELIABILITY_SEED ?? (FULL ? Date.now() % 1_000_000 : 20_261_207),
);
