/**
 * The warehouse catalog: databases, tables and views that persist in the warehouse folder, in the manner of
 * Spark's ExternalCatalog (InMemoryCatalog / HiveExternalCatalog). It knows no SQL text and no session
 * state: SessionCatalog layers temp views, the current database and multi-part names on top.
 *
 * Concurrency: every entry is one JSON file. Creation writes it with `putIfAbsent`, so of two processes
 * creating the same database or table exactly one wins and the other gets *_ALREADY_EXISTS; alteration
 * replaces it with `put` (atomic, last writer wins, as in Hive's metastore without locks). Different tables
 * never touch the same file, so concurrent creators of different tables all succeed. A table that is
 * written as it is created carries a creation claim until its first commit (claimTable / publishTable,
 * table-claim.ts), so no lookup sees it half-made and a killed creator's claim is taken over by the next. A
 * DROP DATABASE CASCADE racing a CREATE TABLE removes every entry left after the database's own, and the
 * creator publishing afterwards finds the database gone (SCHEMA_NOT_FOUND), so no table outlives it.
 */

import type { ParquetHandler } from '../delta/parquet-handler.js';
import { LakesqlError } from '../errors/index.js';
import {
  ObjectAlreadyExistsError,
  ObjectNotFoundError,
  type ObjectStore,
  storeForUrl,
} from '../storage/index.js';
import {
  schemaAlreadyExists,
  schemaNotEmpty,
  schemaNotFound,
  tableAlreadyExists,
  tableNotFound,
  wrongCommandForObjectType,
} from './catalog-errors.js';
import type {
  CatalogDatabase,
  CatalogDataTable,
  CatalogTable,
  CatalogView,
  NewCatalogTable,
  TableIdentifier,
} from './catalog-types.js';
import { assertDatabaseLocationFree } from './database-location.js';
import { databaseFromJson, databaseToJson, tableFromJson, tableToJson } from './entry-json.js';
import { normalizeName, quoteTableIdentifier, tableIdentifier } from './identifiers.js';
import { folderName, tableFolderName } from './name-encoding.js';
import { filterPattern } from './name-pattern.js';
import {
  type CreationClaim,
  claimCommitted,
  claimFromJson,
  isClaimAbandoned,
  newClaim,
  withClaim,
} from './table-claim.js';
import { deleteFolder, deleteTableFiles, ensureFolder, isFolderEmpty, moveFolder } from './table-folder.js';
import {
  CLAIMS_PREFIX,
  childLocation,
  DATABASES_PREFIX,
  databaseKey,
  qualifyLocation,
  tableKey,
  tablesPrefix,
  trimSlash,
} from './warehouse-layout.js';

export const DEFAULT_DATABASE = 'default';

/** What CREATE DATABASE specifies; the catalog fills in the location (`<warehouse>/<name>.db`). */
export interface NewCatalogDatabase {
  readonly name: string;
  readonly comment?: string;
  readonly location?: string;
  readonly properties?: Readonly<Record<string, string>>;
  readonly owner?: string;
}

export interface DropDatabaseOptions {
  /** DROP … IF EXISTS: a missing database is not an error. */
  readonly ignoreIfNotExists?: boolean;
  /** DROP … CASCADE: drop the tables and views too (managed data deleted); without it a non-empty database fails. */
  readonly cascade?: boolean;
}

export interface DropTableOptions {
  readonly ignoreIfNotExists?: boolean;
  /** true for DROP VIEW, false for DROP TABLE (each refuses the other kind); undefined accepts either. */
  readonly isView?: boolean;
  /**
   * Removes the entry only, never a managed table's files: a failed CREATE TABLE … AS SELECT takes back its
   * entry and deletes just the files it wrote itself (table-folder.ts deleteFilesWrittenSince).
   */
  readonly keepData?: boolean;
}

const utf8 = new TextDecoder();

/**
 * An entry file written this recently (ms) is read again at each use: the store's lastModified has millisecond
 * resolution, so a rewrite of the same size within that window would not change its stamp ("racy git").
 */
const RACY_WINDOW_MS = 2;

/** How long (ms) a creator waits for another live creator of the same name to settle before answering. */
const CLAIM_WAIT_MS = 30_000;
const CLAIM_POLL_MS = 20;

/** A table's entry file: the entry, and its creation claim while the create has not finished. */
interface StoredTable {
  readonly table: CatalogTable;
  readonly creating: CreationClaim | undefined;
}

function storedTableFromJson(text: string, key: string): StoredTable {
  return { table: tableFromJson(text, key), creating: claimFromJson(text) };
}

/** Published, or claimed by a create whose first commit exists (table-claim.ts). */
async function isVisible(stored: StoredTable): Promise<boolean> {
  return stored.creating === undefined || claimCommitted(stored.table, stored.creating);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The entry CREATE writes: a managed table without a location gets `<database location>/<table>`. */
function newTableEntry(id: TableIdentifier, db: CatalogDatabase, def: NewCatalogTable): CatalogTable {
  const common = {
    identifier: id,
    properties: { ...def.properties },
    createdTime: def.createdTime ?? Date.now(),
    ...(def.comment === undefined ? {} : { comment: def.comment }),
    ...(def.owner === undefined ? {} : { owner: def.owner }),
  };
  if (def.tableType === 'VIEW') {
    return {
      ...common,
      tableType: 'VIEW',
      viewText: def.viewText,
      viewSchema: def.viewSchema,
      viewQueryColumnNames: [...def.viewQueryColumnNames],
      viewCatalogAndNamespace: [...def.viewCatalogAndNamespace],
      ...(def.collation === undefined ? {} : { collation: def.collation }),
    } satisfies CatalogView;
  }
  if (def.tableType === 'EXTERNAL' && def.location === undefined) {
    throw new Error(`createTable: EXTERNAL table ${quoteTableIdentifier(id)} needs a location`);
  }
  return {
    ...common,
    tableType: def.tableType,
    provider: def.provider ?? 'delta',
    location:
      def.location === undefined
        ? childLocation(db.location, tableFolderName(id.name))
        : qualifyLocation(def.location),
    partitionColumns: [...(def.partitionColumns ?? [])],
    options: { ...def.options },
    ...(def.schema === undefined ? {} : { schema: def.schema }),
    ...(def.bucketSpec === undefined ? {} : { bucketSpec: def.bucketSpec }),
  } satisfies CatalogDataTable;
}

interface CachedEntry {
  readonly size: number;
  readonly lastModified: number;
  readonly value: unknown;
}

export class Catalog {
  /** The warehouse folder as a URL without trailing slash: the location of `default`. */
  readonly warehouseLocation: string;

  /**
   * `store` is rooted at the warehouse folder; its rootUrl names the warehouse in locations. Table and
   * database folders are reached through `storeForUrl(location)`, so a memory warehouse must be one that
   * storeForUrl knows (open it with `Catalog.open('memory://name/')`).
   */
  constructor(
    readonly store: ObjectStore,
    /**
     * Reads the Delta logs of managed tables being dropped, so that DROP deletes only the files a table owns
     * (table-folder.ts deleteTableFiles); without it a managed table's whole folder is deleted.
     */
    readonly parquet?: ParquetHandler,
  ) {
    this.warehouseLocation = trimSlash(store.rootUrl);
  }

  /**
   * Parsed entries by key, with the size and lastModified they were read at: a table reference costs one
   * `head` of its entry (and its database's) instead of a read and a parse, and still sees another
   * process's change to the file. This catalog's own writes drop the key.
   */
  readonly #entries = new Map<string, CachedEntry>();
  /** The ids of the creation claims this catalog holds, by entry key (claimTable until publishTable). */
  readonly #claims = new Map<string, string>();
  #generation = 0;
  #entryReads = 0;

  /** Counts this catalog's own changes to its entries: a plan analyzed at one generation may be reused at it. */
  get generation(): number {
    return this.#generation;
  }

  /** How many entry files were read and parsed (tests pin that a query reads none it has cached). */
  get entryReads(): number {
    return this.#entryReads;
  }

  /** The catalog of the warehouse at a local path or URL (`spark.sql.warehouse.dir`). */
  static open(warehouse: string, parquet?: ParquetHandler): Catalog {
    return new Catalog(storeForUrl(warehouse), parquet);
  }

  // ---- databases -------------------------------------------------------------------------------------

  /**
   * Creates a database: its entry, and on a local store its folder (`<warehouse>/<name>.db` unless a
   * location is given). Fails with SCHEMA_ALREADY_EXISTS (42P06) when it exists, unless `ignoreIfExists`,
   * and with INVALID_PARAMETER_VALUE.LOCATION_OVERLAP when the location overlaps another database's
   * (database-location.ts).
   */
  async createDatabase(db: NewCatalogDatabase, ignoreIfExists = false): Promise<void> {
    const name = normalizeName(db.name);
    if (name === DEFAULT_DATABASE) {
      if (ignoreIfExists) return;
      throw schemaAlreadyExists(name);
    }
    const defaultLocation = childLocation(this.warehouseLocation, `${folderName(name)}.db`);
    const entry: CatalogDatabase = {
      name,
      comment: db.comment ?? '',
      location: db.location === undefined ? defaultLocation : qualifyLocation(db.location),
      properties: { ...db.properties },
      ...(db.owner === undefined ? {} : { owner: db.owner }),
    };
    const assertLocationFree = async () => {
      const others = await Promise.all((await this.listDatabases()).map((d) => this.#readDatabase(d)));
      assertDatabaseLocationFree(
        name,
        entry.location,
        defaultLocation,
        others.filter((d) => d !== undefined),
        this.warehouseLocation,
      );
    };
    if (!(ignoreIfExists && (await this.databaseExists(name)))) await assertLocationFree();
    try {
      await this.#putIfAbsent(databaseKey(name), databaseToJson(entry));
    } catch (e) {
      if (!(e instanceof ObjectAlreadyExistsError)) throw e;
      if (ignoreIfExists) return;
      throw schemaAlreadyExists(name);
    }
    // Checked again once the entry is in: a database created meanwhile with an overlapping location passed
    // the first check too. Of two such racers each then sees the other and withdraws, or the later one
    // does; never both stay.
    try {
      await assertLocationFree();
    } catch (e) {
      await this.#delete(databaseKey(name));
      throw e;
    }
    await ensureFolder(entry.location);
  }

  /**
   * Drops a database. `default` cannot be dropped (UNSUPPORTED_FEATURE.DROP_DATABASE); a missing one fails
   * with SCHEMA_NOT_FOUND unless `ignoreIfNotExists`; one with tables or views fails with SCHEMA_NOT_EMPTY
   * (2BP01) unless `cascade`, which drops them first (managed data deleted, external data kept). The
   * database folder is then removed when it is the default `<name>.db` folder or is left empty; a folder
   * given by LOCATION that still holds other files is kept (Spark would delete it recursively).
   */
  async dropDatabase(name: string, options: DropDatabaseOptions = {}): Promise<void> {
    const db = normalizeName(name);
    if (db === DEFAULT_DATABASE) {
      throw new LakesqlError('UNSUPPORTED_FEATURE.DROP_DATABASE', { database: '`default`' });
    }
    const entry = await this.#readDatabase(db);
    if (entry === undefined) {
      if (options.ignoreIfNotExists) return;
      throw schemaNotFound(db);
    }
    const tables = await this.#tableEntries(db);
    if (tables.length > 0 && !options.cascade) throw schemaNotEmpty(db);
    for (const table of tables) await this.#dropEntry(table);
    await this.#delete(databaseKey(db));
    // Creates that claimed a name while this ran: their entries go too. A creator still writing finds its
    // database gone when it publishes (SCHEMA_NOT_FOUND) and removes its own files.
    for (const stored of await this.#storedTables(db)) {
      if (await isVisible(stored)) await this.#dropEntry(stored.table);
      else await this.#delete(tableKey(db, stored.table.identifier.name));
    }
    const defaultLocation = childLocation(this.warehouseLocation, `${folderName(db)}.db`);
    if (entry.location === defaultLocation || (await isFolderEmpty(entry.location))) {
      await deleteFolder(entry.location);
    }
  }

  /** The database's entry; SCHEMA_NOT_FOUND (42704) when it does not exist. `default` always exists. */
  async getDatabase(name: string): Promise<CatalogDatabase> {
    const db = normalizeName(name);
    const entry = await this.#readDatabase(db);
    if (entry === undefined) throw schemaNotFound(db);
    return entry;
  }

  async databaseExists(name: string): Promise<boolean> {
    return (await this.#readDatabase(normalizeName(name))) !== undefined;
  }

  /** Database names, sorted, `default` included, filtered by Spark's SHOW … LIKE pattern when given. */
  async listDatabases(pattern?: string): Promise<string[]> {
    const names = new Set([DEFAULT_DATABASE]);
    for (const meta of await this.store.list(DATABASES_PREFIX)) {
      if (!meta.path.endsWith('.json')) continue;
      names.add((await this.#entry(meta.path, databaseFromJson)).name);
    }
    return filterPattern(names, pattern);
  }

  /**
   * ALTER DATABASE … SET DBPROPERTIES / COMMENT / OWNER: merges `properties` into the existing ones and
   * replaces comment and owner when given. SCHEMA_NOT_FOUND when the database does not exist.
   */
  async alterDatabase(
    name: string,
    change: {
      readonly properties?: Readonly<Record<string, string>>;
      /** null removes the comment (COMMENT ON DATABASE … IS NULL). */
      readonly comment?: string | null;
      readonly owner?: string;
    },
  ): Promise<CatalogDatabase> {
    const current = await this.getDatabase(name);
    const next: CatalogDatabase = {
      ...current,
      properties: { ...current.properties, ...change.properties },
      // A database without a comment has the empty one (Spark's CatalogDatabase.description is "").
      ...(change.comment === undefined ? {} : { comment: change.comment ?? '' }),
      ...(change.owner === undefined ? {} : { owner: change.owner }),
    };
    await this.#put(databaseKey(current.name), databaseToJson(next));
    return next;
  }

  /** The default location of a managed table: `<database location>/<table>`. SCHEMA_NOT_FOUND if no database. */
  async defaultTableLocation(database: string, name: string): Promise<string> {
    const db = await this.getDatabase(database);
    return childLocation(db.location, tableFolderName(normalizeName(name)));
  }

  // ---- tables and views -----------------------------------------------------------------------------

  /**
   * Creates a table or view entry under `database`.`name` (both lower-cased) and returns it.
   * A managed table without a location gets `<database location>/<table>`; a given location is qualified to
   * a URL. Fails with SCHEMA_NOT_FOUND when the database is missing, TABLE_OR_VIEW_ALREADY_EXISTS (42P07)
   * when a table or view of that name exists (exactly one of concurrent creators wins), unless
   * `ignoreIfExists`, which returns the existing entry. A MANAGED table whose folder already holds files
   * fails with LOCATION_ALREADY_EXISTS (42710) unless `allowNonEmptyLocation`. It writes no data: creating the Delta log is the
   * caller's job, and should follow a successful createTable so that a losing creator writes nothing.
   */
  async createTable(
    database: string,
    name: string,
    def: NewCatalogTable,
    ignoreIfExists = false,
  ): Promise<CatalogTable> {
    const claimed = await this.claimTable(database, name, def, ignoreIfExists);
    if (claimed.created) await this.publishTable(database, name);
    return claimed.entry;
  }

  /**
   * The first half of a create that writes data (CTAS, CREATE TABLE, saveAsTable): publishes the entry
   * with a creation claim (table-claim.ts), invisible to every lookup until `publishTable` lifts it (or, for
   * a new Delta table, until its version 0 exists). Of racing creators exactly one claims the name; the
   * others wait for it to settle (bounded by CLAIM_WAIT_MS), then get TABLE_OR_VIEW_ALREADY_EXISTS, or with
   * `ignoreIfExists` the existing entry and `created: false`; when the winner fails instead, they race again.
   * A claim whose creator is gone (killed) is taken over: its entry deleted, and with it the files its
   * creator wrote into a folder that was empty. A MANAGED table whose folder already holds files fails with
   * LOCATION_ALREADY_EXISTS (42710) unless `allowNonEmptyLocation`.
   */
  async claimTable(
    database: string,
    name: string,
    def: NewCatalogTable,
    ignoreIfExists = false,
  ): Promise<{ readonly created: boolean; readonly entry: CatalogTable }> {
    const id = tableIdentifier(database, name);
    const db = await this.getDatabase(id.database);
    const entry = newTableEntry(id, db, def);
    const key = tableKey(id.database, id.name);
    const waitUntil = Date.now() + CLAIM_WAIT_MS;
    for (;;) {
      const stored = await this.#storedTable(key);
      if (stored !== undefined) {
        const { creating } = stored;
        if (
          creating === undefined ||
          (await claimCommitted(stored.table, creating)) ||
          Date.now() > waitUntil
        ) {
          if (ignoreIfExists) return { created: false, entry: stored.table };
          throw tableAlreadyExists(id);
        }
        if (isClaimAbandoned(creating)) await this.#takeOver(key, stored.table, creating);
        else await sleep(CLAIM_POLL_MS);
        continue;
      }
      if (entry.tableType === 'VIEW') {
        if (await this.#tryPutIfAbsent(key, tableToJson(entry))) return { created: true, entry };
        continue;
      }
      const emptyFolder = await isFolderEmpty(entry.location);
      if (
        entry.tableType === 'MANAGED' &&
        !(def.tableType !== 'VIEW' && def.allowNonEmptyLocation) &&
        !emptyFolder
      ) {
        // Spark's SessionCatalog.validateTableLocation (SPARK-19724): a new managed table never adopts files
        // it did not write, which its DROP would then delete. A racer that claimed the name and wrote
        // first is answered as an existing entry.
        if (await this.#storedTable(key)) continue;
        throw new LakesqlError('LOCATION_ALREADY_EXISTS', {
          identifier: quoteTableIdentifier(id),
          location: `'${entry.location}'`,
        });
      }
      const hadLog = !emptyFolder && !(await isFolderEmpty(childLocation(entry.location, '_delta_log')));
      const claim = newClaim(hadLog, emptyFolder);
      if (await this.#tryPutIfAbsent(key, withClaim(tableToJson(entry), claim))) {
        this.#claims.set(key, claim.id);
        return { created: true, entry };
      }
    }
  }

  /**
   * The second half of a create: lifts this catalog's claim on the entry, which makes the table visible.
   * The database is checked afterwards: when a DROP DATABASE took it meanwhile, the entry goes too and
   * SCHEMA_NOT_FOUND is thrown (the caller then removes what it wrote), so no table outlives its database.
   */
  async publishTable(database: string, name: string): Promise<void> {
    const id = tableIdentifier(database, name);
    const key = tableKey(id.database, id.name);
    const claimId = this.#claims.get(key);
    this.#claims.delete(key);
    const stored = await this.#storedTable(key);
    if (stored?.creating !== undefined && stored.creating.id === claimId) {
      await this.#put(key, tableToJson(stored.table));
    }
    if (!(await this.databaseExists(id.database))) {
      await this.#delete(key);
      throw schemaNotFound(id.database);
    }
  }

  /** Takes back this catalog's unpublished claim after its create failed; the entry of anyone else stays. */
  async abandonTable(database: string, name: string): Promise<void> {
    const id = tableIdentifier(database, name);
    const key = tableKey(id.database, id.name);
    const claimId = this.#claims.get(key);
    this.#claims.delete(key);
    if (claimId === undefined) return;
    const stored = await this.#storedTable(key);
    if (stored?.creating?.id === claimId) await this.#delete(key);
  }

  /**
   * The error a failed create reports: SCHEMA_NOT_FOUND when its database was dropped meanwhile (the
   * filesystem's ENOENT or ENOTEMPTY from writing into a folder being deleted says nothing to a user),
   * else the error itself.
   */
  async createFailure(database: string, error: unknown): Promise<unknown> {
    const db = normalizeName(database);
    if (await this.databaseExists(db).catch(() => true)) return error;
    return schemaNotFound(db, error);
  }

  /**
   * The entry of `database`.`name`. SCHEMA_NOT_FOUND when the database is missing, TABLE_OR_VIEW_NOT_FOUND
   * (42P01, relationName `` `db`.`t` ``) when the table is.
   */
  async getTable(database: string, name: string): Promise<CatalogTable> {
    const id = tableIdentifier(database, name);
    const entry = await this.lookupTable(id.database, id.name);
    if (entry === undefined) {
      if (!(await this.databaseExists(id.database))) throw schemaNotFound(id.database);
      throw tableNotFound([id.database, id.name]);
    }
    return entry;
  }

  /** The entry, or undefined when the database or the table does not exist. */
  async lookupTable(database: string, name: string): Promise<CatalogTable | undefined> {
    const id = tableIdentifier(database, name);
    if (!(await this.databaseExists(id.database))) return undefined;
    const stored = await this.#storedTable(tableKey(id.database, id.name));
    return stored !== undefined && (await isVisible(stored)) ? stored.table : undefined;
  }

  async tableExists(database: string, name: string): Promise<boolean> {
    return (await this.lookupTable(database, name)) !== undefined;
  }

  /**
   * Drops a table or view and returns its entry (undefined when absent and ignored). A MANAGED table's
   * data folder is deleted; an EXTERNAL table's data is kept. TABLE_OR_VIEW_NOT_FOUND unless
   * `ignoreIfNotExists`; WRONG_COMMAND_FOR_OBJECT_TYPE when `isView` says the other kind was expected.
   */
  async dropTable(
    database: string,
    name: string,
    options: DropTableOptions = {},
  ): Promise<CatalogTable | undefined> {
    const id = tableIdentifier(database, name);
    const entry = await this.lookupTable(id.database, id.name);
    if (entry === undefined) {
      if (options.ignoreIfNotExists) return undefined;
      if (!(await this.databaseExists(id.database))) throw schemaNotFound(id.database);
      throw tableNotFound([id.database, id.name]);
    }
    if (options.isView !== undefined && options.isView !== (entry.tableType === 'VIEW')) {
      throw wrongCommandForObjectType(entry, options.isView);
    }
    if (options.keepData) await this.#delete(tableKey(entry.identifier.database, entry.identifier.name));
    else await this.#dropEntry(entry);
    return entry;
  }

  /**
   * ALTER TABLE … RENAME TO within one database: a `newDatabase` other than the table's own fails with
   * CANNOT_RENAME_ACROSS_SCHEMA (0AKD0), as Spark's SessionCatalog.renameTable does. The new entry is claimed first with putIfAbsent, so a concurrent
   * creator of the new name loses cleanly (TABLE_OR_VIEW_ALREADY_EXISTS). A MANAGED table whose folder is
   * the default one moves to the new name's default folder, as Spark's catalogs rename the managed
   * directory; LOCATION_ALREADY_EXISTS when that folder already holds files. External tables and views
   * keep their location.
   */
  async renameTable(
    database: string,
    oldName: string,
    newName: string,
    newDatabase?: string,
  ): Promise<CatalogTable> {
    const from = await this.getTable(database, oldName);
    if (newDatabase !== undefined && normalizeName(newDatabase) !== from.identifier.database) {
      throw new LakesqlError('CANNOT_RENAME_ACROSS_SCHEMA', { type: 'table' });
    }
    const db = await this.getDatabase(from.identifier.database);
    const to = tableIdentifier(db.name, newName);
    if (to.name === from.identifier.name) throw tableAlreadyExists(to);
    let renamed: CatalogTable = { ...from, identifier: to };
    let move: { from: string; to: string } | undefined;
    if (
      from.tableType === 'MANAGED' &&
      from.location === childLocation(db.location, tableFolderName(from.identifier.name))
    ) {
      const target = childLocation(db.location, tableFolderName(to.name));
      move = { from: from.location, to: target };
      renamed = { ...from, identifier: to, location: target };
    }
    if (move !== undefined && !(await isFolderEmpty(move.to))) {
      throw new LakesqlError('LOCATION_ALREADY_EXISTS', {
        identifier: quoteTableIdentifier(to),
        location: `'${move.to}'`,
      });
    }
    const newKey = tableKey(to.database, to.name);
    try {
      await this.#putIfAbsent(newKey, tableToJson(renamed));
    } catch (e) {
      if (e instanceof ObjectAlreadyExistsError) throw tableAlreadyExists(to);
      throw e;
    }
    if (move !== undefined) {
      try {
        await moveFolder(move.from, move.to);
      } catch (e) {
        await this.#delete(newKey);
        throw e;
      }
    }
    await this.#delete(tableKey(from.identifier.database, from.identifier.name));
    return renamed;
  }

  /**
   * Replaces an existing entry (ALTER TABLE SET/UNSET TBLPROPERTIES, comment, a non-Delta table's schema,
   * a view's new text). The identifier must name an existing entry (TABLE_OR_VIEW_NOT_FOUND otherwise);
   * createdTime and tableType are kept from the stored entry, since ALTER changes neither.
   */
  async alterTable(table: CatalogTable): Promise<CatalogTable> {
    const current = await this.getTable(table.identifier.database, table.identifier.name);
    if (
      current.tableType !== table.tableType &&
      (current.tableType === 'VIEW' || table.tableType === 'VIEW')
    ) {
      throw new Error(`alterTable: cannot turn a ${current.tableType} into a ${table.tableType}`);
    }
    const next = {
      ...table,
      identifier: current.identifier,
      createdTime: current.createdTime,
    } as CatalogTable;
    await this.#put(tableKey(current.identifier.database, current.identifier.name), tableToJson(next));
    return next;
  }

  /** Names of the tables and views in a database, sorted and filtered by Spark's pattern; SCHEMA_NOT_FOUND. */
  async listTables(database: string, pattern?: string): Promise<string[]> {
    const db = normalizeName(database);
    if (!(await this.databaseExists(db))) throw schemaNotFound(db);
    return filterPattern(
      (await this.#tableEntries(db)).map((t) => t.identifier.name),
      pattern,
    );
  }

  /** Names of the views only (SHOW VIEWS), sorted and filtered. */
  async listViews(database: string, pattern?: string): Promise<string[]> {
    const db = normalizeName(database);
    if (!(await this.databaseExists(db))) throw schemaNotFound(db);
    const views = (await this.#tableEntries(db)).filter((t) => t.tableType === 'VIEW');
    return filterPattern(
      views.map((t) => t.identifier.name),
      pattern,
    );
  }

  /** Every entry of a database, for SHOW TABLE EXTENDED and catalog listings; SCHEMA_NOT_FOUND. */
  async listTableEntries(database: string): Promise<CatalogTable[]> {
    const db = normalizeName(database);
    if (!(await this.databaseExists(db))) throw schemaNotFound(db);
    return this.#tableEntries(db);
  }

  // ---- internals --------------------------------------------------------------------------------------

  /** The stored entry, or for `default` (which needs no file until altered) the warehouse root. */
  async #readDatabase(db: string): Promise<CatalogDatabase | undefined> {
    const key = databaseKey(db);
    try {
      return await this.#entry(key, databaseFromJson);
    } catch (e) {
      if (!(e instanceof ObjectNotFoundError)) throw e;
    }
    if (db !== DEFAULT_DATABASE) return undefined;
    return {
      name: DEFAULT_DATABASE,
      comment: 'default database',
      location: this.warehouseLocation,
      properties: {},
    };
  }

  /** The visible entries of a database: published, or claimed by a create whose first commit exists. */
  async #tableEntries(db: string): Promise<CatalogTable[]> {
    const out: CatalogTable[] = [];
    for (const stored of await this.#storedTables(db)) if (await isVisible(stored)) out.push(stored.table);
    return out;
  }

  /** Every entry file of a database, claimed ones included. */
  async #storedTables(db: string): Promise<StoredTable[]> {
    const out: StoredTable[] = [];
    for (const meta of await this.store.list(tablesPrefix(db))) {
      if (!meta.path.endsWith('.json')) continue;
      const stored = await this.#storedTable(meta.path); // undefined: dropped while we listed
      if (stored !== undefined) out.push(stored);
    }
    return out;
  }

  /** The entry file at `key` with its creation claim, or undefined when there is none. */
  async #storedTable(key: string): Promise<StoredTable | undefined> {
    try {
      return await this.#entry(key, storedTableFromJson);
    } catch (e) {
      if (e instanceof ObjectNotFoundError) return undefined;
      throw e;
    }
  }

  /** putIfAbsent that answers false when the key exists. */
  async #tryPutIfAbsent(key: string, json: string): Promise<boolean> {
    try {
      await this.#putIfAbsent(key, json);
      return true;
    } catch (e) {
      if (e instanceof ObjectAlreadyExistsError) return false;
      throw e;
    }
  }

  /**
   * Deletes an abandoned claim's entry, and the files its creator wrote into a folder that was empty. One
   * taker per claim (a marker file named after the claim's id, put if absent), so that a slow taker cannot
   * delete the files of the creator that claimed the name after the first taker freed it. A taker killed
   * holding the marker leaves it behind; it is judged as a claim and removed once its process is gone.
   */
  async #takeOver(key: string, table: CatalogTable, claim: CreationClaim): Promise<void> {
    const marker = `${CLAIMS_PREFIX}${claim.id}.takeover`;
    if (!(await this.#tryPutIfAbsent(marker, JSON.stringify(newClaim(false, false))))) {
      const holder = await this.store.get(marker).then(
        (bytes) => claimFromJson(`{"creating":${utf8.decode(bytes)}}`),
        () => undefined,
      );
      if (holder !== undefined && isClaimAbandoned(holder)) await this.store.delete(marker);
      else await sleep(CLAIM_POLL_MS);
      return;
    }
    try {
      if ((await this.#storedTable(key))?.creating?.id !== claim.id) return;
      if (claim.emptyFolder && table.tableType !== 'VIEW') await deleteFolder(table.location);
      await this.#delete(key);
    } finally {
      await this.store.delete(marker);
    }
  }

  /** The parsed entry at `key`: the cached one while the file's size and lastModified are unchanged. */
  async #entry<T>(key: string, parse: (json: string, key: string) => T): Promise<T> {
    const meta = await this.store.head(key);
    const cached = this.#entries.get(key);
    if (cached && cached.size === meta.size && cached.lastModified === meta.lastModified) {
      return cached.value as T;
    }
    this.#entryReads += 1;
    const value = parse(utf8.decode(await this.store.get(key)), key);
    if (Date.now() - meta.lastModified >= RACY_WINDOW_MS) {
      this.#entries.set(key, { size: meta.size, lastModified: meta.lastModified, value });
    } else this.#entries.delete(key);
    return value;
  }

  async #put(key: string, json: string): Promise<void> {
    this.#changed(key);
    try {
      await this.store.put(key, json);
    } finally {
      this.#changed(key);
    }
  }

  async #putIfAbsent(key: string, json: string): Promise<void> {
    this.#changed(key);
    try {
      await this.store.putIfAbsent(key, json);
    } finally {
      this.#changed(key);
    }
  }

  async #delete(key: string): Promise<void> {
    this.#changed(key);
    try {
      await this.store.delete(key);
    } finally {
      this.#changed(key);
    }
  }

  #changed(key: string): void {
    this.#entries.delete(key);
    this.#generation += 1;
  }

  /**
   * Deletes the entry first (the table disappears at once), then a managed table's data: for a Delta table
   * the files its log owns, then its folder if that is left empty (deleteTableFiles).
   */
  async #dropEntry(entry: CatalogTable): Promise<void> {
    await this.#delete(tableKey(entry.identifier.database, entry.identifier.name));
    if (entry.tableType !== 'MANAGED') return;
    if (entry.provider.toLowerCase() === 'delta' && this.parquet !== undefined) {
      await deleteTableFiles(entry.location, this.parquet);
    } else {
      await deleteFolder(entry.location);
    }
  }
}

/** The location's store, for callers that read a table's data or log. */
export function tableStore(table: CatalogDataTable): ObjectStore {
  return storeForUrl(table.location);
}

export type { TableIdentifier };
