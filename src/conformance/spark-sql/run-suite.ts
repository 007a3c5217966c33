/**
 * Runs Spark's SQL golden files (`<dir>/inputs/X.sql` against `<dir>/results/X.sql.out`) through a
 * SqlStatementRunner: a fresh session per file with Spark's test settings (session time zone
 * America/Los_Angeles; ANSI mode on, off for files under `nonansi/`), every statement in order, each query
 * block compared with its golden block. Reports one line per file and counts blocks.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type BlockOutcome, compareBlock } from './compare-block.js';
import { type GoldenBlock, parseGoldenFile } from './golden-file.js';
import type { RunnerFactory, SqlStatementRunner, StatementResult } from './sql-session.js';
import { settingsOf, splitStatements } from './statement-splitter.js';
import { testFunctionsFor } from './test-functions.js';

export const SESSION_TIME_ZONE = 'America/Los_Angeles';
/** A statement that takes longer is failed, so that one hang cannot stall the suite. */
const STATEMENT_TIMEOUT_MS = 10_000;

export interface BlockResult {
  readonly query: string;
  readonly outcome: BlockOutcome;
}

export interface FileResult {
  /** The input's name relative to `inputs/`, e.g. `nonansi/math.sql`. */
  readonly name: string;
  readonly blocks: readonly BlockResult[];
}

export interface SuiteOptions {
  /** Only files whose name contains this. */
  readonly filter?: string;
  readonly onFile?: (r: FileResult) => void;
}

export async function runSparkSqlSuite(
  dir: string,
  createRunner: RunnerFactory,
  options: SuiteOptions = {},
): Promise<FileResult[]> {
  const resultsDir = path.join(dir, 'results');
  const names = (await listGoldenFiles(resultsDir))
    .map((f) => f.slice(0, -'.out'.length))
    .filter((n) => options.filter === undefined || n.includes(options.filter));
  const out: FileResult[] = [];
  for (const name of names) {
    const r = await runFile(dir, name, createRunner);
    options.onFile?.(r);
    out.push(r);
  }
  return out;
}

export async function runFile(dir: string, name: string, createRunner: RunnerFactory): Promise<FileResult> {
  const golden = parseGoldenFile(await readFile(path.join(dir, 'results', `${name}.out`), 'utf8'));
  const inputsDir = path.join(dir, 'inputs');
  const inputs = new Map<string, string>();
  for (const n of await listImports(inputsDir, name))
    inputs.set(n, await readFile(path.join(inputsDir, n), 'utf8'));
  const statements = splitStatements(inputs.get(name) ?? '', (n) => inputs.get(n) ?? '');
  const mismatch = statementMismatch(statements, golden);
  if (mismatch !== undefined) {
    return {
      name,
      blocks: golden.map((g) => ({ query: g.query, outcome: { kind: 'fail', reason: mismatch } })),
    };
  }
  const runner = await createRunner(name);
  try {
    await runner.setConf('spark.sql.session.timeZone', SESSION_TIME_ZONE);
    await runner.setConf('spark.sql.ansi.enabled', name.startsWith('nonansi/') ? 'false' : 'true');
    // The engine stops a statement past the runner's limit too, so a slow one cannot go on taking the cores
    // from the statements after it (a JavaScript UDF in a nested-loop join condition, say).
    await runner.setConf('lakesql.statement.timeout', String(STATEMENT_TIMEOUT_MS / 1000));
    // SQLQueryTestSuite's TimestampNTZTest: the files under timestampNTZ/ run with TIMESTAMP meaning TIMESTAMP_NTZ.
    if (name.startsWith('timestampNTZ/')) await runner.setConf('spark.sql.timestampType', 'TIMESTAMP_NTZ');
    // The file's own `--SET` lines, applied after the suite's settings as SQLQueryTestSuite applies them.
    for (const [key, value] of settingsOf(inputs.get(name) ?? '')) await runner.setConf(key, value);
    // SQLQueryTestSuite's UDFTestCase and UDAFTestCase: the files under udf/ and udaf/ call test functions.
    const testFunctions = testFunctionsFor(name);
    if (testFunctions) runner.registerTestFunctions?.(testFunctions);
    await runner.createTestTables?.(dir, statements);
    const blocks: BlockResult[] = [];
    for (const g of golden) {
      const actual = await execute(runner, g.query);
      blocks.push({ query: g.query, outcome: compareBlock(g, actual, { timeZone: SESSION_TIME_ZONE }) });
    }
    return { name, blocks };
  } finally {
    await runner.close();
  }
}

async function execute(
  runner: SqlStatementRunner,
  sql: string,
): Promise<{ result: StatementResult } | { error: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`statement timed out after ${STATEMENT_TIMEOUT_MS} ms`)),
      STATEMENT_TIMEOUT_MS,
    );
  });
  try {
    return { result: await Promise.race([runner.execute(sql), timeout]) };
  } catch (error) {
    return { error };
  } finally {
    clearTimeout(timer);
  }
}

/** The statements Spark ran are exactly the golden blocks' queries; say so when our split disagrees. */
function statementMismatch(
  statements: readonly string[],
  golden: readonly GoldenBlock[],
): string | undefined {
  if (statements.length !== golden.length) {
    return `the input splits into ${statements.length} statements, the golden file has ${golden.length} blocks`;
  }
  const i = statements.findIndex((s, k) => s !== golden[k]?.query);
  return i < 0 ? undefined : `statement ${i + 1} differs from its golden block's query`;
}

/** The input file and the files it `--IMPORT`s (one level, as Spark resolves them). */
async function listImports(inputsDir: string, name: string): Promise<string[]> {
  const text = await readFile(path.join(inputsDir, name), 'utf8');
  const imports = text
    .split('\n')
    .filter((line) => line.startsWith('--IMPORT '))
    .map((line) => line.slice('--IMPORT '.length).trim());
  return [name, ...imports];
}

async function listGoldenFiles(resultsDir: string): Promise<string[]> {
  const entries = await readdir(resultsDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.sql.out'))
    .map((e) => path.relative(resultsDir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

export interface BlockSummary {
  readonly passed: number;
  readonly failed: number;
}

export function summarizeBlocks(files: readonly FileResult[]): BlockSummary {
  let passed = 0;
  let failed = 0;
  for (const f of files) {
    for (const b of f.blocks) {
      if (b.outcome.kind === 'pass') passed++;
      else failed++;
    }
  }
  return { passed, failed };
}

/** `PASS|FAIL <file>: <passed>/<total> blocks`. */
export function formatFileLine(f: FileResult): string {
  const passed = f.blocks.filter((b) => b.outcome.kind === 'pass').length;
  return `${passed === f.blocks.length ? 'PASS' : 'FAIL'} ${f.name}: ${passed}/${f.blocks.length} blocks`;
}

/** The failed blocks of a file, one indented line each (for `--verbose`). */
export function formatFailures(f: FileResult): string[] {
  return f.blocks.flatMap((b, i) =>
    b.outcome.kind === 'fail'
      ? [`  block ${i + 1}: ${oneLine(b.query, 100)}\n    ${oneLine(b.outcome.reason, 400)}`]
      : [],
  );
}

function oneLine(s: string, max: number): string {
  const t = s.replace(/\s*\n\s*/g, ' ');
  return t.length > max ? `${t.slice(0, max - 3)}...` : t;
}
