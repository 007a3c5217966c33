/**
 * The page's query history, kept per warehouse in `_lakesql_catalog/ui-history.jsonl` beside the catalog,
 * one JSON object a line, oldest first. As with the REPL's history file, a history that cannot be read or
 * written costs only the history, never the statement.
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CATALOG_FOLDER } from '../../catalog/warehouse-layout.js';

/** How many entries the page is given back (the file itself keeps everything). */
export const HISTORY_SHOWN = 200;

export interface HistoryEntry {
  /** ISO-8601 time the run started. */
  readonly at: string;
  readonly sql: string;
  readonly ok: boolean;
  readonly elapsedMs: number;
  readonly errorClass?: string;
}

export function historyFile(warehouse: string): string {
  return path.join(warehouse, CATALOG_FOLDER, 'ui-history.jsonl');
}

export function appendHistory(file: string, entry: HistoryEntry): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    appendFileSync(file, `${JSON.stringify(entry)}\n`);
  } catch {
    // An unwritable history only costs the history.
  }
}

/** The latest entries, newest first. */
export function readHistory(file: string): HistoryEntry[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const entries: HistoryEntry[] = [];
  for (const line of text.split('\n').slice(-HISTORY_SHOWN - 1)) {
    try {
      if (line.trim() !== '') entries.push(JSON.parse(line) as HistoryEntry);
    } catch {
      // A torn last line (a crash mid-append) is skipped.
    }
  }
  return entries.reverse();
}
