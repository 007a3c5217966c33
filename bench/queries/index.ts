/**
 * `queries`: the 22 TPC-H queries and issue 10's shapes in Spark SQL through lakesql (`spark.sql(…)
 * .collect()`) against the same queries in DuckDB's SQL over the very Parquet files of the Delta tables, in
 * one process on one DuckDB instance. The tier (LAKESQL_BENCH_TPCH = S, M or L; S by default) sets the data
 * size; LAKESQL_BENCH_SCALE does not apply here; LAKESQL_BENCH_QUERIES=q19,q09 times only the queries named.
 *
 * Before timing, each query runs once on both sides and the rows are compared (compare-rows.ts). A query
 * lakesql cannot run is recorded with its error class, a query whose rows differ is recorded with the first
 * difference; both are timed only when lakesql answers. The per-tier section of BENCHMARKS.md (ratios,
 * geometric mean, worst query, failures) is written by `writeQueriesSection` after the run.
 */
import fs from 'node:fs/promises';
import type { BenchContext } from '../context.js';
import { type BenchCase, type BenchResult, check } from '../harness.js';
import { compareRows } from './compare-rows.js';
import { TIER_SCALE, type Tier } from './tpch-data.js';
import { type BenchQuery, ISSUE_SHAPES, tpchQueries } from './tpch-queries.js';
import { createTpch, type TpchFixture } from './tpch-setup.js';

export interface QueryOutcome {
  readonly name: string;
  /** The error class (or error name) when lakesql could not run the query. */
  readonly error?: string;
  /** The first difference when both sides ran and their rows differ. */
  readonly mismatch?: string;
  readonly rows: number;
}

/** What the last `queriesCases` found, for the report written after the timing. */
let lastRun: { tier: Tier; outcomes: QueryOutcome[]; tables: TpchFixture['tables'] } | undefined;

export function tierFromEnv(): Tier {
  const raw = process.env.LAKESQL_BENCH_TPCH ?? 'S';
  if (raw !== 'S' && raw !== 'M' && raw !== 'L') {
    throw new Error(`LAKESQL_BENCH_TPCH must be S, M or L, got ${raw}`);
  }
  return raw;
}

export function allQueries(sf: number): readonly BenchQuery[] {
  return [...tpchQueries(sf), ...ISSUE_SHAPES];
}

/**
 * The queries a run times: all of them, or those LAKESQL_BENCH_QUERIES names (comma-separated, e.g.
 * `q19,q09`), for measuring a few queries by hand (with `--no-write`, so that BENCHMARKS.md keeps the
 * whole table).
 */
export function chosenQueries(sf: number, filter = process.env.LAKESQL_BENCH_QUERIES): readonly BenchQuery[] {
  const all = allQueries(sf);
  if (!filter) return all;
  const names = filter.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !all.some((q) => q.name === n));
  if (unknown.length > 0) {
    throw new Error(`LAKESQL_BENCH_QUERIES names unknown queries: ${unknown.join(', ')}`);
  }
  return all.filter((q) => names.includes(q.name));
}

/** Runs `query` on lakesql; rows, or the error class of what it threw. */
export async function runLakesql(
  ctx: Pick<BenchContext, 'session'>,
  query: BenchQuery,
): Promise<Record<string, unknown>[]> {
  return (await ctx.session.sql(query.spark)).collect() as Promise<Record<string, unknown>[]>;
}

export async function runNative(fixture: TpchFixture, query: BenchQuery): Promise<Record<string, unknown>[]> {
  const reader = await fixture.native.runAndReadAll(query.duckdb ?? query.spark);
  return reader.getRowObjectsJS() as Record<string, unknown>[];
}

export function errorClassOf(e: unknown): string {
  if (e && typeof e === 'object' && 'errorClass' in e && typeof e.errorClass === 'string')
    return e.errorClass;
  return e instanceof Error ? e.name : typeof e;
}

/** Runs `query` once on both sides and compares the rows. */
export async function checkQuery(
  ctx: Pick<BenchContext, 'session'>,
  fixture: TpchFixture,
  query: BenchQuery,
): Promise<QueryOutcome> {
  const expected = await runNative(fixture, query);
  let got: Record<string, unknown>[];
  try {
    got = await runLakesql(ctx, query);
  } catch (e) {
    return { name: query.name, error: errorClassOf(e), rows: expected.length };
  }
  const mismatch = compareRows(got, expected);
  return { name: query.name, rows: expected.length, ...(mismatch ? { mismatch } : {}) };
}

export async function queriesCases(ctx: BenchContext): Promise<BenchCase[]> {
  const tier = tierFromEnv();
  const sf = TIER_SCALE[tier];
  const fixture = await createTpch(ctx.session, ctx.dir('tpch'), sf);
  const outcomes: QueryOutcome[] = [];
  const cases: BenchCase[] = [];
  for (const query of chosenQueries(sf)) {
    const outcome = await checkQuery(ctx, fixture, query);
    outcomes.push(outcome);
    process.stderr.write(
      `queries: ${tier} ${query.name}: ${outcome.error ?? outcome.mismatch ?? `${outcome.rows} rows agree`}\n`,
    );
    if (outcome.error) continue;
    const rows = (got: readonly unknown[], side: string) =>
      check(
        got.length === outcome.rows,
        `${side} ${query.name} gave ${got.length} rows, not ${outcome.rows}`,
      );
    cases.push({
      benchmark: 'queries',
      name: `${tier} ${query.name}`,
      lakesqlDoes: 'spark.sql(query).collect() over the Delta tables',
      baselineDoes: 'DuckDB SQL over read_parquet of the same files',
      lakesql: async () => rows(await runLakesql(ctx, query), 'lakesql'),
      baseline: async () => rows(await runNative(fixture, query), 'DuckDB'),
    });
  }
  lastRun = { tier, outcomes, tables: fixture.tables };
  return cases;
}

const begin = (tier: Tier) =>
  `<!-- bench queries ${tier}: begin (written by \`npm run bench -- queries\`) -->`;
const end = (tier: Tier) => `<!-- bench queries ${tier}: end -->`;

/** The per-tier section: every query's ratio or failure, the geometric mean and the worst query. */
export function queriesSection(
  tier: Tier,
  results: readonly BenchResult[],
  outcomes: readonly QueryOutcome[],
  tables: TpchFixture['tables'],
  date: Date,
): string {
  const byName = new Map(results.map((r) => [r.name.slice(tier.length + 1), r]));
  const timed = results.filter((r) => Number.isFinite(r.ratio));
  const geomean = Math.exp(timed.reduce((s, r) => s + Math.log(r.ratio), 0) / Math.max(1, timed.length));
  const worst = timed.reduce<BenchResult | undefined>((w, r) => (!w || r.ratio > w.ratio ? r : w), undefined);
  const lines = [
    `Tier ${tier} (scale factor ${TIER_SCALE[tier]}; ${Object.entries(tables)
      .map(([t, { rows, files }]) => `${t} ${rows} rows in ${files} file${files === 1 ? '' : 's'}`)
      .join(', ')}), measured ${date.toISOString().slice(0, 10)} on a machine shared with other work, ` +
      `${results[0]?.runs ?? 0} runs per side after one warm-up.`,
    '',
    '| query | lakesql ms | DuckDB ms | ratio | rows | result check |',
    '|---|--:|--:|--:|--:|---|',
    ...outcomes.map((o) => {
      const r = byName.get(o.name);
      const check = o.error ? `lakesql fails: ${o.error}` : o.mismatch ? `differs: ${o.mismatch}` : 'equal';
      return r
        ? `| ${o.name} | ${ms(r.lakesqlMs)} | ${ms(r.baselineMs)} | ${r.ratio.toFixed(2)}x | ${o.rows} | ${check} |`
        : `| ${o.name} | – | – | – | ${o.rows} | ${check} |`;
    }),
    '',
    `Geometric mean of the ${timed.length} timed queries: **${geomean.toFixed(2)}x**; worst: ` +
      `**${worst ? `${worst.name.slice(tier.length + 1)} ${worst.ratio.toFixed(2)}x` : 'none'}**.`,
  ];
  return lines.join('\n');
}

export async function writeQueriesSection(file: string, results: readonly BenchResult[]): Promise<void> {
  if (!lastRun) return;
  const { tier, outcomes, tables } = lastRun;
  const mine = results.filter((r) => r.benchmark === 'queries');
  const section = queriesSection(tier, mine, outcomes, tables, new Date());
  const text = await fs.readFile(file, 'utf8');
  const from = text.indexOf(begin(tier));
  const to = text.indexOf(end(tier));
  if (from < 0 || to < from) {
    throw new Error(`${file} lacks the markers ${begin(tier)} and ${end(tier)}`);
  }
  await fs.writeFile(file, `${text.slice(0, from + begin(tier).length)}\n${section}\n${text.slice(to)}`);
}

function ms(x: number): string {
  return x >= 100 ? x.toFixed(0) : x.toFixed(1);
}
