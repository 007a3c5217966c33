/**
 * `lakesql.statement.timeout`: a statement running past its limit is interrupted through DuckDB's
 * interrupt. An interrupt only stops a query DuckDB is running at that moment, so it is repeated until the
 * statement settles: a statement between two DuckDB queries (reading a log, assembling a commit) is
 * stopped by the next query it starts, before anything is committed.
 */

import { LakesqlError } from '../../errors/index.js';

/** How often the interrupt is repeated once the limit has passed (the REPL's Ctrl-C retries likewise). */
const INTERRUPT_RETRY_MS = 25;

export interface Interruptible {
  interrupt(): void;
}

/** The limit in milliseconds, or undefined for none (unset, 0 or negative). */
export function statementTimeoutMs(value: string | undefined): number | undefined {
  const seconds = value === undefined ? 0 : Number(value.trim());
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

export async function withStatementTimeout<T>(
  engine: Interruptible,
  timeoutMs: number | undefined,
  run: () => Promise<T>,
): Promise<T> {
  if (timeoutMs === undefined) return run();
  let timedOut = false;
  let retry: NodeJS.Timeout | undefined;
  const timer = setTimeout(() => {
    timedOut = true;
    engine.interrupt();
    retry = setInterval(() => engine.interrupt(), INTERRUPT_RETRY_MS);
  }, timeoutMs);
  try {
    return await run();
  } catch (e) {
    if (timedOut && e instanceof LakesqlError && e.errorClass === 'OPERATION_CANCELED') {
      throw new LakesqlError('STATEMENT_TIMEOUT', { timeoutSeconds: String(timeoutMs / 1000) }, { cause: e });
    }
    throw e;
  } finally {
    clearTimeout(timer);
    clearInterval(retry);
  }
}
