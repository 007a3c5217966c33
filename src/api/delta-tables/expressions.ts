/**
 * What the DeltaTable API accepts for conditions and values, as delta-spark does: a SQL expression string
 * (parsed as Spark's `expr()` would) or a Column; assignments as `{ column: expression }` maps.
 */
import type { Expression } from '../../sql/ast/expressions.js';
import type { Assignment } from '../../sql/ast/statements-dml.js';
import { parseExpression } from '../../sql/index.js';
import { Column } from '../column.js';
import { parseColumnName } from '../dataframe/frame.js';

export type ExpressionLike = string | Column;

/** `{ target column: new value }`, the `set` of an update and the `values` of an insert. */
export type AssignmentMap = Readonly<Record<string, ExpressionLike>>;

export function toExpression(e: ExpressionLike): Expression {
  return e instanceof Column ? e.expr : parseExpression(e);
}

export function toCondition(e: ExpressionLike | null | undefined): Expression | null {
  return e === undefined || e === null ? null : toExpression(e);
}

export function toAssignments(map: AssignmentMap): Assignment[] {
  return Object.entries(map).map(([column, value]) => ({
    column: parseColumnName(column),
    value: toExpression(value),
  }));
}
