/**
 * Data-changing statements (Spark's insertInto / updateTable / deleteFromTable / mergeIntoTable and
 * Databricks' Delta forms: INSERT … REPLACE WHERE / REPLACE USING / REPLACE ON, WITH SCHEMA EVOLUTION).
 */
import type { ObjectName, Span } from './common.js';
import type { Expression } from './expressions.js';
import type { Query, Relation } from './query.js';
import type { PartitionSpecEntry } from './statements-ddl.js';

export interface Assignment {
  readonly column: readonly string[];
  readonly value: Expression;
}

export type InsertReplace =
  | { readonly kind: 'where'; readonly condition: Expression }
  | { readonly kind: 'using'; readonly columns: readonly string[] }
  | { readonly kind: 'on'; readonly condition: Expression };

export interface Insert {
  readonly kind: 'insert';
  readonly overwrite: boolean;
  readonly schemaEvolution: boolean;
  readonly table: ObjectName;
  readonly partition: readonly PartitionSpecEntry[];
  readonly ifNotExists: boolean;
  /** An explicit column list; null when absent. */
  readonly columns: readonly string[] | null;
  readonly byName: boolean;
  readonly replace: InsertReplace | null;
  /** VALUES rows arrive as a query whose body is `values`. */
  readonly query: Query;
  readonly span: Span;
}

export type MergeClause =
  | {
      readonly kind: 'matched';
      readonly condition: Expression | null;
      readonly action:
        | { readonly kind: 'update'; readonly assignments: readonly Assignment[] }
        | { readonly kind: 'updateAll' }
        | { readonly kind: 'delete' };
    }
  | {
      readonly kind: 'notMatched';
      readonly condition: Expression | null;
      readonly action:
        | {
            readonly kind: 'insert';
            readonly columns: readonly (readonly string[])[] | null;
            readonly values: readonly Expression[];
          }
        | { readonly kind: 'insertAll' };
    }
  | {
      readonly kind: 'notMatchedBySource';
      readonly condition: Expression | null;
      readonly action:
        | { readonly kind: 'update'; readonly assignments: readonly Assignment[] }
        | { readonly kind: 'delete' };
    };

export type DmlStatement =
  | Insert
  /** FROM src INSERT … SELECT … INSERT … SELECT …: each insert's query reads `FROM src` itself. */
  | { readonly kind: 'multiInsert'; readonly inserts: readonly Insert[]; readonly span: Span }
  | {
      readonly kind: 'update';
      readonly table: ObjectName;
      readonly alias: string | null;
      readonly assignments: readonly Assignment[];
      readonly where: Expression | null;
      readonly span: Span;
    }
  | {
      readonly kind: 'delete';
      readonly table: ObjectName;
      readonly alias: string | null;
      readonly where: Expression | null;
      readonly span: Span;
    }
  | {
      readonly kind: 'merge';
      readonly schemaEvolution: boolean;
      readonly target: ObjectName;
      readonly targetAlias: string | null;
      readonly source: Relation;
      readonly condition: Expression;
      readonly clauses: readonly MergeClause[];
      readonly span: Span;
    };
