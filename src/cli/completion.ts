/**
 * Tab completion for the REPL: SQL keywords, the current database's tables and views, and the columns of
 * the tables the statement names. `t.c<TAB>` completes columns of table `t`. Keywords come back in the
 * case the user is typing in.
 */
import { SQL_KEYWORDS } from './sql-keywords.js';

/** What completion asks the session about. */
export interface CompletionSource {
  tables(): Promise<readonly string[]>;
  /** The column names of a table or view, or none when it cannot be resolved. */
  columns(table: string): Promise<readonly string[]>;
}

/** readline's completer answer: the candidates and the text they replace. */
export type Completion = [string[], string];

/**
 * `statement` is the text typed so far in earlier lines of the statement, `line` the current line up to the
 * cursor.
 */
export async function complete(
  statement: string,
  line: string,
  source: CompletionSource,
): Promise<Completion> {
  const word = /[\w.$]*$/.exec(line)?.[0] ?? '';
  const tables = await source.tables();
  const dot = word.lastIndexOf('.');
  if (dot >= 0) {
    const qualifier = word.slice(0, dot);
    const table = tables.find((t) => t.toLowerCase() === qualifier.toLowerCase());
    const columns = table === undefined ? [] : await source.columns(table);
    return [matching(columns, word.slice(dot + 1)).map((c) => `${qualifier}.${c}`), word];
  }
  const words = new Set(`${statement}\n${line}`.toLowerCase().match(/\w+/g) ?? []);
  const named = tables.filter((t) => words.has(t.toLowerCase()));
  const columns = (await Promise.all(named.map((t) => source.columns(t)))).flat();
  const keywords = /[a-z]/.test(word) ? SQL_KEYWORDS.map((k) => k.toLowerCase()) : SQL_KEYWORDS;
  // With nothing typed, every keyword would drown the names that matter.
  const candidates = word === '' ? [...tables, ...columns] : [...keywords, ...tables, ...columns];
  return [[...new Set(matching(candidates, word))].sort(), word];
}

function matching(candidates: readonly string[], prefix: string): string[] {
  const p = prefix.toLowerCase();
  return candidates.filter((c) => c.toLowerCase().startsWith(p));
}
