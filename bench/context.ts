/**
 * What every benchmark shares: one LakeSession (so both sides use the same DuckDB instance, threads and
 * memory limit), a temp folder removed at the end, the size knob, and the rows they write.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LakeSession } from '../src/api/lake-session.js';
import {
  DateType,
  DoubleType,
  field,
  LongType,
  StringType,
  type StructType,
  struct,
} from '../src/types/data-types.js';

export interface BenchContext {
  readonly session: LakeSession;
  /** A fresh temp folder per benchmark run; everything written goes below it. */
  readonly root: string;
  /** LAKESQL_BENCH_SCALE: multiplies row counts (file and commit counts are the benchmarks' shape and stay). */
  readonly scale: number;
  /** LAKESQL_BENCH_RUNS: measured rounds per case, after one warm-up round. */
  readonly runs: number;
  /** A new folder below `root`, unique within this run. */
  dir(name: string): string;
}

export const BENCH_SCHEMA: StructType = struct([
  field('id', LongType),
  field('name', StringType),
  field('value', DoubleType),
  field('day', DateType),
]);

/** Days the rows spread over (the partitioned variants have one partition per day). */
export const DAYS = 30;

/**
 * `count` rows with ids `first …`, built by DuckDB's range(): no JS-side data, so both sides of a write
 * benchmark pay the same cost to produce rows and differ only in what they do with them.
 */
export function rowsSql(count: number, first = 0): string {
  return (
    `SELECT i AS id, 'name-' || (i % 1000)::VARCHAR AS name, (i % 9973) * 0.5 AS value, ` +
    `DATE '2024-01-01' + (i % ${DAYS})::INTEGER AS day FROM range(${first}, ${first + count}) AS r(i)`
  );
}

export function scaled(ctx: BenchContext, rows: number): number {
  return Math.max(1, Math.round(rows * ctx.scale));
}

export async function withContext<T>(
  options: { scale: number; runs: number },
  fn: (ctx: BenchContext) => Promise<T>,
): Promise<T> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'lakesql-bench-'));
  const session = await LakeSession.create({ warehouse: path.join(root, 'warehouse') });
  let counter = 0;
  const ctx: BenchContext = {
    session,
    root,
    scale: options.scale,
    runs: options.runs,
    dir: (name) => path.join(root, `${name}-${++counter}`),
  };
  try {
    return await fn(ctx);
  } finally {
    session.close();
    await fs.rm(root, { recursive: true, force: true });
  }
}

/** Every Parquet data file below a table folder (not the log), for baselines that read the files directly. */
export async function dataFilesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.parquet') && !e.parentPath.includes('_delta_log'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}
