/**
 * The REPL's history, kept across sessions in `~/.lakesql_history` (or `$LAKESQL_HISTORY`): one statement a
 * line, oldest first, as readline-based shells keep theirs. A history that cannot be read or written is no
 * reason to refuse to start, so failures are ignored.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const HISTORY_SIZE = 1000;

export function historyFilePath(env: NodeJS.ProcessEnv = process.env): string {
  return env.LAKESQL_HISTORY || path.join(os.homedir(), '.lakesql_history');
}

/** The last HISTORY_SIZE entries, newest first (readline's order). */
export function loadHistory(file: string): string[] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .slice(-HISTORY_SIZE)
      .reverse();
  } catch {
    return [];
  }
}

/**
 * A statement's history entries: one, its lines joined, since the file holds an entry a line; but when a
 * line holds `--`, joining could turn the rest of the statement into a comment, so each line stays its own.
 */
export function historyEntries(statement: string): string[] {
  const lines = statement
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  return lines.some((l) => l.includes('--')) ? lines : [lines.join(' ')];
}

export function appendHistory(file: string, entry: string): void {
  try {
    appendFileSync(file, `${entry}\n`);
  } catch {
    // An unwritable history only costs the history.
  }
}
