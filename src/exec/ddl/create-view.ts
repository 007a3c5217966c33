/**
 * CREATE [OR REPLACE] [GLOBAL] TEMP VIEW and persistent CREATE VIEW. The query is analyzed at creation (so a
 * broken view fails now, as in Spark) and stored as written; it is re-analyzed at every use.
 */

import { LakesqlError } from '../../errors/index.js';
import type { Attribute } from '../../plan/logical/attribute.js';
import { rawType, toDeltaField } from '../../plan/types/sql-schema.js';
import type { CreateView } from '../../sql/ast/statements-ddl.js';
import { field, type StructField, struct } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import type { TempView } from '../relations/temp-view.js';
import { viewSchemaModeProperty } from '../relations/view-schema-mode.js';
import type { StatementResult } from '../statement-result.js';
import { propertyMap } from './properties.js';
import { refuseTempViewReferences } from './view-temp-references.js';

export async function createView(session: CommandContext, stmt: CreateView): Promise<StatementResult> {
  const defaultCollation = stmt.defaultCollation ?? undefined;
  const plan = await session.analyze(stmt.query, defaultCollation);
  const columnNames = stmt.columns?.map((c) => c.name) ?? null;
  if (columnNames && columnNames.length !== plan.output.length) {
    throw new LakesqlError('CREATE_VIEW_COLUMN_ARITY_MISMATCH.NOT_ENOUGH_DATA_COLUMNS', {
      viewName: stmt.name.parts.join('.'),
      viewColumns: columnNames.join(', '),
      dataColumns: plan.output.map((a) => a.name).join(', '),
    });
  }
  const schemaMode = viewSchemaModeProperty(
    session,
    stmt.schemaBinding,
    stmt.temporary !== null,
    stmt.columns !== null,
  );
  const view: TempView = {
    kind: 'query',
    query: stmt.query,
    columnNames,
    ...(defaultCollation ? { defaultCollation } : {}),
  };
  if (stmt.temporary === 'local') {
    if (stmt.ifNotExists && session.catalog.tempViews.has(stmt.name.parts.at(-1)!)) return { kind: 'done' };
    session.catalog.createTempView(stmt.name.parts, view, stmt.orReplace);
    return { kind: 'done' };
  }
  if (stmt.temporary === 'global') {
    session.catalog.createGlobalTempView(stmt.name.parts, view, stmt.orReplace);
    return { kind: 'done' };
  }
  const id = session.catalog.qualifyTableName(stmt.name.parts);
  refuseTempViewReferences(session, stmt.query, ['spark_catalog', id.database, id.name]);
  const names = columnNames ?? plan.output.map((a) => a.name);
  const def = {
    tableType: 'VIEW' as const,
    viewText: stmt.queryText,
    viewSchema: struct(
      plan.output.map((a, i) => {
        const comment = stmt.columns?.[i]?.comment;
        return viewField(names[i]!, a, typeof comment === 'string' ? { comment } : {});
      }),
    ),
    viewQueryColumnNames: plan.output.map((a) => a.name),
    viewCatalogAndNamespace: ['spark_catalog', session.catalog.currentDatabase],
    ...(stmt.comment !== null ? { comment: stmt.comment } : {}),
    properties: { ...propertyMap(stmt.properties), ...schemaMode },
    ...(defaultCollation ? { collation: defaultCollation } : {}),
  };
  if (stmt.orReplace && (await session.catalog.catalog.tableExists(id.database, id.name))) {
    await session.catalog.catalog.dropTable(id.database, id.name, { isView: true });
  }
  await session.catalog.catalog.createTable(id.database, id.name, def, stmt.ifNotExists);
  return { kind: 'done' };
}

/**
 * A view column as the catalog stores it. CharVarcharUtils.getRawSchema: a column read from a CHAR/VARCHAR
 * column keeps that type (as string with its metadata), so DESCRIBE shows char(n).
 */
export function viewField(name: string, a: Attribute, metadata: Record<string, unknown> = {}): StructField {
  const declared = rawType(a.type, a.metadata);
  if (declared !== a.type) return toDeltaField(name, declared, a.nullable, metadata);
  return field(name, a.type, a.nullable, metadata);
}
