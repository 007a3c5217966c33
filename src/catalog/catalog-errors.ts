/** The catalog's user errors, with the message parameters Spark's catalog exceptions carry. */
import { LakesqlError } from '../errors/index.js';
import type { CatalogTable, TableIdentifier } from './catalog-types.js';
import { quoteIdentifier, quoteNameParts, quoteTableIdentifier } from './identifiers.js';

/** Spark's session catalog name, in REQUIRES_SINGLE_PART_NAMESPACE and fully qualified object names. */
export const SESSION_CATALOG_NAME = 'spark_catalog';

export function schemaAlreadyExists(database: string): LakesqlError {
  return new LakesqlError('SCHEMA_ALREADY_EXISTS', { schemaName: quoteIdentifier(database) });
}

export function schemaNotFound(database: string, cause?: unknown): LakesqlError {
  return new LakesqlError(
    'SCHEMA_NOT_FOUND',
    { schemaName: quoteIdentifier(database) },
    cause === undefined ? undefined : { cause },
  );
}

export function schemaNotEmpty(database: string): LakesqlError {
  return new LakesqlError('SCHEMA_NOT_EMPTY', { schemaName: quoteIdentifier(database) });
}

export function tableAlreadyExists(id: TableIdentifier): LakesqlError {
  return new LakesqlError('TABLE_OR_VIEW_ALREADY_EXISTS', { relationName: quoteTableIdentifier(id) });
}

/** `relationName` is `` `db`.`t` `` from the catalog, or the parts as written when the analyzer reports it. */
export function tableNotFound(nameParts: readonly string[]): LakesqlError {
  return new LakesqlError('TABLE_OR_VIEW_NOT_FOUND', { relationName: quoteNameParts(nameParts) });
}

/**
 * DROP TABLE on a view or DROP VIEW on a table (Spark's `cannotDropViewWithDropTableError` and
 * `wrongCommandForObjectTypeError` in DropTableCommand).
 */
export function wrongCommandForObjectType(table: CatalogTable, expectView: boolean): LakesqlError {
  return new LakesqlError('WRONG_COMMAND_FOR_OBJECT_TYPE', {
    operation: expectView ? 'DROP VIEW' : 'DROP TABLE',
    requiredType: expectView ? 'VIEW' : 'EXTERNAL or MANAGED',
    objectName: quoteNameParts([SESSION_CATALOG_NAME, table.identifier.database, table.identifier.name]),
    foundType: table.tableType,
    alternative: expectView ? 'DROP TABLE' : 'DROP VIEW',
  });
}
