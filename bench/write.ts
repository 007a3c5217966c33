/**
 * `write`: 1M rows into a NEW Delta table (DeltaTable.writeQuery, overwrite) against DuckDB's own COPY of the
 * same SELECT to Parquet with the same codec. The difference is what Delta adds: statistics reshaped into
 * add actions, files moved into place, the snapshot probe and the commit.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { quoteString } from '../src/engine/sql-text.js';
import { BENCH_SCHEMA, type BenchContext, rowsSql, scaled } from './context.js';
import { type BenchCase, check } from './harness.js';

export const WRITE_ROWS = 1_000_000;

export function writeCases(ctx: BenchContext): BenchCase[] {
  return [writeCase(ctx, false), writeCase(ctx, true)];
}

function writeCase(ctx: BenchContext, partitioned: boolean): BenchCase {
  const rows = scaled(ctx, WRITE_ROWS);
  const source = rowsSql(rows);
  let target = '';
  const copyOptions = partitioned
    ? 'FORMAT parquet, COMPRESSION snappy, PARTITION_BY (day)'
    : 'FORMAT parquet, COMPRESSION snappy';
  return {
    benchmark: 'write',
    name: partitioned ? `${rows} rows, partitioned by day` : `${rows} rows`,
    lakesqlDoes: `writeQuery(overwrite) into a new table${partitioned ? ', partitionBy day' : ''}`,
    baselineDoes: `COPY (same SELECT) TO parquet${partitioned ? ' PARTITION_BY (day)' : ''}`,
    prepare: async () => {
      // The previous round's output goes before the clock starts: every round writes somewhere new.
      if (target !== '') await fs.rm(target, { recursive: true, force: true });
      target = ctx.dir(partitioned ? 'write-part' : 'write');
    },
    lakesql: async () => {
      const result = await ctx.session.deltaTable(target).writeQuery(source, {
        schema: BENCH_SCHEMA,
        mode: 'overwrite',
        ...(partitioned ? { partitionBy: ['day'] } : {}),
      });
      check(result.numOutputRows === rows, `wrote ${result.numOutputRows} rows, expected ${rows}`);
    },
    baseline: async () => {
      const to = partitioned ? target : path.join(target, 'x.parquet');
      if (!partitioned) await fs.mkdir(target, { recursive: true });
      await ctx.session.engine.run(`COPY (${source}) TO ${quoteString(to)} (${copyOptions})`);
    },
  };
}
