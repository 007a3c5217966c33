/**
 * `dv`: DELETE and UPDATE with deletion vectors (merge-on-read) when the changed rows are spread over every
 * file: 0.1% of a 100-file table, a different 0.1% slice each round. DELETE is measured against DuckDB's
 * own DELETE of the same rows from a native (in-memory) table holding the same data (issue 11's target: at
 * most 2x), and against the least any Parquet-based DV writer reads: DuckDB finding the matching rows'
 * positions (`file_row_number`) in the same Parquet files;
 * UPDATE against rewriting the whole table once with the same change (the target: at most 0.2x of writing
 * the table, and at most 5% of the table's bytes added, printed in the case's description). The same UPDATE
 * copy-on-write (DVs off) shows what the DVs save: it rewrites every file.
 */
import fs from 'node:fs/promises';
import { quoteString } from '../src/engine/sql-text.js';
import { BENCH_SCHEMA, type BenchContext, dataFilesUnder, rowsSql, scaled } from './context.js';
import { type BenchCase, check } from './harness.js';

const FILES = 100;
const ROWS_PER_FILE = 10_000;
/** One in SLICE rows changes per statement (0.1%). */
const SLICE = 1000;

export async function dvCases(ctx: BenchContext): Promise<BenchCase[]> {
  const perFile = scaled(ctx, ROWS_PER_FILE);
  const total = FILES * perFile;
  const makeTable = async (name: string, deletionVectors: boolean): Promise<string> => {
    const location = ctx.dir(name);
    const table = ctx.session.deltaTable(location);
    const properties = { 'delta.enableDeletionVectors': String(deletionVectors) };
    for (let i = 0; i < FILES; i++) {
      await table.writeQuery(rowsSql(perFile, i * perFile), {
        schema: BENCH_SCHEMA,
        mode: 'append',
        properties,
      });
    }
    return `delta.\`${location.replaceAll('`', '``')}\``;
  };
  const dvDelete = await makeTable('dv-delete', true);
  const dvUpdate = await makeTable('dv-update', true);
  const cowUpdate = await makeTable('cow-update', false);
  await ctx.session.engine.run(`CREATE TABLE "dv_native" AS ${rowsSql(total)}`);

  const out = ctx.dir('dv-baseline');
  await fs.mkdir(out, { recursive: true });
  // The baseline rewrites the 100 files the copy-on-write table starts with.
  const tableFiles = await dataFilesUnder(pathOf(cowUpdate));
  check(tableFiles.length === FILES, `the table has ${tableFiles.length} files`);
  const rewriteAll = async (k: number): Promise<void> => {
    const source = `read_parquet([${tableFiles.map(quoteString).join(', ')}])`;
    await ctx.session.engine.run(
      `COPY (SELECT id, name, CASE WHEN id % ${SLICE} = ${k} THEN value + 1 ELSE value END AS value, day ` +
        `FROM ${source}) TO ${quoteString(`${out}/${Date.now()}-${k}.parquet`)} (FORMAT parquet, COMPRESSION snappy)`,
    );
  };
  const affected = async (sql: string): Promise<number> => {
    const rows = await (await ctx.session.sql(sql)).collect();
    return Number(Object.values(rows[0] ?? {})[0]);
  };
  const expected = total / SLICE;

  // The bytes one DV UPDATE adds against the table's bytes (measured once, untimed).
  const tableBytes = (await statSum(await dataFilesUnder(pathOf(dvUpdate)))) || 1;
  const before = await statSum(await filesBelow(pathOf(dvUpdate)));
  check(
    (await affected(`UPDATE ${dvUpdate} SET value = value + 1 WHERE id % ${SLICE} = ${SLICE - 1}`)) ===
      expected,
    'warm-up UPDATE',
  );
  const added = (await statSum(await filesBelow(pathOf(dvUpdate)))) - before;
  const share = ((100 * added) / tableBytes).toFixed(2);
  process.stderr.write(
    `dv: one UPDATE of 0.1% with DVs adds ${added} bytes, ${share}% of the table's ${tableBytes}\n`,
  );

  const dvDeleteFiles = await dataFilesUnder(pathOf(dvDelete));
  const counter = {
    deleteLakesql: 0,
    deleteNative: 0,
    scanLakesql: 0,
    scanFiles: 0,
    dv: 0,
    cow: 0,
    base1: 0,
    base2: 0,
  };
  return [
    {
      benchmark: 'dv',
      name: `DELETE 0.1% of ${total} rows spread over ${FILES} files, deletion vectors`,
      lakesqlDoes: 'DELETE FROM delta.`t` WHERE id % 1000 = k (one DV file per commit)',
      baselineDoes: 'DuckDB DELETE of the same rows from a native table',
      lakesql: async () => {
        const k = counter.deleteLakesql++;
        check((await affected(`DELETE FROM ${dvDelete} WHERE id % ${SLICE} = ${k}`)) === expected, 'DELETE');
      },
      baseline: async () => {
        const k = counter.deleteNative++;
        await ctx.session.engine.run(`DELETE FROM "dv_native" WHERE id % ${SLICE} = ${k}`);
      },
    },
    {
      benchmark: 'dv',
      name: `DELETE 0.1% of ${total} rows spread over ${FILES} files, deletion vectors, against a Parquet scan`,
      lakesqlDoes: 'DELETE FROM delta.`t` WHERE id % 1000 = k (one DV file per commit)',
      baselineDoes: 'DuckDB reads the matching rows’ file_row_number from the same Parquet files',
      lakesql: async () => {
        const k = SLICE / 2 + counter.scanLakesql++;
        check((await affected(`DELETE FROM ${dvDelete} WHERE id % ${SLICE} = ${k}`)) === expected, 'DELETE');
      },
      baseline: async () => {
        const k = SLICE / 2 + counter.scanFiles++;
        await ctx.session.engine.all(
          `SELECT filename, list(file_row_number) AS "rows" FROM read_parquet([${dvDeleteFiles.map(quoteString).join(', ')}], filename = true, file_row_number = true) WHERE id % ${SLICE} = ${k} GROUP BY filename`,
        );
      },
    },
    {
      benchmark: 'dv',
      name: `UPDATE 0.1% of ${total} rows spread over ${FILES} files, deletion vectors`,
      lakesqlDoes: `UPDATE delta.\`t\` SET value = value + 1 WHERE id % 1000 = k (adds ${share}% of the table's bytes)`,
      baselineDoes: 'COPY every file with the same CASE to one new Parquet file (writing the table)',
      lakesql: async () => {
        const k = counter.dv++;
        check(
          (await affected(`UPDATE ${dvUpdate} SET value = value + 1 WHERE id % ${SLICE} = ${k}`)) ===
            expected,
          'UPDATE',
        );
      },
      baseline: () => rewriteAll(counter.base1++),
    },
    {
      benchmark: 'dv',
      name: `UPDATE 0.1% of ${total} rows spread over ${FILES} files, copy-on-write`,
      lakesqlDoes: 'the same UPDATE with delta.enableDeletionVectors = false (rewrites every file)',
      baselineDoes: 'COPY every file with the same CASE to one new Parquet file (writing the table)',
      lakesql: async () => {
        const k = counter.cow++;
        check(
          (await affected(`UPDATE ${cowUpdate} SET value = value + 1 WHERE id % ${SLICE} = ${k}`)) ===
            expected,
          'UPDATE',
        );
      },
      baseline: () => rewriteAll(counter.base2++),
    },
  ];
}

/** The folder a `delta.\`…\`` name names. */
function pathOf(name: string): string {
  return name.slice('delta.`'.length, -1).replaceAll('``', '`');
}

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.parentPath.includes('_delta_log'))
    .map((e) => `${e.parentPath}/${e.name}`);
}

async function statSum(files: readonly string[]): Promise<number> {
  let n = 0;
  for (const f of files) n += (await fs.stat(f)).size;
  return n;
}
