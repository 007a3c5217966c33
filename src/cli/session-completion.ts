/**
 * The REPL's CompletionSource over a SQL session's catalog; lookups that fail complete nothing. Columns
 * come from analyzing `SELECT * FROM t`, since a Delta table's schema lives in its log, not the catalog.
 * Function names are lakesql's built-ins, as SHOW FUNCTIONS lists them.
 */
import { builtinFunctionNames } from '../exec/ddl/describe-function.js';
import type { SqlSession } from '../exec/session/sql-session.js';
import { parseStatement } from '../sql/index.js';
import type { CompletionSource } from './completion.js';

export function sessionCompletionSource(session: SqlSession): CompletionSource {
  let functions: readonly string[] | undefined;
  return {
    async tables(database) {
      try {
        const listed = await session.catalog.listTables(database);
        // Temp views (empty namespace) belong to no database: they complete on their own only.
        return listed.filter((t) => database === undefined || t.namespace !== '').map((t) => t.name);
      } catch {
        return [];
      }
    },
    async databases() {
      try {
        return await session.catalog.catalog.listDatabases();
      } catch {
        return [];
      }
    },
    async columns(table) {
      try {
        const name = table
          .split('.')
          .map((p) => `\`${p.replaceAll('`', '``')}\``)
          .join('.');
        const statement = parseStatement(`SELECT * FROM ${name}`);
        if (statement.kind !== 'queryStatement') return [];
        return (await session.analyze(statement.query)).output.map((a) => a.name);
      } catch {
        return [];
      }
    },
    functions() {
      functions ??= builtinFunctionNames()
        .filter((f) => /^[a-z_][a-z0-9_]*$/.test(f))
        .sort();
      return functions;
    },
  };
}
