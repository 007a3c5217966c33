/**
 * The entries of the warehouse catalog, shaped after Spark's `CatalogDatabase` and `CatalogTable`
 * (sql/catalyst/.../catalog/interface.scala) and after what Databricks' DESCRIBE shows.
 *
 * Names are stored lower-case: Spark's default `spark.sql.caseSensitive=false` makes the session catalog
 * format every database and table name with `toLowerCase(Locale.ROOT)` before it reaches the external catalog.
 */
import type { StructType } from '../types/data-types.js';

/** `database`.`name`, both lower-case. */
export interface TableIdentifier {
  readonly database: string;
  readonly name: string;
}

/** A database (schema). `location` is a URL (`file:///…/s.db`, `memory://wh/s.db`). */
export interface CatalogDatabase {
  readonly name: string;
  readonly comment: string;
  readonly location: string;
  readonly properties: Readonly<Record<string, string>>;
  readonly owner?: string;
}

/** Spark's CatalogTableType names, as DESCRIBE TABLE EXTENDED prints them in its `Type` row. */
export type CatalogTableType = 'MANAGED' | 'EXTERNAL' | 'VIEW';

/** Data source providers a table can use; Delta is the default (Databricks' `USING DELTA`). */
export type TableProvider = 'delta' | 'parquet' | 'csv' | 'json' | 'orc' | 'text';

export const TABLE_PROVIDERS: ReadonlySet<string> = new Set<TableProvider>([
  'delta',
  'parquet',
  'csv',
  'json',
  'orc',
  'text',
]);

interface CatalogEntryCommon {
  readonly identifier: TableIdentifier;
  /** TBLPROPERTIES. For Delta tables the log's `configuration` is the truth; this is what was asked at create. */
  readonly properties: Readonly<Record<string, string>>;
  readonly comment?: string;
  /** Milliseconds since the epoch. */
  readonly createdTime: number;
  readonly owner?: string;
}

/**
 * A table with data: managed (the catalog owns the folder and DROP deletes it) or external (DROP keeps it).
 * For a Delta table the log is the source of truth for schema, partitioning and properties: `schema` and
 * `partitionColumns` are a cache written at create/alter time, possibly stale; read the log through
 * `readDeltaTableMetadata` when it matters. For other providers they are authoritative.
 */
export interface CatalogDataTable extends CatalogEntryCommon {
  readonly tableType: 'MANAGED' | 'EXTERNAL';
  readonly provider: TableProvider;
  /** A URL (`file:///abs/dir`, `memory://name/dir`), without a trailing slash. */
  readonly location: string;
  readonly partitionColumns: readonly string[];
  readonly schema?: StructType;
  /** OPTIONS (…) of a non-Delta table: `header`, `delimiter`, … */
  readonly options: Readonly<Record<string, string>>;
  /** CLUSTERED BY … INTO n BUCKETS of a file table (Spark's CatalogTable.bucketSpec); absent when unbucketed. */
  readonly bucketSpec?: TableBucketSpec;
}

/** Spark's BucketSpec: the bucket count, the columns hashed into buckets, the columns each bucket is sorted by. */
export interface TableBucketSpec {
  readonly numBuckets: number;
  readonly bucketColumnNames: readonly string[];
  readonly sortColumnNames: readonly string[];
}

/**
 * A persistent view: its SQL text as written (the catalog never parses it), the schema it had when created,
 * and the column names of the query at that time (Spark's `view.query.out.col.*` properties), so that
 * the view can map its query's output by position even if the query's names change.
 */
export interface CatalogView extends CatalogEntryCommon {
  readonly tableType: 'VIEW';
  readonly viewText: string;
  readonly viewSchema: StructType;
  readonly viewQueryColumnNames: readonly string[];
  /**
   * The current catalog and database when the view was created (Spark's `view.catalogAndNamespace.*`):
   * unqualified names in `viewText` resolve against these, not against the reader's current database.
   */
  readonly viewCatalogAndNamespace: readonly string[];
  /** DEFAULT COLLATION of the view (Spark's CatalogTable.collation): its query's literals and casts take it. */
  readonly collation?: string;
}

export type CatalogTable = CatalogDataTable | CatalogView;

/** What `createTable` takes: the catalog fills in `identifier` normalisation, `createdTime` and defaults. */
export type NewCatalogDataTable = Omit<
  CatalogDataTable,
  'identifier' | 'createdTime' | 'location' | 'provider' | 'partitionColumns' | 'properties' | 'options'
> & {
  readonly provider?: TableProvider;
  /** Required for EXTERNAL tables; a MANAGED table defaults to `<database location>/<table>`. */
  readonly location?: string;
  readonly partitionColumns?: readonly string[];
  readonly properties?: Readonly<Record<string, string>>;
  readonly options?: Readonly<Record<string, string>>;
  readonly createdTime?: number;
  /**
   * A MANAGED table may be created over a folder that already holds files (CTAS with Spark's
   * `spark.sql.legacy.allowNonEmptyLocationInCTAS`); otherwise that fails with LOCATION_ALREADY_EXISTS.
   * Not stored in the entry.
   */
  readonly allowNonEmptyLocation?: boolean;
};

export type NewCatalogView = Omit<CatalogView, 'identifier' | 'createdTime' | 'properties'> & {
  readonly properties?: Readonly<Record<string, string>>;
  readonly createdTime?: number;
};

export type NewCatalogTable = NewCatalogDataTable | NewCatalogView;
