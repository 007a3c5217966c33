/**
 * SHOW statements, in the columns Spark gives them: DATABASES (`namespace`), TABLES (`namespace`,
 * `tableName`, `isTemporary`; this session's temp views follow with an empty namespace), VIEWS
 * (`viewName`), COLUMNS (`col_name`), TBLPROPERTIES (`key`, `value`), CREATE TABLE (`createtab_stmt`),
 * FUNCTIONS (`function`), PARTITIONS (`partition`) and CATALOGS (`catalog`).
 */

import { filterPattern } from '../../catalog/name-pattern.js';
import { deltaTableProperties, sortedEntries } from '../../delta/delta-table-properties.js';
import { LakesqlError } from '../../errors/index.js';
import type { MiscStatement } from '../../sql/ast/statements-misc.js';
import { BooleanType, StringType } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import type { CommandContext } from '../command-context.js';
import {
  type CatalogRelation,
  relationSchema,
  resolveCatalogRelation,
} from '../relations/catalog-relation.js';
import { shownViewSchemaMode } from '../relations/view-schema-mode.js';
import type { StatementResult } from '../statement-result.js';
import { builtinFunctionNames } from './describe-function.js';
import { redactOptions } from './redaction.js';
import { column, rowsResult } from './result-rows.js';
import { showCreateTableText } from './show-create-table.js';
import { showPartitionRows } from './show-partitions.js';

type ShowStatement = Extract<
  MiscStatement,
  {
    kind:
      | 'showDatabases'
      | 'showTables'
      | 'showColumns'
      | 'showTblProperties'
      | 'showCreateTable'
      | 'showFunctions'
      | 'showPartitions'
      | 'showCatalogs';
  }
>;

export async function showStatement(session: CommandContext, stmt: ShowStatement): Promise<StatementResult> {
  switch (stmt.kind) {
    case 'showDatabases': {
      const names = await session.catalog.catalog.listDatabases(stmt.pattern ?? undefined);
      return rowsResult(
        [column('namespace', StringType, false)],
        names.map((n) => [n]),
      );
    }
    case 'showTables': {
      if (stmt.extended) throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'SHOW TABLE EXTENDED' });
      const db = stmt.database ? databaseName(session, stmt.database.parts) : undefined;
      const pattern = stmt.pattern ?? undefined;
      const listing = stmt.views
        ? await session.catalog.listViews(db, pattern)
        : await session.catalog.listTables(db, pattern);
      return rowsResult(
        [
          column('namespace', StringType, false),
          column(stmt.views ? 'viewName' : 'tableName', StringType, false),
          column('isTemporary', BooleanType, false),
        ],
        listing.map((t) => [t.namespace, t.name, t.isTemporary]),
      );
    }
    case 'showColumns': {
      const parts = stmt.database
        ? [...stmt.database.parts, ...stmt.table.parts.slice(-1)]
        : stmt.table.parts;
      const relation = await resolveCatalogRelation(session, parts);
      return rowsResult(
        [column('col_name', StringType, false)],
        relationSchema(relation).fields.map((f) => [f.name]),
      );
    }
    case 'showTblProperties': {
      const relation = await resolveCatalogRelation(session, stmt.table.parts);
      return rowsResult(
        [column('key', StringType, false), column('value', StringType, false)],
        tblPropertyRows(relation, stmt.key, (k) => session.confValue(k)),
      );
    }
    case 'showCreateTable': {
      const relation = await resolveCatalogRelation(session, stmt.table.parts);
      // ShowCreateTableAsSerdeCommand prints a view as SHOW CREATE TABLE does; Hive DDL of tables is not ours.
      if (stmt.asSerde && relation.kind !== 'view')
        throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'SHOW CREATE TABLE … AS SERDE' });
      return rowsResult(
        [column('createtab_stmt', StringType, false)],
        [
          [
            showCreateTableText(
              relation,
              (k) => session.confValue(k),
              relation.kind === 'view' ? shownViewSchemaMode(session, relation.view) : undefined,
            ),
          ],
        ],
      );
    }
    case 'showFunctions': {
      // Spark's ShowFunctionsCommand: USER lists the session's temporary functions (registered from
      // JavaScript or CREATE TEMPORARY FUNCTION) by name and persistent ones qualified; SYSTEM the builtins.
      const user = userFunctionNames(session);
      const listed =
        stmt.scope === 'USER'
          ? user
          : stmt.scope === 'SYSTEM'
            ? builtinFunctionNames()
            : [...new Set([...builtinFunctionNames(), ...user])].sort();
      const names = filterPattern(listed, stmt.pattern ?? undefined);
      return rowsResult(
        [column('function', StringType, false)],
        names.map((n) => [n]),
      );
    }
    case 'showPartitions': {
      const relation = await resolveCatalogRelation(session, stmt.table.parts);
      return rowsResult(
        [column('partition', StringType, false)],
        showPartitionRows(relation, stmt.partition).map((p) => [p]),
      );
    }
    case 'showCatalogs':
      return rowsResult(
        [column('catalog', StringType, false)],
        filterPattern(['spark_catalog'], stmt.pattern ?? undefined).map((c) => [c]),
      );
    default: {
      const never: never = stmt;
      throw new Error(`unknown statement ${JSON.stringify(never)}`);
    }
  }
}

/** The session's user functions as SHOW FUNCTIONS names them, sorted. */
function userFunctionNames(session: CommandContext): string[] {
  const catalog = session.catalog;
  const sql = catalog.functions.names(catalog.currentDatabase);
  return [
    ...new Set([
      ...catalog.userFunctions.names(catalog.currentDatabase).temporary,
      ...sql.temporary,
      ...sql.persistent.map((f) => `spark_catalog.${catalog.currentDatabase}.${f}`),
    ]),
  ].sort();
}

/** `IN db` / `IN spark_catalog.db`. */
function databaseName(session: CommandContext, parts: readonly string[]): string {
  if (parts.length === 2) session.catalog.checkCatalogName(parts[0]!);
  return parts.at(-1)!;
}

/**
 * SHOW TBLPROPERTIES: sorted (key, value) rows, or the one asked for; a missing key answers Spark's text
 * `Table <name> does not have property: <key>` as its value. Temp views have none; views hide `view.*`.
 */
function tblPropertyRows(
  relation: CatalogRelation,
  key: string | null,
  confValue: (key: string) => string | undefined,
): Value[][] {
  let props: Readonly<Record<string, string>>;
  let name: string;
  switch (relation.kind) {
    case 'delta':
      props = deltaTableProperties(relation.snapshot);
      name = relation.qualifiedName;
      break;
    case 'fileTable':
      props = relation.table.properties;
      name = relation.qualifiedName;
      break;
    case 'view':
      props = Object.fromEntries(
        Object.entries(relation.view.properties).filter(([k]) => !k.startsWith('view.')),
      );
      name = relation.qualifiedName;
      break;
    case 'tempView':
      return [];
    default: {
      const never: never = relation;
      throw new Error(`unknown relation ${JSON.stringify(never)}`);
    }
  }
  props = redactOptions(props, confValue);
  if (key === null) return sortedEntries(props);
  return [[key, props[key] ?? `Table ${name} does not have property: ${key}`]];
}
