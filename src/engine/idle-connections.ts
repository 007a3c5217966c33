/**
 * DuckDB connections kept open between queries. Opening one is not free: DuckDB builds a client context
 * (with its own temporary catalog) synchronously on the main thread, measured at 0.1 to 0.6 ms per
 * connection on a loaded 2-core machine, paid by every `collect()` while a DuckDB client that reuses one
 * connection pays it once.
 *
 * Only statements that leave nothing behind on their connection may borrow one: a single query whose
 * result is read to the end or dropped (no temp table, no `SET`, no open transaction). A connection whose
 * statement failed is closed instead of kept, so an interrupted or broken context is never handed out.
 * Each borrower has its connection to itself until it gives it back, as with a fresh connection.
 */
import type { DuckDBConnection } from '@duckdb/node-api';

/** Enough for the queries one session runs at once; more are opened as needed and closed when returned. */
export const IDLE_CONNECTIONS_KEPT = 4;

export class IdleConnections {
  readonly #idle: DuckDBConnection[] = [];
  #closed = false;

  constructor(private readonly capacity: number = IDLE_CONNECTIONS_KEPT) {}

  /** An idle connection, or undefined when none is kept. */
  take(): DuckDBConnection | undefined {
    return this.#idle.pop();
  }

  /** Gives back a connection whose statement succeeded; closed at once when the pool is full or closed. */
  giveBack(connection: DuckDBConnection): void {
    if (this.#closed || this.#idle.length >= this.capacity) {
      connection.closeSync();
      return;
    }
    this.#idle.push(connection);
  }

  /** Closes every idle connection; later returns are closed too. */
  close(): void {
    this.#closed = true;
    for (const connection of this.#idle.splice(0)) connection.closeSync();
  }
}
