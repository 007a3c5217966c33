/**
 * `orc`: lakesql's TypeScript ORC writer and reader against DuckDB doing the same with Parquet (DuckDB has
 * no ORC support) on the same 200k rows (BENCH_SCHEMA). Write: rows already in memory (JS values for
 * lakesql, a DuckDB temp table for the baseline) to a snappy file. Read: the file decoded to columns (every
 * stripe's vectors for lakesql; DuckDB aggregating every column of the Parquet file). Throughput (rows/s,
 * MB/s of file bytes) follows from the table's milliseconds and the row count and sizes in the case names.
 * Filtered read: a SQL WHERE selecting 1% of the ids, which lakesql pushes into the ORC scan (stripes and
 * row groups it rules out are not served), against DuckDB's own pushdown into the Parquet file.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { quoteString } from '../src/engine/sql-text.js';
import { bytesSource, openOrcFile } from '../src/formats/orc/index.js';
import { writeOrcFile } from '../src/formats/orc/writer/index.js';
import type { Value } from '../src/types/value.js';
import { BENCH_SCHEMA, type BenchContext, DAYS, rowsSql, scaled } from './context.js';
import { type BenchCase, check } from './harness.js';

export const ORC_ROWS = 200_000;

/** The rows of rowsSql(count) as JS values. */
function benchRows(count: number): Value[][] {
  const rows: Value[][] = new Array(count);
  for (let i = 0; i < count; i++)
    rows[i] = [BigInt(i), `name-${i % 1000}`, (i % 9973) * 0.5, 19723 + (i % DAYS)];
  return rows;
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

export async function orcCases(ctx: BenchContext): Promise<BenchCase[]> {
  const count = scaled(ctx, ORC_ROWS);
  const rows = benchRows(count);
  const folder = ctx.dir('orc');
  await fs.mkdir(folder, { recursive: true });
  const orcFile = path.join(folder, 'fixture.snappy.orc');
  const parquetFile = path.join(folder, 'fixture.snappy.parquet');
  await ctx.session.engine.run(`CREATE OR REPLACE TABLE bench_orc_rows AS ${rowsSql(count)}`);
  await fs.writeFile(orcFile, await writeOrcFile(BENCH_SCHEMA, rows, { compression: 'SNAPPY' }));
  await ctx.session.engine.run(
    `COPY bench_orc_rows TO ${quoteString(parquetFile)} (FORMAT parquet, COMPRESSION snappy)`,
  );
  const orcBytes = (await fs.stat(orcFile)).size;
  const parquetBytes = (await fs.stat(parquetFile)).size;
  const tableFolder = path.join(folder, 'table');
  await fs.mkdir(tableFolder, { recursive: true });
  await fs.copyFile(orcFile, path.join(tableFolder, 'part-00000.snappy.orc'));
  const from = Math.floor(count / 2);
  const to = from + Math.floor(count / 100);
  const where = `WHERE id >= ${from} AND id < ${to}`;
  const writeOut = path.join(folder, 'out.snappy.orc');
  const writeOutParquet = path.join(folder, 'out.snappy.parquet');
  return [
    {
      benchmark: 'orc',
      name: `write ${count} rows (ORC ${mb(orcBytes)} MB vs Parquet ${mb(parquetBytes)} MB, snappy)`,
      lakesqlDoes: 'writeOrcFile(rows, SNAPPY) (TypeScript ORC writer) then fs.writeFile',
      baselineDoes: 'COPY table TO parquet (COMPRESSION snappy)',
      lakesql: async () => {
        await fs.writeFile(writeOut, await writeOrcFile(BENCH_SCHEMA, rows, { compression: 'SNAPPY' }));
      },
      baseline: async () => {
        await ctx.session.engine.run(
          `COPY bench_orc_rows TO ${quoteString(writeOutParquet)} (FORMAT parquet, COMPRESSION snappy)`,
        );
      },
    },
    {
      benchmark: 'orc',
      name: `read ${count} rows (ORC ${mb(orcBytes)} MB vs Parquet ${mb(parquetBytes)} MB, snappy)`,
      lakesqlDoes: 'openOrcFile + readStripe (every column decoded to vectors)',
      baselineDoes: 'SELECT sum/max of every column FROM read_parquet',
      lakesql: async () => {
        const file = await openOrcFile(bytesSource(await fs.readFile(orcFile), orcFile));
        let n = 0;
        for (let s = 0; s < file.stripes.length; s++) n += (await file.readStripe(s)).numberOfRows;
        check(n === count, `read ${n} ORC rows, expected ${count}`);
      },
      baseline: async () => {
        const r = await ctx.session.engine.all(
          `SELECT count(*) AS n, sum(id), max(length(name)), sum(value), max(day) FROM read_parquet(${quoteString(parquetFile)})`,
        );
        check(Number(r[0]?.n) === count, `read ${String(r[0]?.n)} Parquet rows, expected ${count}`);
      },
    },
    {
      benchmark: 'orc',
      name: `read 1% of ${count} rows by a WHERE on id (SQL over ORC vs over Parquet)`,
      lakesqlDoes: `spark.sql: SELECT count(*), sum(value) FROM orc.\`dir\` ${where}`,
      baselineDoes: `SELECT count(*), sum(value) FROM read_parquet(file) ${where}`,
      lakesql: async () => {
        const rows = await ctx.session.sql(
          `SELECT count(*) AS n, sum(value) FROM orc.\`${tableFolder}\` ${where}`,
        );
        const [row] = await rows.collect();
        check(Number(row?.n) === to - from, `counted ${String(row?.n)} ORC rows, expected ${to - from}`);
      },
      baseline: async () => {
        const r = await ctx.session.engine.all(
          `SELECT count(*) AS n, sum(value) FROM read_parquet(${quoteString(parquetFile)}) ${where}`,
        );
        check(
          Number(r[0]?.n) === to - from,
          `counted ${String(r[0]?.n)} Parquet rows, expected ${to - from}`,
        );
      },
    },
  ];
}
