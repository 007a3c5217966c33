/**
 * Argument checks of the DataFrame API. TypeScript types say what each method takes, but plain JavaScript
 * callers pass anything: `df.filter(col('id') > 1)` would hand filter a boolean. PySpark checks its
 * arguments at run time and raises NOT_COLUMN_OR_STR / NOT_COLUMN; so do these.
 */
import { LakesqlError } from '../../errors/index.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { parseColumnName } from '../../sql/ast/frame.js';
import { columnRef } from '../../sql/ast/node-builders.js';
import { parseExpression } from '../../sql/index.js';
import { jsTypeName } from '../arguments.js';
import { Column } from '../column.js';

/** A boolean condition given as a Column or as SQL text (`'id > 1'`), as filter/where/join take it. */
export function conditionExpr(value: unknown, argName: string): Expression {
  if (value instanceof Column) return value.expr;
  if (typeof value === 'string') return parseExpression(value);
  throw new LakesqlError('NOT_COLUMN_OR_STR', { arg_name: argName, arg_type: jsTypeName(value) });
}

/** A Column argument that must be a Column (when()'s condition, withColumn's value). */
export function columnArg(value: unknown, argName: string): Column {
  if (value instanceof Column) return value;
  throw new LakesqlError('NOT_COLUMN', { arg_name: argName, arg_type: jsTypeName(value) });
}

/** A Column or a column name (`'a'`, `'t.a'`, `` '`a.b`' ``), PySpark's ColumnOrName. */
export function columnOrNameExpr(value: unknown, argName: string): Expression {
  if (value instanceof Column) return value.expr;
  if (typeof value === 'string') return columnRef(parseColumnName(value));
  throw new LakesqlError('NOT_COLUMN_OR_STR', { arg_name: argName, arg_type: jsTypeName(value) });
}
