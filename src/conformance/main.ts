/**
 * `npm run conformance -- <suite> <dir> [id-filter]` (ARCHITECTURE.md, "Contracts"): one line per case,
 * then `N passed, M failed[, K skipped]`. Exit code 1 when a case failed, 2 on a usage error.
 */
import { pathToFileURL } from 'node:url';
import { type CaseResult, formatCaseLine, formatSummaryLine, summarize } from './case-result.js';
import { runDeltaSuite } from './delta/run-suite.js';
import { LakesqlTableReader } from './delta/table-reader.js';

const USAGE = 'usage: npm run conformance -- <delta|orc|spark-sql> <conformance-dir> [id-filter]';

export async function main(args: readonly string[]): Promise<number> {
  const [suite, dir, filter] = args;
  if (suite === undefined || dir === undefined || args.length > 3) return usage();
  switch (suite) {
    case 'delta':
      return runDelta(dir, filter);
    case 'orc':
    case 'spark-sql':
      process.stderr.write(`suite not implemented yet: ${suite}\n`);
      return 2;
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
