/**
 * CREATE FUNCTION and DROP FUNCTION for SQL user-defined functions (Spark's CreateSQLFunctionCommand and
 * DropFunctionCommand), and finding a function by name along Spark's search path: a one-part name is a
 * temporary function (`system.session`) before a persistent one of the current schema; `db.f` and
 * `spark_catalog.db.f` name persistent ones, `session.f` and `system.session.f` temporary ones.
 */
import { schemaNotFound } from '../../catalog/catalog-errors.js';
import { normalizeName } from '../../catalog/identifiers.js';
import { LakesqlError } from '../../errors/index.js';
import { analyzerContext } from '../../plan/analyzer/analyzer-context.js';
import { validateFunctionDefinition } from '../../plan/analyzer/sql-function-definition.js';
import type { CreateFunction, FunctionStatement } from '../../sql/ast/statements-functions.js';
import type { CommandContext } from '../command-context.js';
import {
  type FunctionName,
  functionName,
  functionsOf,
  resolvedFunction,
} from '../relations/sql-function-lookup.js';
import type { StatementResult } from '../statement-result.js';

type FunctionContext = Pick<CommandContext, 'catalog' | 'relations' | 'semantics' | 'conf'>;

export async function createFunction(ctx: FunctionContext, stmt: CreateFunction): Promise<StatementResult> {
  const parts = stmt.name.parts;
  if (stmt.temporary && parts.length > 1) {
    throw new LakesqlError('INVALID_SQL_SYNTAX.CREATE_TEMP_FUNC_WITH_DATABASE', {
      database: parts.slice(0, -1).join('.'),
    });
  }
  const target: FunctionName | undefined = stmt.temporary
    ? { kind: 'temporary', name: normalizeName(parts[0]!) }
    : functionName(parts, ctx.catalog.currentDatabase);
  if (!target || (target.kind === 'temporary') !== stmt.temporary) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `the function name ${parts.join('.')}` });
  }
  if (target.kind === 'persistent' && !(await ctx.catalog.catalog.databaseExists(target.database))) {
    throw schemaNotFound(target.database);
  }
  const functions = functionsOf(ctx.catalog);
  const existing =
    target.kind === 'temporary'
      ? functions.temporary(target.name)
      : functions.persistent(target.database, target.name);
  if (existing && stmt.ifNotExists) return { kind: 'done' };
  if (existing && !stmt.orReplace) {
    throw new LakesqlError('ROUTINE_ALREADY_EXISTS', {
      routineName:
        target.kind === 'temporary' ? `\`${target.name}\`` : `\`${target.database}\`.\`${target.name}\``,
      newRoutineType: 'routine',
      existingRoutineType: 'routine',
    });
  }
  const stored = { definition: stmt, semantics: ctx.semantics };
  const fn = resolvedFunction(target, stored);
  await validateFunctionDefinition(fn, analyzerContext(ctx.relations, ctx.semantics, ctx.conf));
  if (target.kind === 'temporary') functions.setTemporary(target.name, stored);
  else functions.setPersistent(target.database, target.name, stored);
  return { kind: 'done' };
}

export function dropFunction(
  ctx: Pick<CommandContext, 'catalog'>,
  stmt: Extract<FunctionStatement, { kind: 'dropFunction' }>,
): StatementResult {
  const parts = stmt.name.parts;
  const target: FunctionName | undefined = stmt.temporary
    ? { kind: 'temporary', name: normalizeName(parts[parts.length - 1]!) }
    : functionName(parts, ctx.catalog.currentDatabase);
  const functions = functionsOf(ctx.catalog);
  const dropped =
    target === undefined
      ? false
      : target.kind === 'temporary'
        ? functions.dropTemporary(target.name)
        : functions.dropPersistent(target.database, target.name);
  if (!dropped && !stmt.ifExists) {
    throw new LakesqlError('ROUTINE_NOT_FOUND', { routineName: parts.map((p) => `\`${p}\``).join('.') });
  }
  return { kind: 'done' };
}
