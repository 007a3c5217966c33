/**
 * Execution fuzz under a memory watchdog (issue 13): random but well-formed queries over a small typed table
 * (testing/statement-generator.ts) run in a child process whose resident memory is sampled; a child past the
 * session's memory limit plus a margin is killed. Every statement answers rows or a typed LakesqlError:
 * never INTERNAL_ERROR, never an untyped error, never a dead process, never the RSS past its ceiling, in
 * bounded time. `LAKESQL_RELIABILITY=full` runs 2,000 statements, `LAKESQL_RELIABILITY_STATEMENTS` any number;
 * `LAKESQL_RELIABILITY_SEED` repeats a run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type FuzzAnswer, startFuzzProcess } from './testing/fuzz-process.js';
import { FULL, SEED, seededRandom } from './testing/reliability-settings.js';
import { StatementGenerator } from './testing/statement-generator.js';

const STATEMENTS = Number(process.env.LAKESQL_RELIABILITY_STATEMENTS ?? (FULL ? 2_000 : 30));
const MEMORY_LIMIT = '256MB';
const MEMORY_LIMIT_BYTES = 256 * 1024 ** 2;
/** Node, the module graph and DuckDB's own structures sit outside memory_limit: about 300 MB at rest. */
const MARGIN_BYTES = 1024 ** 3;
const TIMEOUT_SECONDS = FULL ? 5 : 2;

/**
 * Defects the fuzz found that are not fixed yet, each counted and printed rather than failing the run, so
 * that the others stay guarded. Listed in docs/RELIABILITY.md ("Not done yet").
 */
const OPEN_DEFECTS: readonly { readonly what: string; readonly message: RegExp }[] = [];

/** The memory bombs issue 13 measured (16.8 GB, 22.6 GB) and their kin, run before the random statements. */
const BOMBS = [
  'SELECT array_repeat(1, 2147483647)',
  'SELECT sequence(1, 2000000000)',
  'SELECT explode(sequence(1, 2000000000))',
  "SELECT repeat('x', 2000000000)",
  "SELECT lpad('a', 2000000000, 'b'), rpad(s, 2000000000) FROM g",
  'SELECT space(1000000000)',
  'SELECT size(array_repeat(s, 100000000)) FROM g',
  'SELECT sequence(i, 2000000000) FROM g',
  "SELECT array_repeat(repeat('x', 1000000), 1000)",
  'SELECT count(*) FROM range(0, 100000000000)',
  'SELECT format_number(d, 2147483647) FROM g',
];

describe(`execution fuzz under an RSS watchdog (${STATEMENTS} statements, seed ${SEED})`, () => {
  it('every statement answers rows or a typed error within its memory', {
    timeout: FULL ? 7_200_000 : 300_000,
  }, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lakesql-exec-fuzz-'));
    const ceiling = MEMORY_LIMIT_BYTES + MARGIN_BYTES;
    const child = await startFuzzProcess(path.join(dir, 'wh'), MEMORY_LIMIT, TIMEOUT_SECONDS, ceiling);
    const generator = new StatementGenerator(seededRandom(SEED + 13));
    const outcomes = new Map<string, number>();
    const defects: string[] = [];
    const open = new Map<string, number>();
    let maxRss = 0;
    let slowest = { ms: 0, sql: '' };
    try {
      const statements = [...BOMBS, ...Array.from({ length: STATEMENTS }, () => generator.statement())];
      for (const sql of statements) {
        const answer: FuzzAnswer = await child.run(sql);
        outcomes.set(answer.outcome, (outcomes.get(answer.outcome) ?? 0) + 1);
        maxRss = Math.max(maxRss, answer.maxRss);
        if (answer.ms > slowest.ms) slowest = { ms: answer.ms, sql: sql.slice(0, 200) };
        const known = OPEN_DEFECTS.find((d) => d.message.test(answer.message ?? ''));
        if (answer.outcome === 'INTERNAL_ERROR' && known)
          open.set(known.what, (open.get(known.what) ?? 0) + 1);
        else if (['untyped', 'INTERNAL_ERROR', 'killed', 'exited'].includes(answer.outcome)) {
          defects.push(`${answer.outcome}: ${sql.slice(0, 500)} -> ${answer.message ?? ''}`);
          if (answer.outcome === 'killed' || answer.outcome === 'exited') break;
        }
      }
    } finally {
      await child.close();
      await rm(dir, { recursive: true, force: true });
    }
    console.log(
      JSON.stringify({
        seed: SEED,
        statements: STATEMENTS + BOMBS.length,
        maxRssMB: Math.round(maxRss / 1024 ** 2),
        slowest,
        openDefects: Object.fromEntries(open),
        outcomes: Object.fromEntries([...outcomes].sort((a, b) => b[1] - a[1])),
      }),
    );
    expect(defects).toEqual([]);
    expect(maxRss).toBeLessThan(ceiling);
    expect(slowest.ms).toBeLessThan(60_000);
  });
});
