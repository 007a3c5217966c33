/**
 * `skip`: a point lookup on a 100-file table (100 appends with disjoint id ranges). lakesql prunes files by
 * their Delta statistics before DuckDB opens any (filesRead must be 1); the baseline hands DuckDB all 100
 * files with the WHERE and lets its row-group pruning, which opens every file's footer, do the rest.
 */
import { quoteString } from '../src/engine/sql-text.js';
import { openDeltaRelation } from '../src/exec/delta-read.js';
import type { Predicate } from '../src/index.js';
import { BENCH_SCHEMA, type BenchContext, dataFilesUnder, rowsSql, scaled } from './context.js';
import { type BenchCase, check } from './harness.js';

export const SKIP_FILES = 100;
export const SKIP_ROWS_PER_FILE = 10_000;

export async function skipCases(ctx: BenchContext): Promise<BenchCase[]> {
  const perFile = scaled(ctx, SKIP_ROWS_PER_FILE);
  const location = ctx.dir('skip');
  const table = ctx.session.deltaTable(location);
  for (let i = 0; i < SKIP_FILES; i++) {
    await table.writeQuery(rowsSql(perFile, i * perFile), { schema: BENCH_SCHEMA, mode: 'append' });
  }
  const files = await dataFilesUnder(location);
  check(files.length === SKIP_FILES, `the skip table has ${files.length} files, expected ${SKIP_FILES}`);

  // A row in the middle of the 58th file: neither the first nor the last file, so no lucky early exit.
  const id = 57 * perFile + Math.floor(perFile / 2);
  const predicate: Predicate = { kind: 'comparison', op: '=', column: ['id'], value: BigInt(id) };
  const { engine, parquet } = ctx.session;
  return [
    {
      benchmark: 'skip',
      name: `id = ${id} in ${SKIP_FILES} files of ${perFile} rows`,
      lakesqlDoes: 'openDeltaRelation with the predicate pushed down, then WHERE',
      baselineDoes: `read_parquet of all ${SKIP_FILES} files WHERE id = …`,
      lakesql: async () => {
        const relation = await openDeltaRelation(engine, parquet, table.store, { predicate });
        try {
          check(relation.filesRead === 1, `file skipping read ${relation.filesRead} files, expected 1`);
          const got = await engine.all(`SELECT * FROM (${relation.sql}) AS t WHERE id = ${id}`);
          check(got.length === 1, `lakesql found ${got.length} rows`);
        } finally {
          await relation.release();
        }
      },
      baseline: async () => {
        const got = await engine.all(
          `SELECT * FROM read_parquet([${files.map(quoteString).join(', ')}]) WHERE id = ${id}`,
        );
        check(got.length === 1, `baseline found ${got.length} rows`);
      },
    },
  ];
}
