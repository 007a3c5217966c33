/**
 * ALTER VIEW: SET / UNSET TBLPROPERTIES and RENAME TO change a persistent view's catalog entry;
 * ALTER VIEW v AS query replaces its text and schema (the query is analyzed first, so a broken query
 * changes nothing) or, for a temp view, the temp view itself — Spark's AlterViewAsCommand.
 */
import type { CatalogView } from '../../catalog/catalog-types.js';
import { LakesqlError } from '../../errors/index.js';
import type { Query } from '../../sql/ast/query.js';
import type { AlterTableAction, ViewSchemaBinding } from '../../sql/ast/statements-ddl.js';
import { printQuery } from '../../sql/index.js';
import { struct } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import type { TempView } from '../relations/temp-view.js';
import { checkSchemaBindingClause, VIEW_SCHEMA_MODE_PROPERTY } from '../relations/view-schema-mode.js';
import type { StatementResult } from '../statement-result.js';
import { viewField } from './create-view.js';
import { propertyMap } from './properties.js';

export async function alterView(
  session: CommandContext,
  parts: readonly string[],
  action: AlterTableAction,
): Promise<StatementResult> {
  const view = await persistentView(session, parts);
  const catalog = session.catalog.catalog;
  switch (action.kind) {
    case 'setProperties':
      await catalog.alterTable({
        ...view,
        properties: { ...view.properties, ...propertyMap(action.properties) },
      });
      return { kind: 'done' };
    case 'unsetProperties': {
      const missing = action.keys.filter((k) => !(k in view.properties));
      if (missing.length > 0 && !action.ifExists) {
        throw new LakesqlError('UNSET_NONEXISTENT_PROPERTIES', {
          properties: missing.map((k) => `\`${k}\``).join(', '),
          table: `\`spark_catalog\`.\`${view.identifier.database}\`.\`${view.identifier.name}\``,
        });
      }
      const properties = Object.fromEntries(
        Object.entries(view.properties).filter(([k]) => !action.keys.includes(k)),
      );
      await catalog.alterTable({ ...view, properties });
      return { kind: 'done' };
    }
    case 'renameTo': {
      const to = action.newName.parts;
      await catalog.renameTable(
        view.identifier.database,
        view.identifier.name,
        to.at(-1)!,
        to.length > 1 ? to.at(-2) : undefined,
      );
      return { kind: 'done' };
    }
    default:
      throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `ALTER VIEW … ${action.kind}` });
  }
}

export async function alterViewAs(
  session: CommandContext,
  parts: readonly string[],
  query: Query,
): Promise<StatementResult> {
  const target = session.catalog.relationTarget(parts);
  if (target.kind === 'tempView' || target.kind === 'globalTempView') {
    // Spark's AlterViewAsCommand keeps the view's DEFAULT COLLATION for the new query.
    const found = await session.catalog.lookupRelation(parts);
    const current = found && found.kind !== 'table' ? found.view : undefined;
    const defaultCollation = current?.kind === 'query' ? current.defaultCollation : undefined;
    await session.analyze(query, defaultCollation);
    const view: TempView = {
      kind: 'query',
      query,
      columnNames: null,
      ...(defaultCollation ? { defaultCollation } : {}),
    };
    if (target.kind === 'tempView') session.catalog.createTempView(parts, view, true);
    else session.catalog.createGlobalTempView(parts, view, true);
    return { kind: 'done' };
  }
  const view = await persistentView(session, parts);
  const plan = await session.analyze(query, view.collation);
  await session.catalog.catalog.alterTable({
    ...view,
    viewText: printQuery(query),
    viewSchema: struct(plan.output.map((a) => viewField(a.name, a))),
    viewQueryColumnNames: plan.output.map((a) => a.name),
  });
  return { kind: 'done' };
}

/** ALTER VIEW v WITH SCHEMA mode (Spark's AlterViewSchemaBindingCommand): records the new mode. */
export async function alterViewSchemaBinding(
  session: CommandContext,
  parts: readonly string[],
  mode: ViewSchemaBinding,
): Promise<StatementResult> {
  const target = session.catalog.relationTarget(parts);
  checkSchemaBindingClause(session, target.kind === 'tempView' || target.kind === 'globalTempView');
  const view = await persistentView(session, parts);
  await session.catalog.catalog.alterTable({
    ...view,
    properties: { ...view.properties, [VIEW_SCHEMA_MODE_PROPERTY]: mode },
  });
  return { kind: 'done' };
}

async function persistentView(session: CommandContext, parts: readonly string[]): Promise<CatalogView> {
  const id = session.catalog.qualifyTableName(parts);
  const entry = await session.catalog.catalog.getTable(id.database, id.name);
  if (entry.tableType !== 'VIEW') {
    throw new LakesqlError('WRONG_COMMAND_FOR_OBJECT_TYPE', {
      operation: 'ALTER VIEW',
      requiredType: 'VIEW',
      objectName: `\`spark_catalog\`.\`${id.database}\`.\`${id.name}\``,
      foundType: entry.tableType,
      alternative: 'ALTER TABLE',
    });
  }
  return entry;
}
