/**
 * One SQL session serves every request of the page, and a session runs one statement at a time (its
 * current database, temp views and DuckDB connection are shared state), so requests take turns.
 */
export class SessionQueue {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#tail.then(work, work);
    this.#tail = next.catch(() => undefined);
    return next;
  }
}
