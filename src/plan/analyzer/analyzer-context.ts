/**
 * Everything the analyzer consults: how to find tables and views, the session's semantics, the attribute
 * id source of the statement, and the CTEs in scope. The relation resolver is an interface because finding a
 * table needs the catalog and, for file tables, the engine: exec/ implements it.
 */
import type { SessionVariable } from '../../catalog/session-variables.js';
import type { Snapshot } from '../../delta/snapshot.js';
import type { Query } from '../../sql/ast/query.js';
import type { CreateFunction } from '../../sql/ast/statements-functions.js';
import type { StructType } from '../../types/data-types.js';
import type { FileMetadataRead } from '../../types/file-metadata.js';
import type { Predicate } from '../../types/predicate.js';
import type { SessionSemantics } from '../functions/function-signature.js';
import { AttributeIds } from '../logical/attribute.js';
import type { BoundExpr } from '../logical/bound-expression.js';
import type { LogicalPlan } from '../logical/logical-plan.js';
import type { UserFunction } from './user-function.js';
import type { ViewBinding } from './view-binding.js';

export type ResolvedRelation =
  /** A Delta table (by name or by path) at the snapshot this statement reads. */
  | {
      readonly kind: 'delta';
      readonly snapshot: Snapshot;
      readonly qualifier: readonly string[];
      readonly displayName: string;
    }
  /** A persistent or temporary view: its query is analyzed in place, like Spark does. */
  | {
      readonly kind: 'view';
      readonly query: Query;
      readonly qualifier: readonly string[];
      /** The view's column names (CREATE VIEW v (a, b) AS …), applied over the query's output. */
      readonly columnNames: readonly string[] | null;
      /** A persistent view's stored schema and binding mode (view-binding.ts); temp views have none. */
      readonly binding?: ViewBinding;
      /** The view's DEFAULT COLLATION, when it was created with one. */
      readonly defaultCollation?: string;
    }
  /** Rows the engine reads itself (a CSV/Parquet/JSON table or path): SQL text and its schema. */
  | {
      readonly kind: 'engineSql';
      readonly sql: string;
      readonly schema: StructType;
      readonly qualifier: readonly string[];
      /** Drops scratch tables behind `sql` once the statement is done. */
      readonly release?: () => Promise<void>;
      /** Skips data that cannot satisfy a pushed-down filter, before `sql` runs. */
      readonly pushFilters?: (predicate: Predicate) => Promise<void>;
      /** Files only: the same read plus the hidden `_metadata` column, last (types/file-metadata.ts). */
      readonly metadata?: FileMetadataRead;
    }
  /** An already analyzed plan (a temp view made from a DataFrame). */
  | { readonly kind: 'plan'; readonly plan: LogicalPlan; readonly qualifier: readonly string[] };

export interface TimeTravelSpec {
  readonly version?: number;
  readonly timestamp?: string;
}

export interface RelationResolver {
  /** Resolves `db.t`, `t`, `delta.\`/path\`` …; throws TABLE_OR_VIEW_NOT_FOUND. */
  resolveTable(nameParts: readonly string[], timeTravel?: TimeTravelSpec): Promise<ResolvedRelation>;
  /**
   * The session variable `parts` names (`v`, `session.v`, `system.session.v`), for a name no column
   * resolves (Spark resolves columns first); undefined when there is none.
   */
  lookupVariable?(parts: readonly string[]): SessionVariable | undefined;
  /**
   * The SQL function `parts` names (`f`, `db.f`, `spark_catalog.db.f`, `system.session.f`) when no builtin
   * does (Spark's search path: system.builtin, system.session, then the current schema).
   */
  lookupSqlFunction?(parts: readonly string[]): ResolvedSqlFunction | undefined;
  /**
   * A function registered on the session from JavaScript (spark.udf.register, or a test function of the
   * golden runner) under `name`: Spark puts these in the session's function registry, where they hide a
   * builtin of the same name.
   */
  lookupUserFunction?(name: string): UserFunction | undefined;
  /**
   * The value of a constant expression, run once by the engine (a time travel timestamp such as
   * `current_timestamp() - INTERVAL 1 DAY`): undefined when no engine is at hand.
   */
  evaluateConstant?(expr: BoundExpr, semantics: SessionSemantics): Promise<unknown>;
  /**
   * Table-valued functions: range(…), read_files(…), …; undefined when the name is not one. `decided` is
   * the call's AST `decided` (what the API learned about a read_files() it built).
   */
  resolveTableFunction?(
    name: string,
    args: readonly unknown[],
    decided?: unknown,
  ): Promise<ResolvedRelation | undefined>;
}

/** A SQL user-defined function found by name: its full name (for generated column names) and definition. */
export interface ResolvedSqlFunction {
  /** `['spark_catalog', db, f]` for a persistent function, `[f]` for a temporary one. */
  readonly nameParts: readonly string[];
  readonly definition: CreateFunction;
  /**
   * The session's semantics when the function was created: Spark captures the SQL configs with a SQL
   * function (as with a view), so its body keeps ANSI mode, the time zone and the rest it was written under.
   */
  readonly semantics: SessionSemantics;
}

/** The parameters of the SQL function whose body is being analyzed, bound to its call's arguments. */
export interface FunctionParameterBinding {
  /** The function's own name, lower-case: a parameter may be written `f.a`. */
  readonly functionName: string;
  readonly values: ReadonlyMap<string, BoundExpr>;
  /** The body's top scope: below it (in a subquery of the body) the arguments are outer references. */
  readonly bodyScope: unknown;
}

export interface AnalyzerContext {
  readonly relations: RelationResolver;
  readonly semantics: SessionSemantics;
  readonly ids: AttributeIds;
  /** spark.sql.caseSensitive is false: names compare case-insensitively. */
  readonly conf: ReadonlyMap<string, string>;
  /** Set while a SQL function's body is inlined at its call. */
  readonly functionParameters?: FunctionParameterBinding;
  /**
   * The DEFAULT COLLATION of the view whose query is being analyzed (Spark's ResolveDefaultStringTypes):
   * string literals and casts to a plain STRING take it; undefined means UTF8_BINARY.
   */
  readonly defaultCollation?: string;
}

export function analyzerContext(
  relations: RelationResolver,
  semantics: SessionSemantics,
  conf: ReadonlyMap<string, string> = new Map(),
): AnalyzerContext {
  return { relations, semantics, ids: new AttributeIds(), conf };
}

/** CTE definitions visible at a point of the query: name -> analyzed plan (lower-case names). */
export type CteScope = ReadonlyMap<string, { readonly plan: LogicalPlan }>;
