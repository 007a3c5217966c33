/**
 * DROP TABLE / DROP VIEW: managed tables lose their data folder, external tables keep it. Both drop a temp view
 * of the name first (Spark resolves either's name with `allowTemp = true`).
 */
import type { DdlStatement } from '../../sql/ast/statements-ddl.js';
import type { CommandContext } from '../command-context.js';
import type { StatementResult } from '../statement-result.js';

export async function dropTable(
  session: CommandContext,
  stmt: Extract<DdlStatement, { kind: 'dropTable' }>,
): Promise<StatementResult> {
  if (session.catalog.dropTempView(stmt.name.parts)) return { kind: 'done' };
  const id = session.catalog.qualifyTableName(stmt.name.parts);
  await session.catalog.catalog.dropTable(id.database, id.name, {
    ignoreIfNotExists: stmt.ifExists,
    isView: false,
  });
  return { kind: 'done' };
}

/** DROP VIEW drops a temp view of that name first, as Spark does, then a persistent view. */
export async function dropView(
  session: CommandContext,
  stmt: Extract<DdlStatement, { kind: 'dropView' }>,
): Promise<StatementResult> {
  if (session.catalog.dropTempView(stmt.name.parts)) return { kind: 'done' };
  const id = session.catalog.qualifyTableName(stmt.name.parts);
  await session.catalog.catalog.dropTable(id.database, id.name, {
    ignoreIfNotExists: stmt.ifExists,
    isView: true,
  });
  return { kind: 'done' };
}
