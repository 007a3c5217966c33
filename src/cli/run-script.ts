/**
 * Runs a script statement by statement, as spark-sql's CLI does: each statement's result prints before the
 * next one starts; DDL prints nothing; the first failure prints its error and stops the script.
 */
import type { SqlSession } from '../exec/session/sql-session.js';
import { errorText } from './error-text.js';
import { type ResultFormat, resultText } from './result-text.js';
import { type ScriptStatement, scriptStatements } from './script-statements.js';

export interface ScriptOptions {
  readonly format: ResultFormat;
  readonly write: (text: string) => void;
  readonly writeError: (text: string) => void;
  /** The REPL's `3 rows in 0.012 s` after each statement. */
  readonly timing?: boolean;
  /** True once the user asked to cancel (Ctrl-C): the failure it causes prints as a cancellation. */
  readonly cancelled?: () => boolean;
}

/** Returns true when every statement succeeded. */
export async function runScript(
  session: SqlSession,
  script: string,
  options: ScriptOptions,
): Promise<boolean> {
  let statements: ScriptStatement[];
  try {
    statements = scriptStatements(script);
  } catch (e) {
    options.writeError(`${errorText(e, { text: script, offset: 0 }, script)}\n`);
    return false;
  }
  for (const statement of statements) {
    const started = performance.now();
    try {
      for (const result of await session.execute(statement.text)) {
        if (options.cancelled?.()) break;
        if (result.kind === 'rows') {
          options.write(`${resultText(result, options.format, { timeZone: session.semantics.timeZone })}\n`);
        }
        if (options.timing) {
          const count = result.kind === 'rows' ? rowCount(result.rows.length) : 'OK';
          options.write(`${count} in ${seconds(performance.now() - started)} s\n`);
        }
      }
    } catch (e) {
      options.writeError(
        options.cancelled?.() ? 'Statement cancelled.\n' : `${errorText(e, statement, script)}\n`,
      );
      return false;
    }
    if (options.cancelled?.()) {
      options.writeError('Statement cancelled.\n');
      return false;
    }
  }
  return true;
}

function rowCount(n: number): string {
  return `${n} ${n === 1 ? 'row' : 'rows'}`;
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}
