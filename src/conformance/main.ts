/**
 * `npm run conformance -- <suite> <dir> [id-filter]` (ARCHITECTURE.md, "Contracts"): one line per case,
 * then `N passed, M failed[, K skipped]`. Exit code 1 when a case failed, 2 on a usage error.
 */
import { existsSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { type CaseResult, formatCaseLine, formatSummaryLine, summarize } from './case-result.js';
import {
  DELTA_CONFORMANCE_DIR,
  ORC_CONFORMANCE_DIR,
  SPARK_SQL_CONFORMANCE_DIR,
  SPARK_SQL_CORPUS_DIR,
} from './data-dirs.js';
import { runDeltaSuite } from './delta/run-suite.js';
import { LakesqlTableReader } from './delta/table-reader.js';
import { runOrcSuite } from './orc/run-suite.js';
import { SPARK_SQL_CORPUS_PASS_FLOOR, SPARK_SQL_PASS_FLOOR } from './spark-sql/floor.js';
import {
  formatFailures,
  formatFileLine,
  runSparkSqlSuite,
  SESSION_TIME_ZONE,
  summarizeBlocks,
} from './spark-sql/run-suite.js';
import { sparkSqlRunner } from './spark-sql/sql-session.js';

const USAGE =
  'usage: npm run conformance -- <delta|orc|spark-sql|spark-sql-corpus> [conformance-dir] [id-filter] [--verbose]';

/** Each suite's data in this repository (test/data), used when no folder is given. */
const DEFAULT_DIRS: Readonly<Record<string, string>> = {
  delta: DELTA_CONFORMANCE_DIR,
  orc: ORC_CONFORMANCE_DIR,
  'spark-sql': SPARK_SQL_CONFORMANCE_DIR,
  'spark-sql-corpus': SPARK_SQL_CORPUS_DIR,
};

export async function main(argv: readonly string[]): Promise<number> {
  const verbose = argv.includes('--verbose');
  const args = argv.filter((a) => a !== '--verbose');
  const [suite, givenDir, filter] = args;
  if (suite === undefined || args.length > 3) return usage();
  const defaultDir = DEFAULT_DIRS[suite];
  if (defaultDir === undefined) return usage(`unknown suite ${JSON.stringify(suite)}`);
  const dir = givenDir ?? defaultDir;
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    process.stderr.write(`conformance ${suite}: no such folder: ${dir}\n`);
    return 2;
  }
  switch (suite) {
    case 'delta':
      return runDelta(dir, filter);
    case 'spark-sql':
      return runSparkSql(dir, filter, verbose, SPARK_SQL_PASS_FLOOR);
    case 'spark-sql-corpus':
      return runSparkSql(dir, filter, verbose, SPARK_SQL_CORPUS_PASS_FLOOR);
    case 'orc':
      return runOrc(dir, filter);
    default:
      return usage(`unknown suite ${JSON.stringify(suite)}`);
  }
}

async function runDelta(dir: string, filter: string | undefined): Promise<number> {
  const reader = await LakesqlTableReader.create();
  let results: CaseResult[];
  try {
    results = await runDeltaSuite(dir, reader, {
      filter,
      onResult: (r) => process.stdout.write(`${formatCaseLine(r)}\n`),
    });
  } finally {
    await reader.close();
  }
  const summary = summarize(results);
  process.stdout.write(`${formatSummaryLine(summary)}\n`);
  return summary.failed > 0 ? 1 : 0;
}

async function runOrc(dir: string, filter: string | undefined): Promise<number> {
  const results = await runOrcSuite(dir, {
    filter,
    onResult: (r) => process.stdout.write(`${formatCaseLine(r)}\n`),
  });
  const summary = summarize(results);
  process.stdout.write(`${formatSummaryLine(summary)}\n`);
  return summary.failed > 0 ? 1 : 0;
}

/** Counts query blocks; fails only when fewer pass than the floor (src/conformance/spark-sql/floor.ts). */
async function runSparkSql(
  dir: string,
  filter: string | undefined,
  verbose: boolean,
  floor: number,
): Promise<number> {
  // Spark's SQLQueryTestSuite makes America/Los_Angeles the JVM default zone (TimeZone.setDefault), which
  // SET TIME ZONE LOCAL names; the process's own zone plays that part here.
  process.env.TZ = SESSION_TIME_ZONE;
  const files = await runSparkSqlSuite(dir, sparkSqlRunner, {
    filter,
    onFile: (f) => {
      process.stdout.write(`${formatFileLine(f)}\n`);
      if (verbose) for (const line of formatFailures(f)) process.stdout.write(`${line}\n`);
    },
  });
  const { passed, failed } = summarizeBlocks(files);
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  if (filter === undefined && passed < floor) {
    process.stderr.write(`spark-sql: ${passed} blocks passed, below the floor of ${floor}\n`);
    return 1;
  }
  return 0;
}

function usage(problem?: string): number {
  if (problem !== undefined) process.stderr.write(`${problem}\n`);
  process.stderr.write(`${USAGE}\n`);
  return 2;
}

// Run only as the entry point, so tests can import main() without starting a suite.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
