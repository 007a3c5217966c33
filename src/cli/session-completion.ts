/**
 * The REPL's CompletionSource over a SQL session's catalog; lookups that fail complete nothing. Columns
 * come from analyzing `SELECT * FROM t`, since a Delta table's schema lives in its log, not the catalog.
 */
import type { SqlSession } from '../exec/session/sql-session.js';
import { parseStatement } from '../sql/index.js';
import type { CompletionSource } from './completion.js';

export function sessionCompletionSource(session: SqlSession): CompletionSource {
  return {
    async tables() {
      try {
        return (await session.catalog.listTables()).map((t) => t.name);
      } catch {
        return [];
      }
    },
    async columns(table) {
      try {
        const statement = parseStatement(`SELECT * FROM \`${table.replaceAll('`', '``')}\``);
        if (statement.kind !== 'queryStatement') return [];
        return (await session.analyze(statement.query)).output.map((a) => a.name);
      } catch {
        return [];
      }
    },
  };
}
