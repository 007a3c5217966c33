/**
 * Runs the text the page sent statement by statement, as `lakesql sql` does (cli/run-script.ts): each
 * statement's result is handed on before the next starts, and the first failure stops the run. A run can
 * be cancelled: DuckDB's interrupt only stops a query running at that moment, so it is repeated until the
 * statement settles, as the REPL's Ctrl-C does; a statement between two queries is stopped by its next one,
 * before anything is committed.
 */
import { scriptStatements } from '../../cli/script-statements.js';
import type { ResultColumn } from '../../exec/query/run-query.js';
import type { SqlSession } from '../../exec/session/sql-session.js';
import type { Value } from '../../types/value.js';
import { type ErrorPayload, errorPayload, rangeOf, type TextRange } from './error-payload.js';

/** How often a cancel repeats DuckDB's interrupt while the statement has not settled. */
const INTERRUPT_RETRY_MS = 25;

export type RunEvent =
  | { readonly kind: 'statement'; readonly index: number; readonly range: TextRange }
  | {
      readonly kind: 'rows';
      readonly index: number;
      readonly columns: readonly ResultColumn[];
      readonly rows: readonly (readonly Value[])[];
      readonly elapsedMs: number;
    }
  | { readonly kind: 'ok'; readonly index: number; readonly elapsedMs: number }
  | { readonly kind: 'error'; readonly index: number; readonly error: ErrorPayload }
  | { readonly kind: 'cancelled'; readonly index: number };

export class StatementRun {
  #cancelled = false;
  /** Only a run that holds the session may interrupt it: a waiting one would stop another's statement. */
  #running = false;
  #retry: NodeJS.Timeout | undefined;

  constructor(private readonly session: SqlSession) {}

  get cancelled(): boolean {
    return this.#cancelled;
  }

  cancel(): void {
    if (this.#cancelled) return;
    this.#cancelled = true;
    if (this.#running) this.#interrupt();
  }

  #interrupt(): void {
    this.session.engine.interrupt();
    this.#retry = setInterval(() => this.session.engine.interrupt(), INTERRUPT_RETRY_MS);
  }

  /** Runs `script`, handing each event to `emit` (awaited, so that a slow socket slows the run). */
  async run(script: string, emit: (event: RunEvent) => void | Promise<void>): Promise<boolean> {
    this.#running = true;
    try {
      return await this.#runAll(script, emit);
    } finally {
      this.#running = false;
      clearInterval(this.#retry);
    }
  }

  async #runAll(script: string, emit: (event: RunEvent) => void | Promise<void>): Promise<boolean> {
    let statements: ReturnType<typeof scriptStatements>;
    try {
      statements = scriptStatements(script);
    } catch (e) {
      await emit({ kind: 'error', index: 0, error: errorPayload(e, script, { offset: 0, text: script }) });
      return false;
    }
    for (const [index, statement] of statements.entries()) {
      if (this.#cancelled) {
        await emit({ kind: 'cancelled', index });
        return false;
      }
      const range = rangeOf(script, statement.offset, statement.offset + statement.text.length);
      await emit({ kind: 'statement', index, range });
      const started = performance.now();
      try {
        for (const result of await this.session.execute(statement.text)) {
          const elapsedMs = performance.now() - started;
          await emit(
            result.kind === 'rows'
              ? { kind: 'rows', index, columns: result.columns, rows: result.rows, elapsedMs }
              : { kind: 'ok', index, elapsedMs },
          );
        }
      } catch (e) {
        await emit(
          this.#cancelled
            ? { kind: 'cancelled', index }
            : { kind: 'error', index, error: errorPayload(e, script, statement) },
        );
        return false;
      }
    }
    return true;
  }
}
