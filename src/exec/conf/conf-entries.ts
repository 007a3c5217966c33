/**
 * The one registry of the configuration keys lakesql reads: Spark's and Delta's keys where one exists,
 * `lakesql.*` for what only lakesql has. Each key's type (what SET accepts), default (what it means unset),
 * and meaning live here; `SET`, `SET -v`, the checks on `SET k=v` / `--conf` / `spark.conf.set`, and
 * docs/CONFIG.md (config-doc.ts) are all read from it. Keys not listed here may still be set (Spark keeps
 * any key) but change nothing.
 */

import { DBFS_ROOT_CONF, defaultDbfsRoot } from '../../storage/user-path.js';

export type ConfType =
  | { readonly kind: 'boolean' }
  | { readonly kind: 'string' }
  | { readonly kind: 'long' }
  /** One of `values`, compared case-insensitively (Spark's `checkValues` after `toUpperCase`). */
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  /** A DuckDB memory size: a number and a unit (KB, MB, GB, TB; KiB, MiB, GiB, TiB). */
  | { readonly kind: 'size' }
  /** A size as Spark writes one (JavaUtils.byteStringAsBytes): `104857600`, `100k`, `128mb`, `1g`. */
  | { readonly kind: 'bytes'; readonly zeroMeansNoLimit?: boolean }
  /** A region ID (`America/New_York`) or an offset (`+02:00`), as Spark's session time zone. */
  | { readonly kind: 'timeZone' };

export interface ConfEntry {
  readonly key: string;
  readonly type: ConfType;
  /** The value in effect while the key is unset; none when unset means "off" (e.g. no userMetadata). */
  readonly default?: string | ((context: ConfContext) => string);
  /** How the default reads in the docs when it depends on the session. */
  readonly defaultText?: string;
  readonly meaning: string;
  /** Fixed when the session starts (Spark's static SQL configuration): SET and RESET leave it. */
  readonly static?: boolean;
  /**
   * In the session's configuration from the start, so `spark.conf.get` sees it and RESET sets it back
   * (the engine follows these: time zone and memory limit).
   */
  readonly seeded?: boolean;
}

/** What a session-dependent default is computed from. */
export interface ConfContext {
  readonly warehouse: string;
}

export const WAREHOUSE_DIR = 'spark.sql.warehouse.dir';
export const SESSION_TIME_ZONE = 'spark.sql.session.timeZone';
export const MEMORY_LIMIT = 'lakesql.engine.memoryLimit';
export const TARGET_FILE_SIZE = 'lakesql.delta.targetFileSize';
export const MAX_RECORDS_PER_FILE = 'spark.sql.files.maxRecordsPerFile';
export const STATEMENT_TIMEOUT = 'lakesql.statement.timeout';
export const MAX_RESULT_SIZE = 'spark.driver.maxResultSize';
export const TIMESTAMP_TYPE = 'spark.sql.timestampType';
export const DOUBLE_QUOTED_IDENTIFIERS = 'spark.sql.ansi.doubleQuotedIdentifiers';
export const QUOTED_REGEX_COLUMN_NAMES = 'spark.sql.parser.quotedRegexColumnNames';

/** spark.sql.timestampType names TIMESTAMP_NTZ (case-insensitive, as SQLConf's enum check reads it). */
export function timestampNtzOf(conf: ReadonlyMap<string, string>): boolean {
  return conf.get(TIMESTAMP_TYPE)?.trim().toUpperCase() === 'TIMESTAMP_NTZ';
}

/**
 * spark.sql.ansi.doubleQuotedIdentifiers, which Spark's SQLConf.doubleQuotedIdentifiers reads only under ANSI
 * mode: `"…"` is then an identifier.
 */
export function doubleQuotedIdentifiersOf(conf: ReadonlyMap<string, string>): boolean {
  return (
    conf.get('spark.sql.ansi.enabled')?.trim().toLowerCase() !== 'false' &&
    conf.get(DOUBLE_QUOTED_IDENTIFIERS)?.trim().toLowerCase() === 'true'
  );
}

const BOOLEAN = { kind: 'boolean' } as const;
const STRING = { kind: 'string' } as const;

export const CONF_ENTRIES: readonly ConfEntry[] = [
  {
    key: 'spark.sql.ansi.enabled',
    type: BOOLEAN,
    default: 'true',
    seeded: true,
    meaning:
      'ANSI SQL mode: invalid casts, arithmetic overflow and division by zero raise errors; false returns NULL instead.',
  },
  {
    key: SESSION_TIME_ZONE,
    type: { kind: 'timeZone' },
    default: 'UTC',
    seeded: true,
    meaning:
      "The session time zone TIMESTAMP values are read and printed in (Spark's default is the JVM's zone; lakesql's is UTC).",
  },
  {
    key: 'spark.sql.caseSensitive',
    type: { kind: 'enum', values: ['false'] },
    default: 'false',
    seeded: true,
    meaning: 'Identifiers resolve case-insensitively; lakesql supports only false.',
  },
  {
    key: 'spark.sql.decimalOperations.allowPrecisionLoss',
    type: BOOLEAN,
    default: 'true',
    meaning:
      'Decimal arithmetic whose exact result type exceeds DECIMAL(38) rounds the fraction (true) or returns NULL when the value does not fit (false).',
  },
  {
    key: DOUBLE_QUOTED_IDENTIFIERS,
    type: BOOLEAN,
    default: 'false',
    meaning:
      'Under ANSI mode, "…" quotes an identifier (as `…` does) instead of a string literal; strings then take single quotes.',
  },
  {
    key: QUOTED_REGEX_COLUMN_NAMES,
    type: BOOLEAN,
    default: 'false',
    meaning:
      'A backquoted name in a SELECT item that is not a plain word (`(a|b)?+.+`) selects the columns whose names match it as a Java regex.',
  },
  {
    key: TIMESTAMP_TYPE,
    type: { kind: 'enum', values: ['timestamp_ltz', 'timestamp_ntz'] },
    default: 'TIMESTAMP_LTZ',
    meaning:
      'The type the name TIMESTAMP, TIMESTAMP literals without a zone, make_timestamp and to_timestamp stand for: TIMESTAMP_LTZ (an instant) or TIMESTAMP_NTZ (a wall-clock reading).',
  },
  {
    key: 'spark.sql.sources.partitionOverwriteMode',
    type: { kind: 'enum', values: ['static', 'dynamic'] },
    default: 'static',
    meaning:
      'INSERT OVERWRITE of a partitioned table: static replaces every partition the PARTITION clause matches (all of them without one); dynamic replaces only the partitions the query writes.',
  },
  {
    key: 'spark.sql.legacy.allowNonEmptyLocationInCTAS',
    type: BOOLEAN,
    default: 'false',
    meaning:
      'CREATE TABLE … AS SELECT (and saveAsTable) of a managed table may write into its default folder when that folder already holds files; otherwise it fails with LOCATION_ALREADY_EXISTS, as plain CREATE TABLE always does. A failed CTAS removes only the files it wrote.',
  },
  {
    key: 'spark.sql.optimizer.decorrelateExistsSubqueryLegacyIncorrectCountHandling.enabled',
    type: BOOLEAN,
    default: 'false',
    meaning:
      'Spark 3 answers for EXISTS and IN subqueries over a global aggregate (SPARK-43098): where no row matches the correlation, the aggregate gives no row (so `EXISTS (SELECT count(*) …)` is false) instead of one.',
  },
  {
    key: 'spark.sql.legacy.viewSchemaBindingMode',
    type: BOOLEAN,
    default: 'true',
    meaning:
      'Views record a schema binding mode (`WITH SCHEMA BINDING | COMPENSATION | [TYPE] EVOLUTION`); false refuses the clause with FEATURE_NOT_ENABLED and reads every view as before Spark 4.',
  },
  {
    key: 'spark.sql.legacy.viewSchemaCompensation',
    type: BOOLEAN,
    default: 'true',
    meaning:
      'A view created without `WITH SCHEMA` gets COMPENSATION (its columns cast to the recorded types with ANSI casts); false leaves such views at BINDING (only safe up-casts).',
  },
  {
    key: 'spark.sql.legacy.javaCharsets',
    type: BOOLEAN,
    default: 'false',
    meaning: "CSV and text reads, encode and decode accept any charset Java knows, not only Spark 4's list.",
  },
  {
    key: 'spark.sql.legacy.codingErrorAction',
    type: BOOLEAN,
    default: 'false',
    meaning:
      'encode and decode replace a character or byte the charset cannot code (`?`, U+FFFD) instead of failing with MALFORMED_CHARACTER_CODING.',
  },
  {
    key: 'spark.sql.streaming.schemaInference',
    type: BOOLEAN,
    default: 'false',
    meaning:
      'A csv, json, parquet or orc file stream without a schema infers one from the files in its folder when it is defined, as a batch read would; otherwise such a stream needs `.schema(…)`.',
  },
  {
    key: 'spark.sql.streaming.fileSink.log.compactInterval',
    type: { kind: 'long' },
    default: '10',
    meaning:
      "How many batches a streaming file sink's `_spark_metadata` log holds between compact files (`<n>.compact`, listing every file so far).",
  },
  {
    key: WAREHOUSE_DIR,
    type: STRING,
    default: './lakesql-warehouse',
    static: true,
    meaning:
      'The folder holding the catalog, databases and managed tables (`--warehouse` on the command line); fixed when the session starts.',
  },
  {
    key: 'spark.databricks.delta.schema.autoMerge.enabled',
    type: BOOLEAN,
    default: 'false',
    meaning: "INSERT and MERGE add the source's extra columns to the target Delta table (schema evolution).",
  },
  {
    key: 'spark.databricks.delta.commitInfo.userMetadata',
    type: STRING,
    meaning: "Text recorded as `userMetadata` in each Delta commit's commitInfo (unset: none).",
  },
  {
    key: 'spark.databricks.delta.write.txnAppId',
    type: STRING,
    meaning:
      'With txnVersion, makes writes idempotent: a write whose (txnAppId, txnVersion) the table has already committed is skipped.',
  },
  {
    key: 'spark.databricks.delta.write.txnVersion',
    type: { kind: 'long' },
    meaning: 'The version of the idempotent write named by txnAppId.',
  },
  {
    key: 'spark.databricks.delta.properties.defaults.enableChangeDataFeed',
    type: BOOLEAN,
    meaning:
      'New Delta tables get `delta.enableChangeDataFeed` = this value unless their TBLPROPERTIES set it (unset: off). Any `spark.databricks.delta.properties.defaults.<name>` likewise gives new tables `delta.<name>`.',
  },
  {
    key: 'spark.databricks.delta.properties.defaults.enableDeletionVectors',
    type: BOOLEAN,
    default: 'true',
    meaning:
      'New Delta tables get `delta.enableDeletionVectors` = this value (as Databricks enables deletion vectors for new tables), so DELETE and UPDATE mark rows deleted instead of rewriting files; a table property set by the statement wins.',
  },
  {
    key: 'spark.databricks.delta.retentionDurationCheck.enabled',
    type: BOOLEAN,
    default: 'true',
    meaning:
      "VACUUM refuses a RETAIN shorter than the table's `delta.deletedFileRetentionDuration` (DELTA_VACUUM_RETENTION_PERIOD_TOO_SHORT).",
  },
  {
    key: 'spark.databricks.delta.vacuum.logging.enabled',
    type: BOOLEAN,
    defaultText: 'true for tables on a local disk',
    meaning:
      'VACUUM records `VACUUM START` and `VACUUM END` commits in the table history (unset: as Delta, only for file systems it knows, which here are local folders).',
  },
  {
    key: 'spark.databricks.delta.fsck.maxNumEntriesInResult',
    type: { kind: 'long' },
    default: '1000',
    meaning:
      'The most rows FSCK REPAIR TABLE reports (one per live file whose data or deletion-vector file is missing).',
  },
  {
    key: 'spark.databricks.delta.replaceWhere.constraintCheck.enabled',
    type: BOOLEAN,
    default: 'true',
    meaning: 'A replaceWhere overwrite fails when a written row does not satisfy the replaceWhere predicate.',
  },
  // OPTIMIZE's bin packing (exec/maintenance/optimize.ts), Delta's DeltaSQLConf keys and defaults.
  {
    key: 'spark.databricks.delta.optimize.minFileSize',
    type: { kind: 'bytes' },
    default: '1073741824',
    meaning: 'OPTIMIZE compacts the files smaller than this (files at least this big are left alone).',
  },
  {
    key: 'spark.databricks.delta.optimize.maxFileSize',
    type: { kind: 'bytes' },
    default: '1073741824',
    meaning:
      'The most bytes of input OPTIMIZE packs into one output file, and the size Z-order and clustering split their output at.',
  },
  {
    key: 'spark.databricks.delta.optimize.maxDeletedRowsRatio',
    type: { kind: 'string' },
    default: '0.05',
    meaning:
      'OPTIMIZE also rewrites a file whose deletion vector deletes more than this fraction of its rows, whatever its size.',
  },
  {
    key: 'spark.databricks.delta.optimize.zorder.checkStatsCollection.enabled',
    type: BOOLEAN,
    default: 'true',
    meaning:
      'OPTIMIZE … ZORDER BY fails on a column without data skipping statistics (Z-ordering it would not help).',
  },
  // Auto compaction and optimized writes (exec/maintenance/auto-compact.ts, exec/write/optimized-write.ts),
  // Delta's DeltaSQLConf keys; the session keys, when set, win over the tables' delta.autoOptimize.* properties.
  {
    key: 'spark.databricks.delta.autoCompact.enabled',
    type: { kind: 'enum', values: ['true', 'false', 'auto', 'legacy'] },
    meaning:
      'Compact small files after each write, whatever the table says: `true`, `auto` and `legacy` turn it on, `false` off (unset: the table property `delta.autoOptimize.autoCompact` decides).',
  },
  {
    key: 'spark.databricks.delta.autoCompact.minNumFiles',
    type: { kind: 'long' },
    default: '50',
    meaning:
      'Auto compaction runs in a partition the write added files to once that partition holds at least this many files smaller than autoCompact.minFileSize.',
  },
  {
    key: 'spark.databricks.delta.autoCompact.maxFileSize',
    type: { kind: 'bytes' },
    default: '134217728',
    meaning: 'The most bytes of input auto compaction packs into one output file.',
  },
  {
    key: 'spark.databricks.delta.autoCompact.minFileSize',
    type: { kind: 'bytes' },
    defaultText: 'half of autoCompact.maxFileSize',
    meaning: 'Auto compaction counts and rewrites the files smaller than this.',
  },
  {
    key: 'spark.databricks.delta.optimizeWrite.enabled',
    type: BOOLEAN,
    meaning:
      'Optimized writes for every Delta write, whatever the table says (unset: the table property `delta.autoOptimize.optimizeWrite` decides): rows are grouped by partition before they are written, so that each partition gets files near optimizeWrite.binSize.',
  },
  {
    key: 'spark.databricks.delta.optimizeWrite.binSize',
    type: { kind: 'bytes' },
    default: '512',
    meaning:
      'The file size an optimized write aims at in each partition; a bare number is in MiB, as in Delta (`512`, `256mb`, `1g`).',
  },
  {
    key: TARGET_FILE_SIZE,
    type: { kind: 'bytes' },
    default: '128mb',
    meaning:
      'The size Delta writes split their data files at when the table has no `delta.targetFileSize` (Databricks names no session key for plain writes; its table property takes the same values, e.g. 104857600 or 100mb). Approximate: a file can pass it by a Parquet row group per writing thread (row groups shrink with smaller targets).',
  },
  {
    key: MAX_RECORDS_PER_FILE,
    type: { kind: 'long' },
    default: '0',
    meaning:
      'The most rows a written data file holds (0 or less: no limit); the DataFrame writer option `maxRecordsPerFile` overrides it.',
  },
  {
    key: MEMORY_LIMIT,
    type: { kind: 'size' },
    default: '1GB',
    seeded: true,
    meaning:
      "DuckDB's memory limit for the session's queries (e.g. 512MB, 4GB); past it, operators spill to a temporary folder.",
  },
  {
    key: MAX_RESULT_SIZE,
    type: { kind: 'bytes', zeroMeansNoLimit: true },
    default: '1g',
    meaning:
      'The most a query result brought into the process (collect(), the CLI, a SELECT) may hold, its strings and binaries counted by length and other values 8 bytes each; past it the query fails with RESULT_SIZE_LIMIT_EXCEEDED (0: no limit). Whatever it says, a result that would fill the Node.js heap fails with MEMORY_LIMIT_EXCEEDED.',
  },
  {
    key: STATEMENT_TIMEOUT,
    type: { kind: 'long' },
    default: '0',
    meaning:
      "Seconds a statement may run before it is canceled with STATEMENT_TIMEOUT (0 or less: no limit), as Databricks SQL's STATEMENT_TIMEOUT; a canceled write commits nothing.",
  },
  {
    key: DBFS_ROOT_CONF,
    type: STRING,
    default: (c) => defaultDbfsRoot(c.warehouse),
    defaultText: '`dbfs` beside the warehouse folder',
    meaning: 'The local folder standing for DBFS: `dbfs:/x` and `/dbfs/x` name `<root>/x`.',
  },
];

const BY_KEY = new Map(CONF_ENTRIES.map((e) => [e.key, e]));

export function confEntry(key: string): ConfEntry | undefined {
  return BY_KEY.get(key);
}

/** The value a key has when unset, or undefined when it has none. */
export function confDefault(entry: ConfEntry, context: ConfContext): string | undefined {
  return typeof entry.default === 'function' ? entry.default(context) : entry.default;
}

/** The keys every session starts with, and the value RESET gives them back. */
export const SEEDED_CONF: Readonly<Record<string, string>> = Object.fromEntries(
  CONF_ENTRIES.flatMap((e) => (e.seeded && typeof e.default === 'string' ? [[e.key, e.default]] : [])),
);
