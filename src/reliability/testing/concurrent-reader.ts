/**
 * A reader that queries a table over and over while writers work on it, keeping count of what it saw:
 * reads, typed errors by class, and untyped errors (which must stay none).
 */
import { LakesqlError } from '../../errors/index.js';
import type { SqlSession } from '../../exec/session/sql-session.js';

export interface ReaderTally {
  reads: number;
  typed: Map<string, number>;
  untyped: string[];
}

export function newTally(): ReaderTally {
  return { reads: 0, typed: new Map(), untyped: [] };
}

/** Reads `sql` until `stop` resolves; returns when the read in flight has ended. */
export async function readUntil(
  session: SqlSession,
  sql: string,
  stop: Promise<unknown>,
  tally: ReaderTally,
) {
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  while (!stopped) {
    try {
      await session.execute(sql);
      tally.reads += 1;
    } catch (e) {
      if (e instanceof LakesqlError) tally.typed.set(e.errorClass, (tally.typed.get(e.errorClass) ?? 0) + 1);
      else tally.untyped.push(String(e instanceof Error ? e.stack : e));
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
