/**
 * The catalog a session resolves names against, after Spark's SessionCatalog: local temp views (this
 * session's, in memory) shadow persistent tables of the same 1-part name; `global_temp.v` names a global
 * temp view; everything else is a table or view of the warehouse Catalog, in the current database
 * (`USE db`) unless qualified.
 *
 * Multi-part names follow Spark's `CatalogAndIdentifier`: a first part `spark_catalog` (or Databricks'
 * `hive_metastore`) names this catalog; any other first part of a 3-part name is taken as a namespace,
 * which the session catalog refuses with REQUIRES_SINGLE_PART_NAMESPACE, exactly as Spark does for an
 * unknown catalog. `USE CATALOG x` / `SET CATALOG x` check with `checkCatalogName` (CATALOG_NOT_FOUND).
 */

import { LakesqlError } from '../errors/index.js';
import {
  type Catalog,
  DEFAULT_DATABASE,
  type DropDatabaseOptions,
  type NewCatalogDatabase,
} from './catalog.js';
import {
  SESSION_CATALOG_NAME,
  schemaAlreadyExists,
  schemaNotFound,
  tableNotFound,
} from './catalog-errors.js';
import type { CatalogTable, TableIdentifier } from './catalog-types.js';
import { normalizeName, quoteIdentifier, quoteNameParts, tableIdentifier } from './identifiers.js';
import { SessionVariables } from './session-variables.js';
import { SqlFunctions } from './sql-functions.js';
import { GLOBAL_TEMP_DATABASE, sharedGlobalTempViews, TempViews } from './temp-views.js';

/** Catalog names that mean this catalog: Spark's session catalog and Databricks' legacy metastore. */
export const SESSION_CATALOG_NAMES: ReadonlySet<string> = new Set([SESSION_CATALOG_NAME, 'hive_metastore']);

/** Where a relation name points, decided from the name and the temp views alone (no I/O). */
export type RelationTarget =
  | { readonly kind: 'tempView'; readonly name: string }
  | { readonly kind: 'globalTempView'; readonly name: string }
  | { readonly kind: 'persistent'; readonly identifier: TableIdentifier };

export type ResolvedRelation<TView> =
  | { readonly kind: 'tempView'; readonly name: string; readonly view: TView }
  | { readonly kind: 'globalTempView'; readonly name: string; readonly view: TView }
  | { readonly kind: 'table'; readonly table: CatalogTable };

/** A row of SHOW TABLES / SHOW VIEWS: Spark's `namespace`, `tableName`/`viewName`, `isTemporary`. */
export interface TableListing {
  readonly namespace: string;
  readonly name: string;
  readonly isTemporary: boolean;
}

export interface SessionCatalogOptions<TView> {
  /** Global temp views shared with other sessions; defaults to the process-wide set for the warehouse. */
  readonly globalTempViews?: TempViews<TView>;
}

export class SessionCatalog<TView> {
  readonly tempViews = new TempViews<TView>();
  /** The session's temporary SQL variables (DECLARE VARIABLE). */
  readonly variables = new SessionVariables();
  /** SQL user-defined functions (CREATE FUNCTION); exec/ knows their definitions' shape. */
  readonly functions = new SqlFunctions<unknown>();
  /**
   * Functions registered from JavaScript (spark.udf.register): temporary only, found before the builtins;
   * exec/ knows their shape (plan/analyzer/user-function.ts).
   */
  readonly userFunctions = new SqlFunctions<unknown>();
  readonly globalTempViews: TempViews<TView>;
  #currentDatabase = DEFAULT_DATABASE;

  constructor(
    readonly catalog: Catalog,
    options: SessionCatalogOptions<TView> = {},
  ) {
    this.globalTempViews = options.globalTempViews ?? sharedGlobalTempViews<TView>(catalog.warehouseLocation);
  }

  /**
   * What name resolution depends on besides the tables' own files: the current database, the temp views and
   * this session's catalog changes. Equal stamps mean a name resolves as it did.
   */
  get resolutionStamp(): string {
    return `${this.#currentDatabase}\u0000${this.tempViews.generation}.${this.globalTempViews.generation}.${this.catalog.generation}.${this.variables.generation}.${this.functions.generation}.${this.userFunctions.generation}`;
  }

  get currentDatabase(): string {
    return this.#currentDatabase;
  }

  /** USE db: SCHEMA_NOT_FOUND when it does not exist. `global_temp` cannot be current (Spark refuses it). */
  async setCurrentDatabase(name: string): Promise<void> {
    const db = normalizeName(name);
    if (db === GLOBAL_TEMP_DATABASE) {
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `${quoteIdentifier(db)} is a system preserved database and cannot be the current database`,
      });
    }
    if (!(await this.catalog.databaseExists(db))) throw schemaNotFound(db);
    this.#currentDatabase = db;
  }

  /** USE CATALOG / SET CATALOG: only the session catalog exists (CATALOG_NOT_FOUND, 42P08, otherwise). */
  checkCatalogName(name: string): void {
    if (!SESSION_CATALOG_NAMES.has(normalizeName(name))) {
      throw new LakesqlError('CATALOG_NOT_FOUND', {
        catalogName: quoteIdentifier(name),
        config: `"spark.sql.catalog.${name}"`,
      });
    }
  }

  /**
   * The persistent identifier a name denotes, for statements that only address persistent objects
   * (CREATE TABLE, DROP TABLE, ALTER TABLE): `t` -> current database, `db.t`, `spark_catalog.db.t`,
   * `spark_catalog.t` (current database). Longer namespaces: REQUIRES_SINGLE_PART_NAMESPACE (42K05).
   */
  qualifyTableName(nameParts: readonly string[]): TableIdentifier {
    const { namespace, name } = this.#split(nameParts);
    return tableIdentifier(namespace ?? this.#currentDatabase, name);
  }

  /** Where a name used in a query points: temp view, global temp view, or a persistent table. */
  relationTarget(nameParts: readonly string[]): RelationTarget {
    if (nameParts.length === 1 && this.tempViews.has(nameParts[0]!)) {
      return { kind: 'tempView', name: normalizeName(nameParts[0]!) };
    }
    if (nameParts.length === 2 && normalizeName(nameParts[0]!) === GLOBAL_TEMP_DATABASE) {
      return { kind: 'globalTempView', name: normalizeName(nameParts[1]!) };
    }
    return { kind: 'persistent', identifier: this.qualifyTableName(nameParts) };
  }

  /** The relation a name resolves to, or undefined when nothing of that name exists. */
  async lookupRelation(nameParts: readonly string[]): Promise<ResolvedRelation<TView> | undefined> {
    const target = this.relationTarget(nameParts);
    switch (target.kind) {
      case 'tempView': {
        const view = this.tempViews.get(target.name);
        return view === undefined ? undefined : { kind: 'tempView', name: target.name, view };
      }
      case 'globalTempView': {
        const view = this.globalTempViews.get(target.name);
        return view === undefined ? undefined : { kind: 'globalTempView', name: target.name, view };
      }
      case 'persistent': {
        const table = await this.catalog.lookupTable(target.identifier.database, target.identifier.name);
        return table === undefined ? undefined : { kind: 'table', table };
      }
      default:
        throw new Error(`unreachable: ${JSON.stringify(target satisfies never)}`);
    }
  }

  /**
   * As lookupRelation, but a missing relation is TABLE_OR_VIEW_NOT_FOUND (42P01) naming the parts as the
   * user wrote them, as Spark's analyzer reports an unresolved relation (`` `t` ``, `` `db`.`t` ``).
   */
  async resolveRelation(nameParts: readonly string[]): Promise<ResolvedRelation<TView>> {
    const found = await this.lookupRelation(nameParts);
    if (found === undefined) throw tableNotFound(nameParts);
    return found;
  }

  /** CREATE [OR REPLACE] TEMP VIEW name: a 1-part name only (TEMP_VIEW_NAME_TOO_MANY_NAME_PARTS, 428EK). */
  createTempView(nameParts: readonly string[], view: TView, replace: boolean): void {
    if (nameParts.length !== 1) {
      throw new LakesqlError('TEMP_VIEW_NAME_TOO_MANY_NAME_PARTS', { actualName: quoteNameParts(nameParts) });
    }
    this.tempViews.create(nameParts[0]!, view, replace);
  }

  /** CREATE GLOBAL TEMP VIEW name (1 part, or `global_temp.name`). */
  createGlobalTempView(nameParts: readonly string[], view: TView, replace: boolean): void {
    const ok =
      nameParts.length === 1 ||
      (nameParts.length === 2 && normalizeName(nameParts[0]!) === GLOBAL_TEMP_DATABASE);
    if (!ok) {
      throw new LakesqlError('TEMP_VIEW_NAME_TOO_MANY_NAME_PARTS', { actualName: quoteNameParts(nameParts) });
    }
    this.globalTempViews.create(nameParts.at(-1)!, view, replace);
  }

  /**
   * DROP VIEW for temp views: drops the local temp view `v` or the global one `global_temp.v` and returns
   * true, or returns false when the name is not a temp view (the caller then drops a persistent view).
   */
  dropTempView(nameParts: readonly string[]): boolean {
    const target = this.relationTarget(nameParts);
    if (target.kind === 'tempView') return this.tempViews.drop(target.name);
    if (target.kind === 'globalTempView') return this.globalTempViews.drop(target.name);
    return false;
  }

  /** CREATE DATABASE; `global_temp` is reserved and always "exists". */
  async createDatabase(db: NewCatalogDatabase, ignoreIfExists = false): Promise<void> {
    if (normalizeName(db.name) === GLOBAL_TEMP_DATABASE) {
      if (ignoreIfExists) return;
      throw schemaAlreadyExists(GLOBAL_TEMP_DATABASE);
    }
    await this.catalog.createDatabase(db, ignoreIfExists);
  }

  /** ALTER DATABASE … SET DBPROPERTIES and COMMENT ON DATABASE (a null comment removes it). */
  async alterDatabase(
    name: string,
    change: { readonly properties?: Readonly<Record<string, string>>; readonly comment?: string | null },
  ): Promise<void> {
    await this.catalog.alterDatabase(name, change);
  }

  /** DROP DATABASE; dropping the current database makes `default` current again. */
  async dropDatabase(name: string, options: DropDatabaseOptions = {}): Promise<void> {
    await this.catalog.dropDatabase(name, options);
    if (normalizeName(name) === this.#currentDatabase) this.#currentDatabase = DEFAULT_DATABASE;
  }

  /**
   * SHOW TABLES [IN db] [LIKE pattern]: the database's tables and views (or, for `global_temp`, the global
   * temp views), then this session's temp views with an empty namespace, as Spark's listTables does.
   */
  async listTables(database?: string, pattern?: string): Promise<TableListing[]> {
    const db = normalizeName(database ?? this.#currentDatabase);
    const local = this.tempViews.list(pattern).map((name) => ({ namespace: '', name, isTemporary: true }));
    if (db === GLOBAL_TEMP_DATABASE) {
      const global = this.globalTempViews.list(pattern);
      return [...global.map((name) => ({ namespace: db, name, isTemporary: true })), ...local];
    }
    const tables = await this.catalog.listTables(db, pattern);
    return [...tables.map((name) => ({ namespace: db, name, isTemporary: false })), ...local];
  }

  /** SHOW VIEWS [IN db] [LIKE pattern]: persistent views of the database, then temp views. */
  async listViews(database?: string, pattern?: string): Promise<TableListing[]> {
    const db = normalizeName(database ?? this.#currentDatabase);
    const local = this.tempViews.list(pattern).map((name) => ({ namespace: '', name, isTemporary: true }));
    if (db === GLOBAL_TEMP_DATABASE) {
      const global = this.globalTempViews.list(pattern);
      return [...global.map((name) => ({ namespace: db, name, isTemporary: true })), ...local];
    }
    const views = await this.catalog.listViews(db, pattern);
    return [...views.map((name) => ({ namespace: db, name, isTemporary: false })), ...local];
  }

  /** Splits off a session catalog name and checks that at most one namespace part remains. */
  #split(nameParts: readonly string[]): { namespace: string | undefined; name: string } {
    if (nameParts.length === 0) throw new Error('a relation name needs at least one part');
    const explicitCatalog = nameParts.length >= 2 && SESSION_CATALOG_NAMES.has(normalizeName(nameParts[0]!));
    const rest = explicitCatalog ? nameParts.slice(1) : nameParts;
    const namespace = rest.slice(0, -1);
    if (namespace.length > 1) {
      throw new LakesqlError('REQUIRES_SINGLE_PART_NAMESPACE', {
        sessionCatalog: SESSION_CATALOG_NAME,
        namespace: quoteNameParts(namespace),
      });
    }
    return { namespace: namespace[0], name: rest.at(-1)! };
  }
}
