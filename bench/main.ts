/**
 * `npm run bench -- [name …]` (ARCHITECTURE.md, "Contracts"): runs the named benchmarks (all when none is
 * named), each case beside its DuckDB-native baseline in this same process, prints a table and rewrites
 * the results section of BENCHMARKS.md. Speed is reported here and never asserted in tests.
 *
 * LAKESQL_BENCH_SCALE multiplies row counts (default 1); LAKESQL_BENCH_RUNS sets the measured rounds per
 * case (default 10, after one warm-up). `--no-write` leaves BENCHMARKS.md alone.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { arithCases } from './arith.js';
import { type BenchContext, withContext } from './context.js';
import { csvCases } from './csv-ingest.js';
import { dmlCases } from './dml.js';
import { dvCases } from './dv.js';
import { type BenchCase, type BenchResult, runCase } from './harness.js';
import { mergeCases } from './merge.js';
import { optimizeCases } from './optimize.js';
import { orcCases } from './orc.js';
import { queriesCases, writeQueriesSection } from './queries/index.js';
import { currentResults, markdownResults, rewriteResults, terminalTable } from './report.js';
import { scanCases } from './scan.js';
import { skipCases } from './skip.js';
import { snapshotCases } from './snapshot.js';
import { streamingCases } from './streaming.js';
import { writeCases } from './write.js';

/** Each benchmark builds its fixtures (untimed) and returns its cases; listed in report order. */
const BENCHMARKS: Readonly<Record<string, (ctx: BenchContext) => BenchCase[] | Promise<BenchCase[]>>> = {
  write: writeCases,
  csv: csvCases,
  scan: scanCases,
  skip: skipCases,
  dml: dmlCases,
  dv: dvCases,
  merge: mergeCases,
  optimize: optimizeCases,
  snapshot: snapshotCases,
  orc: orcCases,
  arith: arithCases,
  queries: queriesCases,
  streaming: streamingCases,
};

const BENCHMARKS_MD = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'BENCHMARKS.md');

export async function main(args: readonly string[]): Promise<number> {
  const write = !args.includes('--no-write');
  const names = args.filter((a) => a !== '--no-write');
  const unknown = names.filter((n) => !(n in BENCHMARKS));
  if (unknown.length > 0) {
    process.stderr.write(
      `unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}\n`,
    );
    return 2;
  }
  const chosen = names.length > 0 ? names : Object.keys(BENCHMARKS);
  const scale = positiveNumber('LAKESQL_BENCH_SCALE', 1);
  const runs = Math.round(positiveNumber('LAKESQL_BENCH_RUNS', 10));

  const results: BenchResult[] = [];
  const started = Date.now();
  for (const name of chosen) {
    // A context per benchmark: each starts from an empty temp folder and a fresh DuckDB instance.
    await withContext({ scale, runs }, async (ctx) => {
      const setupStart = Date.now();
      const cases = await BENCHMARKS[name]!(ctx);
      process.stderr.write(`${name}: fixtures in ${Date.now() - setupStart} ms\n`);
      for (const c of cases) {
        const result = await runCase(c, runs);
        process.stderr.write(`${name}: ${c.name}: ratio ${result.ratio.toFixed(2)}\n`);
        results.push(result);
      }
    });
  }
  process.stdout.write(`${terminalTable(results)}\n`);
  process.stderr.write(`total ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

  if (write) {
    const info = { scale, runs, date: new Date(), machine: machine() };
    const section = markdownResults(
      results,
      info,
      await currentResults(BENCHMARKS_MD),
      Object.keys(BENCHMARKS),
    );
    await rewriteResults(BENCHMARKS_MD, section);
    if (chosen.includes('queries')) await writeQueriesSection(BENCHMARKS_MD, results);
    process.stderr.write(`results written to ${BENCHMARKS_MD}\n`);
  }
  return 0;
}

function positiveNumber(variable: string, fallback: number): number {
  const raw = process.env[variable];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${variable} must be a positive number, got ${raw}`);
  return n;
}

function machine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const gb = Math.round(os.totalmem() / 2 ** 30);
  return `${os.cpus().length} cores (${cpu}), ${gb} GB, Node ${process.version}, ${os.platform()}`;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
