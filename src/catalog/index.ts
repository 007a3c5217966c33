/**
 * The warehouse catalog (databases, tables, views persisted under `<warehouse>/_lakesql_catalog/`) and the
 * session catalog that layers temp views, the current database and multi-part names on top. See catalog.ts
 * and session-catalog.ts for each method's contract.
 */
export {
  Catalog,
  DEFAULT_DATABASE,
  type DropDatabaseOptions,
  type DropTableOptions,
  type NewCatalogDatabase,
  tableStore,
} from './catalog.js';
export { SESSION_CATALOG_NAME } from './catalog-errors.js';
export {
  type CatalogDatabase,
  type CatalogDataTable,
  type CatalogTable,
  type CatalogTableType,
  type CatalogView,
  type NewCatalogDataTable,
  type NewCatalogTable,
  type NewCatalogView,
  TABLE_PROVIDERS,
  type TableIdentifier,
  type TableProvider,
} from './catalog-types.js';
export { readTableMetadata, type TableMetadata } from './delta-table-metadata.js';
export { normalizeName, quoteIdentifier, quoteNameParts, quoteTableIdentifier } from './identifiers.js';
export { encodeEntryName, folderName, tableFolderName } from './name-encoding.js';
export { filterPattern, matchesPattern } from './name-pattern.js';
export {
  type RelationTarget,
  type ResolvedRelation,
  SESSION_CATALOG_NAMES,
  SessionCatalog,
  type SessionCatalogOptions,
  type TableListing,
} from './session-catalog.js';
export { GLOBAL_TEMP_DATABASE, sharedGlobalTempViews, TempViews } from './temp-views.js';
export { CATALOG_FOLDER, qualifyLocation } from './warehouse-layout.js';
