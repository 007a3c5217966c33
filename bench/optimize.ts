/**
 * `optimize`: OPTIMIZE (compaction) of a table of 1,000 small files, the shape a streaming table that
 * appends a small file per batch reaches, into one file; against DuckDB reading the same 1,000 Parquet files
 * and rewriting their rows as one Parquet file (COPY … TO), the least any compaction does. Each timed
 * OPTIMIZE runs on a fresh copy of the table (copied untimed), so every run compacts all 1,000 files.
 */
import fs from 'node:fs/promises';
import { quoteString } from '../src/engine/sql-text.js';
import { BENCH_SCHEMA, type BenchContext, dataFilesUnder, rowsSql, scaled } from './context.js';
import { type BenchCase, check } from './harness.js';

const FILES = 1000;
const ROWS_PER_FILE = 100;

export async function optimizeCases(ctx: BenchContext): Promise<BenchCase[]> {
  const perFile = scaled(ctx, ROWS_PER_FILE);
  const template = ctx.dir('optimize-template');
  // One write of FILES files: at most perFile rows a file.
  await ctx.session.sql(`SET spark.sql.files.maxRecordsPerFile = ${perFile}`);
  await ctx.session
    .deltaTable(template)
    .writeQuery(rowsSql(FILES * perFile), { schema: BENCH_SCHEMA, mode: 'append' });
  await ctx.session.sql('RESET spark.sql.files.maxRecordsPerFile');
  const templateFiles = await dataFilesUnder(template);
  check(templateFiles.length === FILES, `the table has ${templateFiles.length} files`);

  let table = '';
  let round = 0;
  const out = ctx.dir('optimize-baseline');
  await fs.mkdir(out, { recursive: true });
  return [
    {
      benchmark: 'optimize',
      name: `compact ${FILES} files`,
      lakesqlDoes: `OPTIMIZE of ${FILES} files of ${perFile} rows into one`,
      baselineDoes: `DuckDB: read_parquet of the ${FILES} files, COPY TO one Parquet file`,
      prepare: async (side) => {
        if (side !== 'lakesql') return;
        table = ctx.dir(`optimize-${round++}`);
        await fs.cp(template, table, { recursive: true });
      },
      lakesql: async () => {
        const rows = await (
          await ctx.session.sql(`OPTIMIZE delta.\`${table.replaceAll('`', '``')}\``)
        ).collect();
        const metrics = rows[0]?.metrics as Record<string, unknown> | undefined;
        check(Number(metrics?.numFilesRemoved) === FILES, 'OPTIMIZE removed every file');
      },
      baseline: async () => {
        const source = `read_parquet([${templateFiles.map(quoteString).join(', ')}])`;
        await ctx.session.engine.run(
          `COPY (SELECT * FROM ${source}) TO ${quoteString(`${out}/${round++}.parquet`)} (FORMAT parquet, COMPRESSION snappy)`,
        );
      },
    },
  ];
}
