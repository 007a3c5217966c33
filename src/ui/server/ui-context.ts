/**
 * What every route of the UI server shares: the session, the queue its work takes turns in, the runs that
 * can still be cancelled, and the warehouse's history file.
 */
import { sessionCompletionSource } from '../../cli/session-completion.js';
import type { SqlSession } from '../../exec/session/sql-session.js';
import { historyFile } from './query-history.js';
import { SessionQueue } from './session-queue.js';
import { type RunEvent, StatementRun } from './statement-runner.js';

export class UiContext {
  readonly queue = new SessionQueue();
  readonly historyFile: string;
  readonly completion;
  readonly #runs = new Map<string, StatementRun>();

  constructor(readonly session: SqlSession) {
    this.historyFile = historyFile(session.warehouse);
    this.completion = sessionCompletionSource(session);
  }

  /** Runs `sql` when the session is free; a cancel that comes while it waits stops it before it starts. */
  run(id: string, sql: string, emit: (event: RunEvent) => void | Promise<void>): Promise<boolean> {
    const run = new StatementRun(this.session);
    this.#runs.set(id, run);
    return this.queue.run(() => run.run(sql, emit)).finally(() => this.#runs.delete(id));
  }

  /** Cancels run `id`, or every run when no id is given; true when there was one to cancel. */
  cancel(id?: string): boolean {
    const runs =
      id === undefined ? [...this.#runs.values()] : [this.#runs.get(id)].filter((r) => r !== undefined);
    for (const run of runs) run.cancel();
    return runs.length > 0;
  }

  /** Other work on the session (catalog, completion) waits for its turn too. */
  withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T> {
    return this.queue.run(() => work(this.session));
  }
}
