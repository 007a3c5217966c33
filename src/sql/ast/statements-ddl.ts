/**
 * Catalog and DDL statements (Spark's createTable / replaceTable / createView / alterTable* / drop*,
 * Databricks' CREATE TABLE reference for Delta: GENERATED columns, IDENTITY, CLUSTER BY, CLONE).
 * Path tables (delta.`/p`) are ObjectNames whose first part is the format.
 */
import type { DataType } from '../../types/index.js';
import type { ObjectName, Property, Span } from './common.js';
import type { Expression } from './expressions.js';
import type { Query, TimeTravel } from './query.js';

export type GeneratedColumn =
  /** GENERATED ALWAYS AS (expr) */
  | { readonly kind: 'expression'; readonly expr: Expression }
  /** GENERATED {ALWAYS | BY DEFAULT} AS IDENTITY [(START WITH n INCREMENT BY m)] */
  | {
      readonly kind: 'identity';
      readonly always: boolean;
      readonly start: bigint | null;
      readonly step: bigint | null;
    };

export interface ColumnDefinition {
  readonly name: string;
  /** ALTER TABLE ADD COLUMNS (s.f INT): the struct `name` goes into (`s`); absent at the top level. */
  readonly parentPath?: readonly string[];
  readonly dataType: DataType;
  readonly nullable: boolean;
  readonly comment: string | null;
  readonly default: Expression | null;
  /** The DEFAULT expression as written: Spark keeps this text as the column's CURRENT_DEFAULT. */
  readonly defaultText?: string;
  readonly generated: GeneratedColumn | null;
  /** ALTER TABLE ADD COLUMN … FIRST | AFTER col. */
  readonly position: ColumnPosition | null;
  readonly span: Span;
}

export type ColumnPosition = { readonly kind: 'first' } | { readonly kind: 'after'; readonly column: string };

export type TableConstraint =
  | {
      readonly kind: 'check';
      readonly name: string | null;
      readonly condition: Expression;
      readonly span: Span;
    }
  | {
      readonly kind: 'primaryKey';
      readonly name: string | null;
      readonly columns: readonly string[];
      readonly span: Span;
    }
  | {
      readonly kind: 'foreignKey';
      readonly name: string | null;
      readonly columns: readonly string[];
      readonly references: ObjectName;
      readonly referencedColumns: readonly string[];
      readonly span: Span;
    };

/** PARTITIONED BY entries: a column name, or (Hive style) a new column with its type. */
export type PartitionColumn =
  | { readonly kind: 'name'; readonly name: string }
  | { readonly kind: 'column'; readonly column: ColumnDefinition };

/** Spark's BucketSpec: the bucket count, the columns hashed into buckets, the columns each bucket is sorted by. */
export interface BucketSpec {
  readonly numBuckets: number;
  readonly bucketColumnNames: readonly string[];
  readonly sortColumnNames: readonly string[];
}

export interface CreateTable {
  readonly kind: 'createTable';
  readonly name: ObjectName;
  /** CREATE, CREATE OR REPLACE, or REPLACE. */
  readonly mode: 'create' | 'createOrReplace' | 'replace';
  readonly ifNotExists: boolean;
  readonly external: boolean;
  /** null when no column list was given (CTAS, CLONE, `USING DELTA LOCATION …`). */
  readonly columns: readonly ColumnDefinition[] | null;
  readonly constraints: readonly TableConstraint[];
  readonly using: string | null;
  readonly options: readonly Property[];
  readonly partitionedBy: readonly PartitionColumn[];
  /** CLUSTER BY (a, b); [] for CLUSTER BY NONE; null when absent. AUTO is ['AUTO'] with auto true. */
  readonly clusterBy: readonly (readonly string[])[] | null;
  readonly clusterByAuto: boolean;
  /** CLUSTERED BY (…) [SORTED BY (…)] INTO n BUCKETS (Hive bucketing, file tables only); null when absent. */
  readonly bucketSpec: BucketSpec | null;
  readonly location: string | null;
  readonly comment: string | null;
  readonly properties: readonly Property[];
  readonly query: Query | null;
  /** [SHALLOW | DEEP] CLONE source [VERSION|TIMESTAMP AS OF …]. */
  readonly clone: {
    readonly shallow: boolean;
    readonly source: ObjectName;
    readonly timeTravel: TimeTravel | null;
  } | null;
  /** CREATE TABLE t LIKE source. */
  readonly like: ObjectName | null;
  readonly span: Span;
}

/** Spark 4's `WITH SCHEMA …` clause of a view: how the view follows changes of its query's schema. */
export type ViewSchemaBinding = 'BINDING' | 'COMPENSATION' | 'TYPE EVOLUTION' | 'EVOLUTION';

export interface CreateView {
  readonly kind: 'createView';
  readonly name: ObjectName;
  readonly orReplace: boolean;
  /** TEMP VIEW (local) or GLOBAL TEMP VIEW; null for a persistent view. */
  readonly temporary: 'local' | 'global' | null;
  readonly ifNotExists: boolean;
  readonly columns: readonly { readonly name: string; readonly comment: string | null }[] | null;
  readonly comment: string | null;
  readonly properties: readonly Property[];
  /** WITH SCHEMA …, null when not written. */
  readonly schemaBinding: ViewSchemaBinding | null;
  /** DEFAULT COLLATION name (normalized): the collation of the query's string literals and casts. */
  readonly defaultCollation: string | null;
  readonly query: Query;
  /** The query's source text, as Spark stores a view's text. */
  readonly queryText: string;
  readonly span: Span;
}

export type AlterColumnChange =
  | { readonly kind: 'type'; readonly dataType: DataType }
  | { readonly kind: 'comment'; readonly comment: string }
  | { readonly kind: 'setNotNull' }
  | { readonly kind: 'dropNotNull' }
  | { readonly kind: 'setDefault'; readonly default: Expression }
  | { readonly kind: 'dropDefault' }
  | { readonly kind: 'position'; readonly position: ColumnPosition };

export type AlterTableAction =
  | { readonly kind: 'addColumns'; readonly columns: readonly ColumnDefinition[] }
  | {
      readonly kind: 'dropColumns';
      readonly columns: readonly (readonly string[])[];
      readonly ifExists: boolean;
    }
  | { readonly kind: 'renameColumn'; readonly column: readonly string[]; readonly newName: string }
  | {
      readonly kind: 'alterColumn';
      /** Which keyword the statement used: Spark names the operation `ALTER TABLE ... <verb> COLUMN`. */
      readonly verb: 'ALTER' | 'CHANGE';
      readonly column: readonly string[];
      readonly changes: readonly AlterColumnChange[];
    }
  /** Hive's CHANGE [COLUMN] old new type [COMMENT c] [FIRST|AFTER c]. */
  | {
      readonly kind: 'changeColumn';
      readonly column: readonly string[];
      readonly newName: string;
      readonly dataType: DataType;
      readonly comment: string | null;
      readonly position: ColumnPosition | null;
    }
  | { readonly kind: 'replaceColumns'; readonly columns: readonly ColumnDefinition[] }
  | { readonly kind: 'setProperties'; readonly properties: readonly Property[] }
  | { readonly kind: 'unsetProperties'; readonly keys: readonly string[]; readonly ifExists: boolean }
  | { readonly kind: 'renameTo'; readonly newName: ObjectName }
  | { readonly kind: 'addConstraint'; readonly constraint: TableConstraint }
  | { readonly kind: 'dropConstraint'; readonly name: string; readonly ifExists: boolean }
  | { readonly kind: 'setLocation'; readonly location: string }
  | { readonly kind: 'clusterBy'; readonly columns: readonly (readonly string[])[] }
  /** Delta's `DROP FEATURE name [TRUNCATE HISTORY]`: removes a table feature from the protocol. */
  | { readonly kind: 'dropFeature'; readonly feature: string; readonly truncateHistory: boolean };

export interface AlterTable {
  readonly kind: 'alterTable';
  /** ALTER VIEW shares the property / rename actions. */
  readonly view: boolean;
  readonly name: ObjectName;
  readonly action: AlterTableAction;
  readonly span: Span;
}

/**
 * CREATE [OR REPLACE] [GLOBAL] TEMPORARY VIEW v [(col type, …)] USING fmt [OPTIONS (…)]: Spark's
 * CreateTempViewUsing, a temporary view over a data source, with the schema given or inferred.
 */
export interface CreateTempViewUsing {
  readonly kind: 'createTempViewUsing';
  readonly name: ObjectName;
  readonly orReplace: boolean;
  readonly global: boolean;
  readonly columns: readonly ColumnDefinition[] | null;
  readonly provider: string;
  readonly options: readonly Property[];
  readonly span: Span;
}

export type DdlStatement =
  | CreateTable
  | CreateView
  | CreateTempViewUsing
  | AlterTable
  | { readonly kind: 'alterViewAs'; readonly name: ObjectName; readonly query: Query; readonly span: Span }
  | {
      readonly kind: 'alterViewSchemaBinding';
      readonly name: ObjectName;
      readonly schemaBinding: ViewSchemaBinding;
      readonly span: Span;
    }
  | {
      readonly kind: 'dropTable';
      readonly name: ObjectName;
      readonly ifExists: boolean;
      readonly purge: boolean;
      readonly span: Span;
    }
  | { readonly kind: 'dropView'; readonly name: ObjectName; readonly ifExists: boolean; readonly span: Span }
  | {
      readonly kind: 'createDatabase';
      readonly name: ObjectName;
      readonly ifNotExists: boolean;
      readonly comment: string | null;
      readonly location: string | null;
      readonly properties: readonly Property[];
      readonly span: Span;
    }
  /** ALTER DATABASE d SET DBPROPERTIES (…), and COMMENT ON DATABASE d IS 'c' | NULL. */
  | {
      readonly kind: 'alterDatabase';
      readonly name: ObjectName;
      readonly properties: readonly Property[];
      /** undefined: unchanged; null: removed. */
      readonly comment?: string | null;
      readonly span: Span;
    }
  | {
      readonly kind: 'dropDatabase';
      readonly name: ObjectName;
      readonly ifExists: boolean;
      readonly cascade: boolean;
      readonly span: Span;
    }
  | {
      readonly kind: 'truncateTable';
      readonly name: ObjectName;
      readonly partition: readonly PartitionSpecEntry[];
      readonly span: Span;
    };

/** `PARTITION (p = v, q)`: a value, or null for a dynamic partition column. */
export interface PartitionSpecEntry {
  readonly column: string;
  readonly value: Expression | null;
}
