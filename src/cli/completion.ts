/**
 * Tab completion for the REPL: SQL keywords, function names (lakesql's function registry), databases, the
 * current database's tables and views (so it follows USE), `db.` to the tables of database `db`, and the
 * columns of the tables the statement names: `t.c<TAB>` and `db.t.c<TAB>` complete columns of that table.
 * Keywords and functions come back in the case the user is typing in.
 */
import { SQL_KEYWORDS } from './sql-keywords.js';

/** What completion asks the session about. */
export interface CompletionSource {
  /** The tables and views of `database`, or of the current database when none is given. */
  tables(database?: string): Promise<readonly string[]>;
  databases(): Promise<readonly string[]>;
  /** The column names of a table or view (`t` or `db.t`), or none when it cannot be resolved. */
  columns(table: string): Promise<readonly string[]>;
  /** The names of the functions lakesql implements, lower-case. */
  functions(): readonly string[];
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
  const dot = word.lastIndexOf('.');
  if (dot >= 0) {
    const qualifier = word.slice(0, dot);
    const names = [
      ...(await qualifiedTables(qualifier, source)),
      ...(await qualifiedColumns(qualifier, source)),
    ];
    return [unique(matching(names, word.slice(dot + 1))).map((n) => `${qualifier}.${n}`), word];
  }
  const [tables, databases] = await Promise.all([source.tables(), source.databases()]);
  const columns = await namedColumns(`${statement}\n${line}`, tables, source);
  const upper = !/[a-z]/.test(word);
  const keywords = upper ? SQL_KEYWORDS : SQL_KEYWORDS.map((k) => k.toLowerCase());
  const functions = upper ? source.functions().map((f) => f.toUpperCase()) : source.functions();
  // With nothing typed, every keyword and function would drown the names that matter.
  const candidates =
    word === '' ? [...tables, ...columns] : [...keywords, ...functions, ...tables, ...databases, ...columns];
  return [unique(matching(candidates, word)).sort(), word];
}

/** `db.` lists the tables of database `db`. */
async function qualifiedTables(qualifier: string, source: CompletionSource): Promise<readonly string[]> {
  if (qualifier.includes('.')) return [];
  const database = (await source.databases()).find((d) => d.toLowerCase() === qualifier.toLowerCase());
  return database === undefined ? [] : source.tables(database);
}

/** `t.` (a table of the current database) and `db.t.` list the table's columns. */
async function qualifiedColumns(qualifier: string, source: CompletionSource): Promise<readonly string[]> {
  const parts = qualifier.split('.');
  if (parts.length > 2) return [];
  const tables = parts.length === 2 ? await qualifiedTables(parts[0]!, source) : await source.tables();
  const table = tables.find((t) => t.toLowerCase() === parts.at(-1)!.toLowerCase());
  if (table === undefined) return [];
  return source.columns(parts.length === 2 ? `${parts[0]}.${table}` : table);
}

/** The columns of every table the statement names, as `t` (current database) or `db.t`. */
async function namedColumns(
  text: string,
  tables: readonly string[],
  source: CompletionSource,
): Promise<string[]> {
  const names = new Set((text.match(/[\w$]+(?:\.[\w$]+)?/g) ?? []).map((n) => n.toLowerCase()));
  const local = tables.filter((t) => names.has(t.toLowerCase()));
  const qualified = [...names].filter((n) => n.includes('.'));
  const found = await Promise.all([
    ...local.map((t) => source.columns(t)),
    ...qualified.map(async (n) =>
      (await qualifiedTables(n.split('.')[0]!, source)).some((t) => t.toLowerCase() === n.split('.')[1])
        ? source.columns(n)
        : [],
    ),
  ]);
  return found.flat();
}

function matching(candidates: readonly string[], prefix: string): string[] {
  const p = prefix.toLowerCase();
  return candidates.filter((c) => c.toLowerCase().startsWith(p));
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}
