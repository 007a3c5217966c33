/**
 * Runs a script statement by statement, as spark-sql's CLI does: each statement's result prints before the
 * next one starts; DDL prints nothing; the first failure prints its error and stops the script.
 */
import type { SqlSession } from '../exec/session/sql-session.js';
import { parseStatement } from '../sql/index.js';
import type { Value } from '../types/value.js';
import { errorText } from './error-text.js';
import { type ResultFormat, resultText } from './result-text.js';
import { type ScriptStatement, scriptStatements } from './script-statements.js';

export interface ScriptOptions {
  readonly format: ResultFormat;
  readonly write: (text: string) => void;
  readonly writeError: (text: string) => void;
  /** The REPL's `3 rows in 0.012 s` after each statement. */
  readonly timing?: boolean;
  /** `lakesql sql --timer`: spark-sql's `Time taken: 0.012 seconds, Fetched 3 row(s)` on stderr. */
  readonly timer?: boolean;
  /** Errors other than parse errors name the script line of their statement (`lakesql sql`). */
  readonly statementLines?: boolean;
  /** Shows that a statement is running; called as it starts, the returned function as it ends. */
  readonly progress?: (statement: ScriptStatement, script: string) => () => void;
  /** How a result prints; `format` by default (the REPL's `\x` prints rows vertically). */
  readonly render?: (result: Parameters<typeof resultText>[0], timeZone: string) => string;
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
  const render = options.render ?? ((result, timeZone) => resultText(result, options.format, { timeZone }));
  for (const statement of statements) {
    const started = performance.now();
    const stopProgress = options.progress?.(statement, script);
    try {
      const results = await session.execute(statement.text);
      stopProgress?.();
      for (const result of results) {
        if (options.cancelled?.()) break;
        if (result.kind === 'rows') {
          const plan = options.format === 'table' ? explainPlanText(statement, result.rows) : undefined;
          options.write(plan ?? `${render(result, session.semantics.timeZone)}\n`);
        }
        const elapsed = performance.now() - started;
        if (options.timing) {
          const count = result.kind === 'rows' ? rowCount(result.rows.length) : 'OK';
          options.write(`${count} in ${(elapsed / 1000).toFixed(3)} s\n`);
        }
        if (options.timer)
          options.writeError(`${timeTaken(elapsed, result.kind === 'rows' ? result.rows.length : 0)}\n`);
      }
    } catch (e) {
      stopProgress?.();
      options.writeError(
        options.cancelled?.()
          ? 'Statement cancelled.\n'
          : `${errorText(e, statement, script, { statementLine: options.statementLines ?? false })}\n`,
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

/**
 * EXPLAIN's one-cell result in the table format: the plan text itself, as spark-sql prints it, since a
 * bordered cell of many lines reads badly. json and csv keep the one-row result for programs.
 */
function explainPlanText(
  statement: ScriptStatement,
  rows: readonly (readonly Value[])[],
): string | undefined {
  const cell = rows.length === 1 ? rows[0]?.[0] : undefined;
  if (typeof cell !== 'string' || parseStatement(statement.text).kind !== 'explain') return undefined;
  return cell.endsWith('\n') ? cell : `${cell}\n`;
}

function rowCount(n: number): string {
  return `${n} ${n === 1 ? 'row' : 'rows'}`;
}

/**
 * SparkSQLCLIDriver's line after each statement: whole milliseconds as seconds, then the rows fetched
 * when there were any.
 */
export function timeTaken(elapsedMs: number, rows: number): string {
  const text = `Time taken: ${Math.round(elapsedMs) / 1000} seconds`;
  return rows > 0 ? `${text}, Fetched ${rows} row(s)` : text;
}
