/**
 * Names as Spark formats them: stored lower-case (`spark.sql.caseSensitive=false`, SessionCatalog's
 * `formatDatabaseName`/`formatTableName`), printed in messages with backquotes (`toSQLId`).
 */
import type { TableIdentifier } from './catalog-types.js';

/** The stored form of a database or table name. Spark lower-cases with Locale.ROOT; JS has no locale here. */
export function normalizeName(name: string): string {
  return name.toLowerCase();
}

/** Spark's `quoteIdentifier`: wraps in backquotes, doubling any backquote inside. */
export function quoteIdentifier(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``;
}

/** Spark's `toSQLId` for a multi-part name: `` `db`.`t` ``. */
export function quoteNameParts(parts: readonly string[]): string {
  return parts.map(quoteIdentifier).join('.');
}

export function tableIdentifier(database: string, name: string): TableIdentifier {
  return { database: normalizeName(database), name: normalizeName(name) };
}

/** `` `db`.`t` ``, the relationName Spark's catalog errors carry. */
export function quoteTableIdentifier(id: TableIdentifier): string {
  return quoteNameParts([id.database, id.name]);
}
