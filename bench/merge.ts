/**
 * `merge`: MERGE INTO a Delta table against DuckDB's native `MERGE INTO` on a DuckDB table holding the same
 * rows, from the same source rows.
 *
 * The cases are the Delta merge benchmark's (delta-io/delta benchmarks, MergeTestCases / MergeDataLoad): a
 * target shaped like TPC-DS web_returns, keyed by (wr_order_number, wr_item_sk), each file one run of order
 * numbers as a CTAS of the generated data has it; each source samples `fileMatchedFraction` of the files
 * (chosen by a hash of the file number), `rowMatchedFraction` of their rows as matches and
 * `rowNotMatchedFraction` of them with fresh keys as non-matches. Insert-only, delete-only and upsert
 * statements as Delta writes them. Then the issue's case: 20k source rows (10k updates inside one file's key
 * range, 10k inserts) into a 1M-row, 10-file table, and the same into a table 4x larger (40 such files):
 * the cost should follow the change, not the table.
 *
 * Sizes: the Delta cases use 200 files of 720k rows in all (LAKESQL_BENCH_MERGE_FULL=1: 7.2M rows, the
 * Delta benchmark's size), times LAKESQL_BENCH_SCALE, as are the issue's tables. Before each timed round the
 * Delta table is restored to its first version and the DuckDB table recreated (untimed). Targets have
 * deletion vectors on (LAKESQL_BENCH_MERGE_DV=0: off, copy-on-write). Each case reports its counters (files
 * read, files rewritten, DVs written, bytes written) beside its timing.
 */

import type { MergeOutcome } from '../src/exec/dml/merge/merge-execution.js';
import { mergeIntoWithOutcome } from '../src/exec/dml/merge/merge-into.js';
import type { MergeStatement } from '../src/exec/dml/merge/merge-plan.js';
import { parseStatements } from '../src/sql/index.js';
import { DateType, DoubleType, field, LongType, StringType, struct } from '../src/types/data-types.js';
import { type BenchContext, scaled } from './context.js';
import { type BenchCase, check } from './harness.js';

const SCHEMA = struct([
  field('wr_order_number', LongType),
  field('wr_item_sk', LongType),
  field('wr_return_amt', DoubleType),
  field('wr_reason', StringType),
  field('wr_returned_date', DateType),
]);

/** The target's rows `first …` (row i: order i / 3, three distinct items per order), as DuckDB SQL. */
function targetRows(first: number, count: number): string {
  return (
    `SELECT i // 3 AS wr_order_number, (i % 3) * 100000 + (i * 7919) % 100000 AS wr_item_sk, ` +
    `(i % 9973) * 0.5 AS wr_return_amt, 'reason-' || (i % 50)::VARCHAR AS wr_reason, ` +
    `DATE '2024-01-01' + (i % 30)::INTEGER AS wr_returned_date FROM range(${first}, ${first + count}) AS r(i)`
  );
}

/** A pseudo-random fraction of row i, in [0, 1), from one of two independent hashes. */
const fraction = (salt: 1 | 2) =>
  salt === 1 ? '((i * 2654435761) % 1000003) / 1000003.0' : '((i * 40503 + 17) % 1000033) / 1000033.0';

/** Where fresh keys start: past every file's order numbers, so only statistics per file tell them apart. */
const FRESH_ORDER = 1_000_000_000_000;

/**
 * Source rows drawn from the target's rows that satisfy `where`: a `matched` fraction of them as they are
 * (the amount changed), a `notMatched` fraction with fresh keys (order numbers past the table's last file).
 */
function sourceRows(where: string, total: number, matched: number, notMatched: number): string {
  const pick = (frac: number, salt: 1 | 2) => (frac >= 1 ? 'TRUE' : `${fraction(salt)} < ${frac}`);
  const rows = `FROM range(0, ${total}) AS r(i) WHERE ${where}`;
  const parts: string[] = [];
  if (matched > 0) {
    parts.push(
      `SELECT i // 3 AS wr_order_number, (i % 3) * 100000 + (i * 7919) % 100000 AS wr_item_sk, ` +
        `(i % 9973) * 0.5 + 1 AS wr_return_amt, 'reason-' || (i % 50)::VARCHAR AS wr_reason, ` +
        `DATE '2024-01-01' + (i % 30)::INTEGER AS wr_returned_date ${rows} AND ${pick(matched, 1)}`,
    );
  }
  if (notMatched > 0) {
    parts.push(
      `SELECT ${FRESH_ORDER} + i AS wr_order_number, (i % 3) * 100000 + (i * 7919) % 100000 AS wr_item_sk, ` +
        `(i % 9973) * 0.5 AS wr_return_amt, 'reason-' || (i % 50)::VARCHAR AS wr_reason, ` +
        `DATE '2024-01-01' + (i % 30)::INTEGER AS wr_returned_date ${rows} AND ${pick(notMatched, 2)}`,
    );
  }
  return parts.join(' UNION ALL ');
}

type Kind = 'single_insert_only' | 'multiple_insert_only' | 'delete_only' | 'upsert';

interface DeltaCase {
  readonly kind: Kind;
  readonly fileMatched: number;
  readonly rowMatched: number;
  readonly rowNotMatched: number;
}

const up = (fileMatched: number, rowMatched: number, rowNotMatched: number): DeltaCase => ({
  kind: 'upsert',
  fileMatched,
  rowMatched,
  rowNotMatched,
});

/** Delta's MergeTestCases, every one (LAKESQL_BENCH_MERGE_FULL) or a spread of them (the default). */
const ALL_CASES: readonly DeltaCase[] = [
  { kind: 'single_insert_only', fileMatched: 0.05, rowMatched: 0, rowNotMatched: 0.05 },
  { kind: 'single_insert_only', fileMatched: 0.05, rowMatched: 0, rowNotMatched: 0.5 },
  { kind: 'single_insert_only', fileMatched: 0.05, rowMatched: 0, rowNotMatched: 1.0 },
  { kind: 'multiple_insert_only', fileMatched: 0.05, rowMatched: 0, rowNotMatched: 0.05 },
  { kind: 'multiple_insert_only', fileMatched: 0.05, rowMatched: 0, rowNotMatched: 0.5 },
  { kind: 'multiple_insert_only', fileMatched: 0.05, rowMatched: 0, rowNotMatched: 1.0 },
  { kind: 'delete_only', fileMatched: 0.05, rowMatched: 0.05, rowNotMatched: 0 },
  up(0.05, 0.1, 0.01),
  up(0.05, 0.0, 0.1),
  up(0.05, 0.01, 0.1),
  up(0.05, 0.1, 0.0),
  up(0.5, 0.01, 0.001),
  up(1.0, 0.01, 0.001),
  up(0.05, 0.5, 0.001),
  up(0.05, 0.99, 0.001),
  up(0.05, 1.0, 0.001),
];
const DEFAULT_CASES = [0, 4, 6, 7, 8, 11, 12, 14];

const ON = 'ON t.wr_order_number = s.wr_order_number AND t.wr_item_sk = s.wr_item_sk';

function clausesOf(kind: Kind): string {
  switch (kind) {
    case 'single_insert_only':
      return 'WHEN NOT MATCHED THEN INSERT *';
    case 'multiple_insert_only':
      return 'WHEN NOT MATCHED AND s.wr_item_sk % 2 = 0 THEN INSERT * WHEN NOT MATCHED THEN INSERT *';
    case 'delete_only':
      return 'WHEN MATCHED THEN DELETE';
    case 'upsert':
      return 'WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *';
  }
}

/** One target: a Delta table (version `v0` after its files) and a DuckDB table of the same rows. */
interface Target {
  readonly location: string;
  readonly v0: number;
  readonly files: number;
  readonly rowsPerFile: number;
  /** The DuckDB table holding the same rows, copied into the measured table before each round. */
  readonly pristine: string;
  /** Whether a MERGE changed the Delta table since its last restore (cases share a target). */
  changed: boolean;
}

let tables = 0;

/**
 * Targets write deletion vectors (merge-on-read, as Databricks' new tables do) unless
 * LAKESQL_BENCH_MERGE_DV=0 (copy-on-write).
 */
const DELETION_VECTORS = process.env.LAKESQL_BENCH_MERGE_DV !== '0';

async function buildTarget(ctx: BenchContext, files: number, rowsPerFile: number): Promise<Target> {
  const location = ctx.dir('merge-target');
  const table = ctx.session.deltaTable(location);
  let v0 = 0;
  for (let f = 0; f < files; f++) {
    const written = await table.writeQuery(targetRows(f * rowsPerFile, rowsPerFile), {
      schema: SCHEMA,
      mode: 'append',
      // Written copy-on-write; the DV variant turns deletion vectors on below, as an existing table would.
      properties: { 'delta.enableDeletionVectors': 'false' },
    });
    v0 = written.version ?? v0;
  }
  if (DELETION_VECTORS) {
    const quotedLocation = `delta.\`${location.replaceAll('`', '``')}\``;
    await (
      await ctx.session.sql(
        `ALTER TABLE ${quotedLocation} SET TBLPROPERTIES ('delta.enableDeletionVectors' = true)`,
      )
    ).collect();
    v0++;
  }
  const pristine = `merge_pristine_${++tables}`;
  await ctx.session.engine.run(
    `CREATE TABLE ${pristine} AS ${targetRows(0, files * rowsPerFile)} ORDER BY wr_order_number`,
  );
  return { location, v0, files, rowsPerFile, pristine, changed: false };
}

const megabytes = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

/**
 * A case: the same MERGE on both sides. The lakesql side runs the statement through the session (parse,
 * analysis, execution, commit) and keeps the outcome's counters; both sides' affected-row counts must agree.
 */
async function mergeCase(
  ctx: BenchContext,
  target: Target,
  name: string,
  sourceSql: string,
  clauses: string,
  label: string,
): Promise<BenchCase> {
  const n = ++tables;
  const sourceLocation = ctx.dir('merge-source');
  await ctx.session.deltaTable(sourceLocation).writeQuery(sourceSql, { schema: SCHEMA, mode: 'overwrite' });
  const duckSource = `merge_source_${n}`;
  const duckTarget = `merge_target_${n}`;
  const engine = ctx.session.engine;
  await engine.run(`CREATE TABLE ${duckSource} AS ${sourceSql}`);
  const quoted = (p: string) => `delta.\`${p.replaceAll('`', '``')}\``;
  const lakesqlSql = `MERGE INTO ${quoted(target.location)} t USING ${quoted(sourceLocation)} s ${ON} ${clauses}`;
  const duckSql = `MERGE INTO ${duckTarget} AS t USING ${duckSource} AS s ${ON} ${clauses}`;
  let last: MergeOutcome | undefined;
  let duckAffected = -1n;
  const counters = (o: MergeOutcome | undefined = last) => {
    if (!o) return '';
    const m = o.metrics;
    return (
      ` [files: ${target.files}, key-scanned ${o.numTargetFilesKeyScanned}, read ${o.numTargetFilesRead}, ` +
      `rewritten ${m.numTargetFilesRemoved}, added ${m.numTargetFilesAdded}, ` +
      `DVs written ${m.numTargetDeletionVectorsAdded}; ` +
      `bytes written ${megabytes(m.numTargetBytesAdded)}]`
    );
  };
  return {
    benchmark: 'merge',
    name,
    // Read after the rounds (runCase builds its result then): the counters of the last lakesql round.
    get lakesqlDoes() {
      return `MERGE INTO delta.\`t\` USING delta.\`s\` (${label})${counters()}`;
    },
    baselineDoes: 'DuckDB MERGE INTO a DuckDB table of the same rows',
    prepare: async (side) => {
      if (side === 'lakesql') {
        if (target.changed) {
          const restore = `RESTORE TABLE ${quoted(target.location)} TO VERSION AS OF ${target.v0}`;
          await (await ctx.session.sql(restore)).collect();
        }
        target.changed = true;
      } else {
        await engine.run(`CREATE OR REPLACE TABLE ${duckTarget} AS SELECT * FROM ${target.pristine}`);
      }
    },
    lakesql: async () => {
      const [stmt] = parseStatements(lakesqlSql);
      const { outcome } = await mergeIntoWithOutcome(ctx.session.sqlSession, stmt as MergeStatement);
      if (!last) process.stderr.write(`merge: ${name}:${counters(outcome)}\n`);
      last = outcome;
      const m = outcome.metrics;
      const affected = m.numTargetRowsInserted + m.numTargetRowsUpdated + m.numTargetRowsDeleted;
      if (duckAffected >= 0n) {
        check(
          BigInt(affected) === duckAffected,
          `${name}: lakesql changed ${affected} rows, DuckDB ${duckAffected}`,
        );
      }
    },
    baseline: async () => {
      const [row] = await engine.all(duckSql);
      duckAffected = BigInt(Object.values(row ?? {})[0] as bigint | number);
    },
  };
}

export async function mergeCases(ctx: BenchContext): Promise<BenchCase[]> {
  const full = process.env.LAKESQL_BENCH_MERGE_FULL === '1';
  const cases: BenchCase[] = [];

  // The Delta benchmark's cases: 200 files.
  const files = 200;
  const perFile = scaled(ctx, (full ? 7_200_000 : 720_000) / files);
  const delta = await buildTarget(ctx, files, perFile);
  const chosen = full ? ALL_CASES : DEFAULT_CASES.map((i) => ALL_CASES[i]!);
  for (const c of chosen) {
    // Files sampled by a hash of their number, as Delta samples them by a hash of their path.
    let matchedFiles = Array.from({ length: files }, (_, f) => f).filter(
      (f) => ((f * 2654435761) % 4294967296) / 4294967296 < c.fileMatched,
    );
    if (matchedFiles.length === 0) matchedFiles = [0];
    const where = `i // ${perFile} IN (${matchedFiles.join(', ')})`;
    const source = sourceRows(where, files * perFile, c.rowMatched, c.rowNotMatched);
    const name =
      `${c.kind} files ${c.fileMatched} rows matched ${c.rowMatched} not matched ${c.rowNotMatched} ` +
      `(${files * perFile} rows, ${files} files)`;
    cases.push(await mergeCase(ctx, delta, name, source, clausesOf(c.kind), c.kind));
  }

  // The issue's upsert: 10k updates inside one file's key range, 10k inserts; then a table 4x larger.
  const rows = scaled(ctx, 100_000);
  const updates = Math.max(1, Math.round(rows / 10));
  for (const targetFiles of [10, 40]) {
    const target = await buildTarget(ctx, targetFiles, rows);
    // Every 10th row of file 3, and as many fresh keys.
    const file3 = `i // ${rows} = 3 AND i % 10 = 0`;
    const source = sourceRows(file3, targetFiles * rows, 1, 1);
    cases.push(
      await mergeCase(
        ctx,
        target,
        `upsert ${2 * updates} source rows (${updates} updates in 1 file, ${updates} inserts) into ${targetFiles * rows} rows, ${targetFiles} files`,
        source,
        clausesOf('upsert'),
        'upsert',
      ),
    );
  }
  return cases;
}
