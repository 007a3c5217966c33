/**
 * `scan`: a full-scan aggregate of the 1M-row table through openDeltaRelation (snapshot load, scan plan,
 * the relation's side tables and the query) against read_parquet over the very same data files.
 */
import { quoteString } from '../src/engine/sql-text.js';
import { openDeltaRelation } from '../src/exec/delta-read.js';
import { BENCH_SCHEMA, type BenchContext, dataFilesUnder, rowsSql, scaled } from './context.js';
import { type BenchCase, check } from './harness.js';
import { WRITE_ROWS } from './write.js';

export async function scanCases(ctx: BenchContext): Promise<BenchCase[]> {
  return [await scanCase(ctx, false), await scanCase(ctx, true)];
}

async function scanCase(ctx: BenchContext, partitioned: boolean): Promise<BenchCase> {
  const rows = scaled(ctx, WRITE_ROWS);
  const location = ctx.dir(partitioned ? 'scan-part' : 'scan');
  const table = ctx.session.deltaTable(location);
  await table.writeQuery(rowsSql(rows), {
    schema: BENCH_SCHEMA,
    mode: 'overwrite',
    ...(partitioned ? { partitionBy: ['day'] } : {}),
  });
  const files = await dataFilesUnder(location);
  const [expected] = await ctx.session.rows(
    `SELECT count(*)::BIGINT AS n, sum(value) AS s FROM (${rowsSql(rows)})`,
  );
  const { engine, parquet } = ctx.session;
  const agree = (got: Record<string, unknown> | undefined, side: string) =>
    check(
      got?.n === expected?.n && got?.s === expected?.s,
      `${side} scan gave ${JSON.stringify(got, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`,
    );
  return {
    benchmark: 'scan',
    name: `${rows} rows, ${files.length} file${files.length === 1 ? '' : 's'}${partitioned ? ', partitioned' : ''}`,
    lakesqlDoes: 'count(*), sum(value) over openDeltaRelation',
    baselineDoes: 'the same over read_parquet of the same files',
    lakesql: async () => {
      const relation = await openDeltaRelation(engine, parquet, table.store);
      try {
        const [got] = await engine.all(
          `SELECT count(*)::BIGINT AS n, sum(value) AS s FROM (${relation.sql}) AS t`,
        );
        agree(got, 'lakesql');
      } finally {
        await relation.release();
      }
    },
    baseline: async () => {
      const [got] = await engine.all(
        `SELECT count(*)::BIGINT AS n, sum(value) AS s FROM read_parquet([${files.map(quoteString).join(', ')}])`,
      );
      agree(got, 'baseline');
    },
  };
}
