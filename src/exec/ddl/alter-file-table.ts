/**
 * ALTER TABLE on a catalog table that is not Delta (USING parquet, csv, json, orc, text): Spark runs these as
 * its v1 commands (ResolveSessionCatalog), which change only the catalog entry, never the data files:
 * SET / UNSET TBLPROPERTIES (AlterTableSetPropertiesCommand, `comment` being the table comment),
 * ADD COLUMNS (AlterTableAddColumnsCommand: new data columns go before the partition columns), and
 * ALTER / CHANGE COLUMN (AlterTableChangeColumnCommand), which may change a column's comment but neither
 * its name, type nor position. What v1 tables cannot do fails with Spark's UNSUPPORTED_FEATURE.TABLE_OPERATION.
 */
import type { CatalogDataTable } from '../../catalog/catalog-types.js';
import { LakesqlError } from '../../errors/index.js';
import { quotedType } from '../../plan/functions/spark-type-text.js';
import { assertUniqueColumnNames, CHAR_VARCHAR_KEY, toDeltaField } from '../../plan/types/sql-schema.js';
import type { AlterTableAction, ColumnDefinition } from '../../sql/ast/statements-ddl.js';
import { parseDataType } from '../../sql/index.js';
import { type DataType, type StructField, sqlTypeName, struct } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import { unresolvedColumn } from './alter-columns.js';
import { TABLE_COMMENT_KEY } from './alter-properties.js';
import { propertyMap } from './properties.js';

/** Providers whose files a new column can be added to (AlterTableAddColumnsCommand.verifyAlterTableAddColumn). */
const ADD_COLUMNS_PROVIDERS = new Set(['parquet', 'csv', 'json', 'orc']);

export async function alterFileTable(
  session: CommandContext,
  table: CatalogDataTable,
  action: AlterTableAction,
): Promise<void> {
  const next = alteredEntry(table, action);
  await session.catalog.catalog.alterTable(next);
}

/** The catalog entry after `action`, or Spark's error for what a v1 table cannot do. */
export function alteredEntry(table: CatalogDataTable, action: AlterTableAction): CatalogDataTable {
  switch (action.kind) {
    case 'setProperties': {
      const asked = propertyMap(action.properties);
      const { [TABLE_COMMENT_KEY]: comment, ...properties } = asked;
      return {
        ...table,
        properties: { ...table.properties, ...properties },
        ...(comment !== undefined ? { comment } : {}),
      };
    }
    case 'unsetProperties': {
      const missing = action.keys.filter((k) => !(k in table.properties) && k !== TABLE_COMMENT_KEY);
      if (missing.length > 0 && !action.ifExists) {
        throw new LakesqlError('UNSET_NONEXISTENT_PROPERTIES', {
          properties: missing.map((k) => `\`${k}\``).join(', '),
          table: tableName(table),
        });
      }
      const properties = Object.fromEntries(
        Object.entries(table.properties).filter(([k]) => !action.keys.includes(k)),
      );
      const { comment: _dropped, ...rest } = table;
      return { ...(action.keys.includes(TABLE_COMMENT_KEY) ? rest : table), properties };
    }
    case 'addColumns':
      return withAddedColumns(table, action.columns);
    case 'alterColumn': {
      const unsupported = action.changes.find((c) => c.kind !== 'type' && c.kind !== 'comment');
      if (unsupported) throw tableOperation(table, changeOperation(unsupported.kind));
      if (action.column.length > 1) throw tableOperation(table, 'ALTER COLUMN with qualified column');
      let type: DataType | undefined;
      let comment: string | undefined;
      for (const c of action.changes) {
        if (c.kind === 'type') type = c.dataType;
        if (c.kind === 'comment') comment = c.comment;
      }
      return withChangedColumn(table, action.column[0]!, action.column[0]!, type, comment);
    }
    case 'changeColumn': {
      if (action.position) throw tableOperation(table, 'ALTER COLUMN ... FIRST | AFTER');
      if (action.column.length > 1) throw tableOperation(table, 'ALTER COLUMN with qualified column');
      const comment = action.comment ?? undefined;
      return withChangedColumn(table, action.column[0]!, action.newName, action.dataType, comment);
    }
    case 'renameColumn':
      throw tableOperation(table, 'RENAME COLUMN');
    case 'dropColumns':
      throw tableOperation(table, 'DROP COLUMN');
    case 'replaceColumns':
      throw tableOperation(table, 'REPLACE COLUMNS');
    case 'addConstraint':
    case 'dropConstraint':
    case 'clusterBy':
    case 'dropFeature':
    case 'setLocation':
    case 'renameTo':
      throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: `ALTER TABLE on a ${table.provider} table` });
    default: {
      const never: never = action;
      throw new Error(`unknown action ${JSON.stringify(never)}`);
    }
  }
}

function changeOperation(kind: string): string {
  switch (kind) {
    case 'position':
      return 'ALTER COLUMN ... FIRST | AFTER';
    case 'setNotNull':
    case 'dropNotNull':
      return 'ALTER COLUMN ... SET NOT NULL';
    default:
      return 'ALTER COLUMN ... SET/DROP DEFAULT';
  }
}

function withAddedColumns(table: CatalogDataTable, columns: readonly ColumnDefinition[]): CatalogDataTable {
  if (!ADD_COLUMNS_PROVIDERS.has(table.provider)) throw tableOperation(table, 'ADD COLUMNS');
  for (const c of columns) {
    if (c.parentPath && c.parentPath.length > 0)
      throw tableOperation(table, 'ADD COLUMN with qualified column');
    if (!c.nullable) throw new LakesqlError('_LEGACY_ERROR_TEMP_1052', {});
    if (c.position) throw tableOperation(table, 'ADD COLUMN ... FIRST | AFTER');
    // A new column reads as its default from files written before it; lakesql's file scans do not fill one in.
    if (c.default || c.generated) throw tableOperation(table, 'ADD COLUMN ... DEFAULT');
  }
  const schema = table.schema ?? struct([]);
  const isPartition = (f: StructField) =>
    table.partitionColumns.some((p) => p.toLowerCase() === f.name.toLowerCase());
  const dataFields = schema.fields.filter((f) => !isPartition(f));
  const partitionFields = schema.fields.filter(isPartition);
  const added = columns.map((c) =>
    toDeltaField(c.name, c.dataType, true, c.comment !== null ? { comment: c.comment } : {}),
  );
  assertUniqueColumnNames([...dataFields, ...added, ...partitionFields].map((f) => f.name));
  return { ...table, schema: struct([...dataFields, ...added, ...partitionFields]) };
}

/**
 * AlterTableChangeColumnCommand: the column keeps its name and type (char/varchar compared as declared)
 * and takes the new comment, if one is given. Only data columns can be changed.
 */
function withChangedColumn(
  table: CatalogDataTable,
  name: string,
  newName: string,
  newType: DataType | undefined,
  comment: string | undefined,
): CatalogDataTable {
  const schema = table.schema ?? struct([]);
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const field = schema.fields.find((f) => same(f.name, name));
  if (!field) throw unresolvedColumn([name], schema);
  if (table.partitionColumns.some((p) => same(p, field.name))) {
    const dataColumns = schema.fields.filter((f) => !table.partitionColumns.some((p) => same(p, f.name)));
    throw new LakesqlError('_LEGACY_ERROR_TEMP_1246', {
      name,
      fieldNames: `[${dataColumns.map((f) => f.name).join(', ')}]`,
    });
  }
  const originType = declaredType(field);
  if (!same(field.name, newName) || (newType && sqlTypeName(newType) !== sqlTypeName(originType))) {
    throw new LakesqlError('NOT_SUPPORTED_CHANGE_COLUMN', {
      table: tableName(table),
      originName: `\`${field.name}\``,
      originType: quotedType(originType),
      newName: `\`${newName}\``,
      newType: quotedType(newType ?? originType),
    });
  }
  const changed: StructField =
    comment === undefined ? field : { ...field, metadata: { ...field.metadata, comment } };
  return { ...table, schema: struct(schema.fields.map((f) => (f === field ? changed : f))) };
}

/** The type a column was declared with: CHAR/VARCHAR come back from the field metadata. */
function declaredType(f: StructField): DataType {
  const raw = f.metadata[CHAR_VARCHAR_KEY];
  return typeof raw === 'string' ? parseDataType(raw) : f.type;
}

function tableOperation(table: CatalogDataTable, operation: string): LakesqlError {
  return new LakesqlError('UNSUPPORTED_FEATURE.TABLE_OPERATION', { tableName: tableName(table), operation });
}

function tableName(table: CatalogDataTable): string {
  return `\`spark_catalog\`.\`${table.identifier.database}\`.\`${table.identifier.name}\``;
}
