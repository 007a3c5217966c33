/**
 * Session, metadata and Delta maintenance statements: SET / RESET / USE, SHOW …, DESCRIBE …, EXPLAIN,
 * CACHE / UNCACHE, ANALYZE, REFRESH, MSCK REPAIR, and Delta's RESTORE, OPTIMIZE, VACUUM,
 * CONVERT TO DELTA and COPY INTO. A quoted path where a table goes ('/p') is the path table delta.`/p`.
 */
import type { ObjectName, Property, Span } from './common.js';
import type { Expression, IntervalLiteral } from './expressions.js';
import type { Query, TimeTravel } from './query.js';
import type { Statement } from './statements.js';
import type { ColumnDefinition, PartitionSpecEntry } from './statements-ddl.js';

/** The zone SET TIME ZONE names: the system's own, a zone id, or an offset written as an interval literal. */
export type TimeZoneSetting =
  | { readonly form: 'local' }
  | { readonly form: 'id'; readonly id: string }
  | { readonly form: 'interval'; readonly interval: IntervalLiteral };

/** EXPLAIN's modes; SIMPLE is EXPLAIN with no mode word. */
export type ExplainMode = 'SIMPLE' | 'EXTENDED' | 'FORMATTED' | 'CODEGEN' | 'COST';

export type MiscStatement =
  /** SET (list all), SET -v, SET key, SET key = value; key and value as written, trimmed. */
  | {
      readonly kind: 'set';
      readonly key: string | null;
      readonly value: string | null;
      readonly verbose: boolean;
      readonly span: Span;
    }
  /** SET TIME ZONE LOCAL | 'zone' | INTERVAL … (Spark's setTimeZone rule): spark.sql.session.timeZone. */
  | { readonly kind: 'setTimeZone'; readonly zone: TimeZoneSetting; readonly span: Span }
  | { readonly kind: 'reset'; readonly key: string | null; readonly span: Span }
  | {
      readonly kind: 'use';
      readonly target: 'catalog' | 'database' | null;
      readonly name: ObjectName;
      readonly span: Span;
    }
  | {
      readonly kind: 'explain';
      readonly mode: ExplainMode;
      readonly statement: Statement;
      readonly span: Span;
    }
  | {
      readonly kind: 'describeTable';
      readonly name: ObjectName;
      readonly extended: boolean;
      readonly partition: readonly PartitionSpecEntry[];
      readonly column: readonly string[] | null;
      /** DESCRIBE EXTENDED … AS JSON (Spark 4.0's DescribeRelationJson). */
      readonly asJson: boolean;
      readonly span: Span;
    }
  | { readonly kind: 'describeDetail'; readonly name: ObjectName; readonly span: Span }
  | {
      readonly kind: 'describeHistory';
      readonly name: ObjectName;
      readonly limit: number | null;
      readonly span: Span;
    }
  | { readonly kind: 'describeQuery'; readonly query: Query; readonly span: Span }
  | {
      readonly kind: 'describeFunction';
      readonly name: readonly string[];
      readonly extended: boolean;
      readonly span: Span;
    }
  | {
      readonly kind: 'describeDatabase';
      readonly name: ObjectName;
      readonly extended: boolean;
      readonly span: Span;
    }
  | { readonly kind: 'showDatabases'; readonly pattern: string | null; readonly span: Span }
  | {
      readonly kind: 'showTables';
      readonly views: boolean;
      readonly database: ObjectName | null;
      readonly pattern: string | null;
      readonly extended: boolean;
      readonly span: Span;
    }
  | {
      readonly kind: 'showColumns';
      readonly table: ObjectName;
      readonly database: ObjectName | null;
      readonly span: Span;
    }
  | {
      readonly kind: 'showTblProperties';
      readonly table: ObjectName;
      readonly key: string | null;
      readonly span: Span;
    }
  | {
      readonly kind: 'showCreateTable';
      readonly table: ObjectName;
      readonly asSerde: boolean;
      readonly span: Span;
    }
  | {
      readonly kind: 'showFunctions';
      readonly scope: 'USER' | 'SYSTEM' | 'ALL' | null;
      readonly pattern: string | null;
      readonly span: Span;
    }
  | {
      readonly kind: 'showPartitions';
      readonly table: ObjectName;
      readonly partition: readonly PartitionSpecEntry[];
      readonly span: Span;
    }
  | { readonly kind: 'showCatalogs'; readonly pattern: string | null; readonly span: Span }
  | {
      readonly kind: 'cacheTable';
      readonly lazy: boolean;
      readonly name: ObjectName;
      readonly options: readonly Property[];
      readonly query: Query | null;
      readonly span: Span;
    }
  | {
      readonly kind: 'uncacheTable';
      readonly name: ObjectName;
      readonly ifExists: boolean;
      readonly span: Span;
    }
  | { readonly kind: 'clearCache'; readonly span: Span }
  | {
      readonly kind: 'analyzeTable';
      readonly name: ObjectName;
      readonly noScan: boolean;
      /** FOR COLUMNS a, b; 'all' for FOR ALL COLUMNS. */
      readonly columns: readonly string[] | 'all' | null;
      readonly span: Span;
    }
  | {
      readonly kind: 'refresh';
      readonly target: 'table' | 'path' | 'function';
      readonly name: string;
      readonly span: Span;
    }
  | {
      readonly kind: 'repairTable';
      readonly name: ObjectName;
      readonly option: 'ADD' | 'DROP' | 'SYNC' | null;
      readonly span: Span;
    }
  | {
      readonly kind: 'restore';
      readonly table: ObjectName;
      readonly timeTravel: TimeTravel;
      readonly span: Span;
    }
  | {
      readonly kind: 'optimize';
      readonly table: ObjectName;
      /** `OPTIMIZE t FULL`: a clustered table reclusters every file, not only those not yet clustered. */
      readonly full: boolean;
      readonly where: Expression | null;
      readonly zorderBy: readonly (readonly string[])[];
      readonly span: Span;
    }
  | {
      /** Delta's `GENERATE mode FOR TABLE t` (the one mode is symlink_format_manifest). */
      readonly kind: 'generate';
      readonly mode: string;
      readonly table: ObjectName;
      readonly span: Span;
    }
  | {
      /** `REORG TABLE t [WHERE …] APPLY (PURGE)`: rewrites the files that carry deletion vectors. */
      readonly kind: 'reorg';
      readonly table: ObjectName;
      readonly where: Expression | null;
      readonly span: Span;
    }
  | {
      readonly kind: 'vacuum';
      readonly table: ObjectName;
      readonly retainHours: number | null;
      readonly dryRun: boolean;
      /** Databricks' VACUUM … LITE / FULL; null when not written. */
      readonly mode: 'LITE' | 'FULL' | null;
      readonly span: Span;
    }
  | {
      /** Databricks' `FSCK REPAIR TABLE t [DRY RUN]`: drops the log's entries for files storage lacks. */
      readonly kind: 'fsckRepair';
      readonly table: ObjectName;
      readonly dryRun: boolean;
      readonly span: Span;
    }
  | {
      readonly kind: 'convertToDelta';
      readonly table: ObjectName;
      readonly noStatistics: boolean;
      readonly partitionedBy: readonly ColumnDefinition[];
      readonly span: Span;
    }
  | {
      readonly kind: 'copyInto';
      readonly table: ObjectName;
      /** FROM 'path' or FROM (SELECT … FROM 'path'): the query's FROM names the path. */
      readonly source:
        | { readonly kind: 'path'; readonly path: string }
        | { readonly kind: 'query'; readonly query: Query };
      readonly fileFormat: string;
      readonly files: readonly string[] | null;
      readonly pattern: string | null;
      readonly formatOptions: readonly Property[];
      readonly copyOptions: readonly Property[];
      readonly span: Span;
    };
