/**
 * `write`: 1M rows into a NEW Delta table (DeltaTable.writeQuery, overwrite) against DuckDB's own COPY of the
 * same SELECT to Parquet with the same codec. The difference is what Delta adds: statistics reshaped into
 * add actions, files moved into place, the snapshot probe and the commit.
 *
 * The CTAS cases run SQL end to end (parse, analysis, the table's write-time rules, sized files) on 5M
 * generated rows, at the default target file size (128 MB) and at a 16 MB `delta.targetFileSize`, against
 * one COPY of the same rows to one Parquet file; their names report the files written and the largest.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { quoteString } from '../src/engine/sql-text.js';
import { BENCH_SCHEMA, type BenchContext, DAYS, dataFilesUnder, rowsSql, scaled } from './context.js';
import { type BenchCase, check } from './harness.js';

export const WRITE_ROWS = 1_000_000;
export const CTAS_ROWS = 5_000_000;

export function writeCases(ctx: BenchContext): BenchCase[] {
  return [writeCase(ctx, false), writeCase(ctx, true), ctasCase(ctx, undefined), ctasCase(ctx, '16mb')];
}

/** The rows of rowsSql as Spark SQL (`value` a DOUBLE on both sides), and the DuckDB SELECT of the same rows. */
function ctasSelects(count: number): { spark: string; duckdb: string } {
  return {
    spark:
      `SELECT id, concat('name-', CAST(id % 1000 AS STRING)) AS name, CAST(id % 9973 AS DOUBLE) * 0.5 AS value, ` +
      `date_add(DATE'2024-01-01', CAST(id % ${DAYS} AS INT)) AS day FROM range(${count})`,
    duckdb:
      `SELECT i AS id, 'name-' || (i % 1000)::VARCHAR AS name, CAST(i % 9973 AS DOUBLE) * 0.5 AS value, ` +
      `DATE '2024-01-01' + (i % ${DAYS})::INTEGER AS day FROM range(0, ${count}) AS r(i)`,
  };
}

function ctasCase(ctx: BenchContext, targetFileSize: string | undefined): BenchCase {
  const rows = scaled(ctx, CTAS_ROWS);
  const { spark, duckdb } = ctasSelects(rows);
  const properties = targetFileSize ? ` TBLPROPERTIES ('delta.targetFileSize' = '${targetFileSize}')` : '';
  let target = '';
  let layout = 'not run';
  const label = `${rows} rows CTAS, target ${targetFileSize ?? '128mb (default)'}`;
  return {
    benchmark: 'write',
    // Read after the runs: the files the last lakesql round wrote.
    get name() {
      return `${label}: ${layout}`;
    },
    lakesqlDoes: `CREATE TABLE delta.\`path\` AS SELECT … FROM range(n)${properties ? ' with delta.targetFileSize' : ''}`,
    baselineDoes: 'COPY (same SELECT) TO one parquet file',
    prepare: async (side) => {
      // Untimed: the previous lakesql round's table is checked and measured here, before it goes.
      if (side === 'baseline' && target !== '') {
        const files = await dataFilesUnder(target);
        const sizes = await Promise.all(files.map(async (f) => (await fs.stat(f)).size));
        const [count] = await ctx.session.engine.all(
          `SELECT count(*) AS n FROM read_parquet([${files.map(quoteString).join(', ')}])`,
        );
        check(Number(count!.n) === rows, `CTAS wrote ${String(count!.n)} rows, expected ${rows}`);
        layout = `${sizes.length} file${sizes.length === 1 ? '' : 's'}, largest ${(Math.max(...sizes) / 2 ** 20).toFixed(1)} MB`;
      }
      if (target !== '') await fs.rm(target, { recursive: true, force: true });
      target = ctx.dir('ctas');
    },
    lakesql: async () => {
      await ctx.session.sql(`CREATE TABLE delta.\`${target}\`${properties} AS ${spark}`);
    },
    baseline: async () => {
      await fs.mkdir(target, { recursive: true });
      await ctx.session.engine.run(
        `COPY (${duckdb}) TO ${quoteString(path.join(target, 'x.parquet'))} (FORMAT parquet, COMPRESSION snappy)`,
      );
    },
  };
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
