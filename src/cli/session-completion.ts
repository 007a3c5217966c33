/** The REPL's CompletionSource over a SQL session's catalog; lookups that fail complete nothing. */
import type { SqlSession } from '../exec/session/sql-session.js';
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
        const found = await session.catalog.lookupRelation([table]);
        if (found === undefined) return [];
        switch (found.kind) {
          case 'table':
            return found.table.tableType === 'VIEW'
              ? found.table.viewSchema.fields.map((f) => f.name)
              : (found.table.schema?.fields.map((f) => f.name) ?? []);
          case 'tempView':
          case 'globalTempView': {
            const view = found.view;
            if (view.kind === 'plan') return view.plan.output.map((a) => a.name);
            return view.columnNames ?? (await session.analyze(view.query)).output.map((a) => a.name);
          }
          default:
            return found satisfies never;
        }
      } catch {
        return [];
      }
    },
  };
}
