/**
 * What a session keeps for a temp view: the query as written (re-analyzed at each use, so it sees the
 * current data of the tables it reads, as Spark's temp views do), or an analyzed plan for views made from
 * DataFrames, or engine SQL with its schema (a Delta streaming source's micro-batch: the snapshot scan of
 * exactly that batch's files, see streaming/sources/streaming-relation.ts); each use analyzes it afresh like a
 * table read, with new attribute ids.
 */
import type { DataSourceOptions } from '../../formats/data-source-options.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import type { Query } from '../../sql/ast/query.js';
import type { StructType } from '../../types/data-types.js';

export type TempView =
  | {
      readonly kind: 'query';
      readonly query: Query;
      readonly columnNames: readonly string[] | null;
      /** CREATE TEMPORARY VIEW … DEFAULT COLLATION c: the collation of the query's literals and casts. */
      readonly defaultCollation?: string;
    }
  | { readonly kind: 'plan'; readonly plan: LogicalPlan }
  | { readonly kind: 'engineSql'; readonly sql: string; readonly schema: StructType }
  /** CREATE TEMPORARY VIEW … USING csv OPTIONS (path …): files read afresh at each use, schema settled. */
  | {
      readonly kind: 'files';
      readonly format: string;
      readonly paths: readonly string[];
      readonly options: DataSourceOptions;
      readonly schema: StructType;
    };
