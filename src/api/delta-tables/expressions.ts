/**
 * What the DeltaTable API accepts for conditions and values, as delta-spark does: a SQL expression string
 * (parsed as Spark's `expr()` would) or a Column; assignments as `{ column: expression }` maps. Anything else
 * is refused with PySpark's error class, never coerced: a condition written `col('a') > 1` in plain
 * JavaScript arrives as a boolean, and an options object such as `{ condition, set }` is not a column map.
 */

import { LakesqlError } from '../../errors/index.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { parseColumnName } from '../../sql/ast/frame.js';
import type { Assignment } from '../../sql/ast/statements-dml.js';
import { parseExpression } from '../../sql/index.js';
import { isPlainObject, jsTypeName } from '../arguments.js';
import { Column } from '../column.js';

export type ExpressionLike = string | Column;

/** `{ target column: new value }`, the `set` of an update and the `values` of an insert. */
export type AssignmentMap = Readonly<Record<string, ExpressionLike>>;

export function toExpression(e: unknown, argName: string): Expression {
  if (e instanceof Column) return e.expr;
  if (typeof e === 'string') return parseExpression(e);
  throw new LakesqlError('NOT_COLUMN_OR_STR', { arg_name: argName, arg_type: jsTypeName(e) });
}

/** An optional condition: null or undefined means none (PySpark's `condition=None`). */
export function toCondition(e: unknown, argName = 'condition'): Expression | null {
  return e === undefined || e === null ? null : toExpression(e, argName);
}

/**
 * A `set` / `values` map. `signature` names the positional call (`whenMatchedUpdate(condition, set)`) for
 * the refusal of an options object, the shape a caller used to Python keywords might try.
 */
export function toAssignments(map: unknown, argName: string, signature: string): Assignment[] {
  if (!isPlainObject(map)) {
    throw new LakesqlError('NOT_DICT', { arg_name: argName, arg_type: jsTypeName(map) });
  }
  const entries = Object.entries(map);
  if (entries.some(([, v]) => isPlainObject(v))) {
    throw new LakesqlError('UNSUPPORTED_SIGNATURE', {
      signature: `an options object for \`${argName}\` (${entries.map(([k]) => k).join(', ')}): pass the arguments positionally, ${signature}`,
    });
  }
  if (entries.length === 0) {
    throw new LakesqlError('UNSUPPORTED_SIGNATURE', {
      signature: `an empty \`${argName}\`: ${signature} needs at least one column`,
    });
  }
  return entries.map(([column, value]) => ({
    column: parseColumnName(column),
    value: toExpression(value, `${argName}['${column}']`),
  }));
}
