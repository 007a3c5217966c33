/** The environment of query analysis: the analyzer context, the CTEs in scope, and the enclosing query's scope. */
import type { CommonTableExpression } from '../../sql/ast/query.js';
import type { AnalyzerContext } from './analyzer-context.js';
import type { Scope } from './scope.js';

export interface CteDefinition {
  readonly cte: CommonTableExpression;
  /** The CTEs visible where this one was defined (a CTE sees the ones before it). */
  readonly env: QueryEnv;
}

export interface QueryEnv {
  readonly ctx: AnalyzerContext;
  readonly ctes: ReadonlyMap<string, CteDefinition>;
  /** The scope of the enclosing query, for correlated subqueries. */
  readonly outer: Scope | undefined;
  /**
   * The query names `_metadata` somewhere: its file relations add the hidden `_metadata` column (only then,
   * so a query that does not ask for it reads nothing more).
   */
  readonly metadataColumn?: boolean;
}
