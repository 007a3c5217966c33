/**
 * The environment of expression analysis: the columns in scope, what the clause allows (aggregates,
 * window functions), lambda variables, and a callback to analyze subqueries with this scope as their outer one.
 */
import type { Expression, WindowSpec } from '../../sql/ast/expressions.js';
import type { Query } from '../../sql/ast/query.js';
import type { Attribute } from '../logical/attribute.js';
import type { LogicalPlan } from '../logical/logical-plan.js';
import type { AnalyzerContext } from './analyzer-context.js';
import type { Scope } from './scope.js';

export type ClauseKind = 'select' | 'where' | 'groupBy' | 'having' | 'orderBy' | 'join' | 'values' | 'other';

export interface ExpressionEnv {
  readonly ctx: AnalyzerContext;
  readonly scope: Scope;
  readonly clause: ClauseKind;
  readonly allowAggregates: boolean;
  readonly allowWindows: boolean;
  readonly lambdaVariables: ReadonlyMap<string, Attribute>;
  readonly namedWindows: ReadonlyMap<string, WindowSpec>;
  /** Select-list aliases that HAVING / ORDER BY / GROUP BY may name (lower-case name -> expression). */
  readonly aliases?: ReadonlyMap<string, Expression>;
  analyzeSubquery(query: Query, outer: Scope): Promise<LogicalPlan>;
}
