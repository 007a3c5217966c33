/**
 * `lakesql sql`: statements from `-e`, from `-f file`, or from standard input when it is not a terminal
 * (spark-sql's `-e` / `-f`); on a terminal with neither, the REPL. Exit code 0, or 1 after the first
 * failing statement.
 */
import { readFile } from 'node:fs/promises';
import { progressLine } from './progress-line.js';
import { runRepl } from './repl.js';
import type { ResultFormat } from './result-text.js';
import { runScript, type ScriptOptions } from './run-script.js';
import { openSession, type SessionOptions } from './session-options.js';

export interface SqlCommandOptions extends SessionOptions {
  readonly execute?: string;
  readonly file?: string;
  readonly format: ResultFormat;
  /** Print each statement's elapsed time (spark-sql's `Time taken: …`) on stderr. */
  readonly timer?: boolean;
}

export async function runSqlCommand(options: SqlCommandOptions): Promise<number> {
  if (options.execute === undefined && options.file === undefined && process.stdin.isTTY) {
    return runRepl(options);
  }
  let script: string;
  try {
    script =
      options.execute ??
      (options.file !== undefined ? await readFile(options.file, 'utf8') : await readStdin());
  } catch (e) {
    process.stderr.write(
      `Could not open input file for reading. (${e instanceof Error ? e.message : String(e)})\n`,
    );
    return 1;
  }
  const session = await openSession(options);
  try {
    const ok = await runScript(session.sqlSession, script, {
      format: options.format,
      write: (text) => process.stdout.write(text),
      writeError: (text) => process.stderr.write(text),
      timer: options.timer ?? false,
      statementLines: true,
      ...progressOption(),
    });
    return ok ? 0 : 1;
  } finally {
    session.close();
  }
}

/** A progress line while a statement runs, when stderr is a terminal. */
function progressOption(): Pick<ScriptOptions, 'progress'> {
  const progress = progressLine(process.stderr);
  return progress ? { progress } : {};
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
