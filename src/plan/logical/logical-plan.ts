/**
 * The analyzed logical plan (Spark's resolved LogicalPlan): relational operators over Attributes.
 * Every node lists its `output`; the compiler names each output column after its attribute id.
 */
import type { Snapshot } from '../../delta/snapshot.js';
import type { Predicate } from '../../types/predicate.js';
import type { Attribute } from './attribute.js';
import type { BoundExpr, SortOrder } from './bound-expression.js';

export type JoinType = 'inner' | 'left' | 'right' | 'full' | 'cross' | 'semi' | 'anti';

/** Where a base relation's rows come from. */
export type RelationSource =
  /** A Delta table read at the snapshot the analyzer loaded (one snapshot per table per statement). */
  | {
      readonly kind: 'delta';
      readonly snapshot: Snapshot;
      readonly tableName: string;
      /** The output ends with the hidden `_metadata` column (types/file-metadata.ts), which the scan adds. */
      readonly metadataColumn?: boolean;
    }
  /** Rows the engine produces from a SQL text of its own (files read through DuckDB readers, range()). */
  | {
      readonly kind: 'engineSql';
      readonly sql: string;
      readonly columns: readonly string[];
      /** Drops scratch tables behind `sql` once the statement is done. */
      readonly release?: () => Promise<void>;
      /** Skips data that cannot satisfy a pushed-down filter, before `sql` runs (FileReadSql.pushFilters). */
      readonly pushFilters?: (predicate: Predicate) => Promise<void>;
    };

export interface NamedExpr {
  readonly expr: BoundExpr;
  readonly attr: Attribute;
}

export type LogicalPlan =
  | { readonly kind: 'relation'; readonly source: RelationSource; readonly output: readonly Attribute[] }
  | {
      readonly kind: 'values';
      readonly rows: readonly (readonly BoundExpr[])[];
      readonly output: readonly Attribute[];
    }
  | { readonly kind: 'oneRow'; readonly output: readonly Attribute[] }
  | {
      readonly kind: 'project';
      readonly child: LogicalPlan;
      readonly list: readonly NamedExpr[];
      readonly output: readonly Attribute[];
    }
  | {
      readonly kind: 'filter';
      readonly child: LogicalPlan;
      readonly condition: BoundExpr;
      readonly output: readonly Attribute[];
    }
  | {
      readonly kind: 'aggregate';
      readonly child: LogicalPlan;
      readonly groupBy: readonly BoundExpr[];
      /** GROUPING SETS / ROLLUP / CUBE as index lists into groupBy; undefined for a plain GROUP BY. */
      readonly groupingSets?: readonly (readonly number[])[];
      readonly aggregates: readonly NamedExpr[];
      readonly output: readonly Attribute[];
    }
  | {
      readonly kind: 'window';
      readonly child: LogicalPlan;
      readonly windows: readonly NamedExpr[];
      readonly output: readonly Attribute[];
    }
  | {
      readonly kind: 'join';
      readonly left: LogicalPlan;
      readonly right: LogicalPlan;
      readonly joinType: JoinType;
      readonly condition?: BoundExpr;
      readonly output: readonly Attribute[];
    }
  | {
      readonly kind: 'sort';
      readonly child: LogicalPlan;
      readonly orders: readonly SortOrder[];
      readonly output: readonly Attribute[];
    }
  | {
      readonly kind: 'limit';
      readonly child: LogicalPlan;
      readonly limit?: BoundExpr;
      readonly offset?: BoundExpr;
      readonly output: readonly Attribute[];
    }
  | { readonly kind: 'distinct'; readonly child: LogicalPlan; readonly output: readonly Attribute[] }
  | {
      /**
       * Spark's Sample without replacement (TABLESAMPLE x PERCENT / BUCKET x OUT OF y): each row is kept
       * with probability `fraction`, drawn from `seed` (REPEATABLE), or from a fresh seed when null.
       */
      readonly kind: 'sample';
      readonly child: LogicalPlan;
      readonly fraction: number;
      readonly seed: bigint | null;
      readonly output: readonly Attribute[];
    }
  | {
      /**
       * A reference to a WITH query, analyzed once per definition (`id`) and shared by its references;
       * `output` names the child's output afresh for this reference, position by position. A query
       * referenced twice or more is computed once (a materialized CTE); one referenced once is inlined.
       */
      readonly kind: 'cteRef';
      readonly id: number;
      readonly child: LogicalPlan;
      readonly output: readonly Attribute[];
    }
  | {
      readonly kind: 'setOperation';
      readonly op: 'union' | 'intersect' | 'except';
      readonly all: boolean;
      readonly left: LogicalPlan;
      readonly right: LogicalPlan;
      readonly output: readonly Attribute[];
    }
  | {
      readonly kind: 'generate';
      readonly child: LogicalPlan;
      /** explode / posexplode / inline / stack …, as a resolved call. */
      readonly generator: BoundExpr;
      readonly outer: boolean;
      /** The generator's output columns (appended to the child's). */
      readonly generatorOutput: readonly Attribute[];
      readonly output: readonly Attribute[];
    };
