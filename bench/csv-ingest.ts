/**
 * `csv`: a CSV export ingested into a NEW Delta table the way a notebook does it
 * (`spark.read.options(header, inferSchema).csv(path)` then `df.write.format('delta').save(path)`) against
 * DuckDB's own CSV-to-Parquet `COPY` of the same file. The file is plain (no quotes, tokens of the shapes
 * both readers parse alike), so lakesql infers Spark's types in one pass over its bytes and hands the read to
 * DuckDB's read_csv with those types (formats/csv/csv-plain-read.ts); the write's read_files() reuses that
 * decision (formats/csv/csv-plain-decision.ts). This measures the pass, the Delta commit and the count
 * that checks the table, next to DuckDB's sniffing reader.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { quoteString } from '../src/engine/sql-text.js';
import { type BenchContext, scaled } from './context.js';
import { type BenchCase, check } from './harness.js';

export const CSV_ROWS = 100_000;

export function csvCases(ctx: BenchContext): BenchCase[] {
  const rows = scaled(ctx, CSV_ROWS);
  const file = path.join(ctx.dir('csv-source'), 'export.csv');
  let target = '';
  let written = false;
  return [
    {
      benchmark: 'csv',
      name: `${rows} rows CSV to Delta`,
      lakesqlDoes: 'spark.read.options(header, inferSchema).csv() then df.write.format(delta).save()',
      baselineDoes: 'COPY (SELECT * FROM read_csv(file, header = true)) TO parquet',
      prepare: async () => {
        if (!written) {
          await fs.mkdir(path.dirname(file), { recursive: true });
          const lines = ['id,name,value,day'];
          for (let i = 0; i < rows; i++) {
            lines.push(
              `${i},name_${i % 1000},${(i * 0.25).toFixed(2)},2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
            );
          }
          await fs.writeFile(file, `${lines.join('\n')}\n`);
          written = true;
        }
        if (target !== '') await fs.rm(target, { recursive: true, force: true });
        target = ctx.dir('csv-target');
      },
      lakesql: async () => {
        const df = await ctx.session.read.options({ header: 'true', inferSchema: 'true' }).csv(file);
        await df.write.format('delta').mode('overwrite').save(target);
        const n = await (await ctx.session.sql(`SELECT count(*) AS n FROM delta.\`${target}\``)).collect();
        check(Number(n[0]?.n) === rows, `ingested ${String(n[0]?.n)} rows, expected ${rows}`);
      },
      baseline: async () => {
        await fs.mkdir(target, { recursive: true });
        await ctx.session.engine.run(
          `COPY (SELECT * FROM read_csv(${quoteString(file)}, header = true)) TO ${quoteString(path.join(target, 'x.parquet'))} (FORMAT parquet, COMPRESSION snappy)`,
        );
      },
    },
  ];
}
