/**
 * `dml`: work follows the data. A 100-file table (one id range per file); an UPDATE and a MERGE that change
 * 1% of its rows, all in one file, against the baseline of rewriting the whole table once with the same
 * change (DuckDB `COPY` of every file with a CASE). Copy-on-write should read and rewrite the one file, so the
 * ratio should sit near 1/100 plus the fixed cost of a commit: a ratio near 1.00x would mean the statement
 * rewrote the table.
 */
import fs from 'node:fs/promises';
import { quoteString } from '../src/engine/sql-text.js';
import { BENCH_SCHEMA, type BenchContext, dataFilesUnder, rowsSql, scaled } from './context.js';
import { type BenchCase, check } from './harness.js';

const FILES = 100;
const ROWS_PER_FILE = 10_000;

export async function dmlCases(ctx: BenchContext): Promise<BenchCase[]> {
  const perFile = scaled(ctx, ROWS_PER_FILE);
  const location = ctx.dir('dml');
  const table = ctx.session.deltaTable(location);
  for (let i = 0; i < FILES; i++) {
    await table.writeQuery(rowsSql(perFile, i * perFile), {
      schema: BENCH_SCHEMA,
      mode: 'append',
      // Copy-on-write is what this benchmark measures (the dv benchmark measures deletion vectors).
      properties: { 'delta.enableDeletionVectors': 'false' },
    });
  }
  // The 43rd file's rows: 1% of the table, one file.
  const low = 42 * perFile;
  const high = low + perFile - 1;
  const path = `\`${location.replaceAll('`', '``')}\``;
  const out = ctx.dir('dml-baseline');
  await fs.mkdir(out, { recursive: true });
  const rewriteAll = async (): Promise<void> => {
    const files = await dataFilesUnder(location);
    const source = `read_parquet([${files.map(quoteString).join(', ')}])`;
    await ctx.session.engine.run(
      `COPY (SELECT id, name, CASE WHEN id BETWEEN ${low} AND ${high} THEN value + 1 ELSE value END AS value, day ` +
        `FROM ${source}) TO ${quoteString(`${out}/${Date.now()}.parquet`)} (FORMAT parquet, COMPRESSION snappy)`,
    );
  };
  const changed = async (sql: string, expected: string): Promise<void> => {
    const rows = await (await ctx.session.sql(sql)).collect();
    const metrics = String(Object.values(rows[0] ?? {}));
    check(metrics.includes(expected), `${sql} returned ${metrics}, expected ${expected}`);
    const files = await dataFilesUnder(location);
    check(files.length >= FILES, `the table has ${files.length} files`);
  };
  return [
    {
      benchmark: 'dml',
      name: `UPDATE 1% of ${FILES * perFile} rows (1 file of ${FILES})`,
      lakesqlDoes: 'UPDATE delta.`t` SET value = value + 1 WHERE id BETWEEN …',
      baselineDoes: 'COPY every file with the same CASE to one new Parquet file',
      lakesql: () =>
        changed(
          `UPDATE delta.${path} SET value = value + 1 WHERE id BETWEEN ${low} AND ${high}`,
          `${perFile}`,
        ),
      baseline: rewriteAll,
    },
    {
      benchmark: 'dml',
      name: `MERGE 1% of ${FILES * perFile} rows (1 file of ${FILES})`,
      lakesqlDoes: 'MERGE INTO delta.`t` USING (range of the file’s ids) … UPDATE SET value = t.value + 1',
      baselineDoes: 'COPY every file with the same CASE to one new Parquet file',
      lakesql: () =>
        changed(
          `MERGE INTO delta.${path} AS t USING (SELECT id FROM range(${low}, ${high + 1}) AS r(id)) AS s ` +
            'ON t.id = s.id WHEN MATCHED THEN UPDATE SET value = t.value + 1',
          `${perFile}`,
        ),
      baseline: rewriteAll,
    },
  ];
}
