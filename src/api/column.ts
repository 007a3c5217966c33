/**
 * Column: a Spark column expression (pyspark.sql.Column) over the SQL AST. Operators build new AST nodes;
 * nothing is resolved until the DataFrame that uses the column is analyzed, as in Spark, where a Column
 * holds an unresolved Expression.
 *
 * Operator arguments that are not Columns are literals (`col('a').plus(1)`), as in PySpark; functions in
 * ./functions.ts take column names as strings instead (`upper('name')`), PySpark's "ColumnOrName".
 */

import { LakesqlError } from '../errors/index.js';
import { NO_SPAN } from '../sql/ast/common.js';
import type { BinaryOperator, Expression, WindowSpec } from '../sql/ast/expressions.js';
import { aliased, call, cast as castNode, literal } from '../sql/ast/node-builders.js';
import type { SortItem } from '../sql/ast/query.js';
import { parseDataType, printExpression } from '../sql/index.js';
import type { DataType } from '../types/data-types.js';
import { columnArg } from './dataframe/arguments.js';
import { jsLiteral, type LiteralValue } from './dataframe/js-literal.js';
import { DataTypeWrapper } from './dataframe/schema.js';

export type { LiteralValue } from './dataframe/js-literal.js';

interface SortSpec {
  readonly direction: 'ASC' | 'DESC';
  readonly nulls: 'FIRST' | 'LAST' | null;
}

/** A Column or a JS value taken as a literal. */
export type ColumnOrLiteral = Column | LiteralValue;

export class Column {
  /** The expression; `sort` is set by asc()/desc() and read by orderBy. */
  constructor(
    readonly expr: Expression,
    readonly sort: SortSpec | null = null,
  ) {}

  // Arithmetic (Spark's +, -, *, /, %).
  plus(other: ColumnOrLiteral): Column {
    return this.binary('+', other);
  }
  minus(other: ColumnOrLiteral): Column {
    return this.binary('-', other);
  }
  multiply(other: ColumnOrLiteral): Column {
    return this.binary('*', other);
  }
  divide(other: ColumnOrLiteral): Column {
    return this.binary('/', other);
  }
  mod(other: ColumnOrLiteral): Column {
    return this.binary('%', other);
  }
  /** Unary minus. */
  negate(): Column {
    return new Column({ kind: 'unary', op: '-', operand: this.expr, span: NO_SPAN });
  }

  // Comparison.
  equalTo(other: ColumnOrLiteral): Column {
    return this.binary('=', other);
  }
  /** `<=>`: equality that treats two NULLs as equal. */
  eqNullSafe(other: ColumnOrLiteral): Column {
    return this.binary('<=>', other);
  }
  notEqual(other: ColumnOrLiteral): Column {
    return this.binary('<>', other);
  }
  gt(other: ColumnOrLiteral): Column {
    return this.binary('>', other);
  }
  geq(other: ColumnOrLiteral): Column {
    return this.binary('>=', other);
  }
  lt(other: ColumnOrLiteral): Column {
    return this.binary('<', other);
  }
  leq(other: ColumnOrLiteral): Column {
    return this.binary('<=', other);
  }

  // Boolean logic.
  and(other: ColumnOrLiteral): Column {
    return this.binary('AND', other);
  }
  or(other: ColumnOrLiteral): Column {
    return this.binary('OR', other);
  }
  not(): Column {
    return new Column({ kind: 'unary', op: 'NOT', operand: this.expr, span: NO_SPAN });
  }

  // Bitwise.
  bitwiseAND(other: ColumnOrLiteral): Column {
    return this.binary('&', other);
  }
  bitwiseOR(other: ColumnOrLiteral): Column {
    return this.binary('|', other);
  }
  bitwiseXOR(other: ColumnOrLiteral): Column {
    return this.binary('^', other);
  }

  // Predicates.
  isNull(): Column {
    return new Column({ kind: 'isNull', value: this.expr, negated: false, span: NO_SPAN });
  }
  isNotNull(): Column {
    return new Column({ kind: 'isNull', value: this.expr, negated: true, span: NO_SPAN });
  }
  isin(...values: readonly (ColumnOrLiteral | readonly ColumnOrLiteral[])[]): Column {
    // PySpark accepts isin(1, 2) and isin([1, 2]).
    const flat = values.length === 1 && Array.isArray(values[0]) ? (values[0] as ColumnOrLiteral[]) : values;
    const list = (flat as ColumnOrLiteral[]).map(toExpr);
    return new Column({ kind: 'inList', value: this.expr, list, negated: false, span: NO_SPAN });
  }
  like(pattern: string): Column {
    return this.likeOp('LIKE', pattern);
  }
  ilike(pattern: string): Column {
    return this.likeOp('ILIKE', pattern);
  }
  rlike(pattern: string): Column {
    return new Column({
      kind: 'rlike',
      value: this.expr,
      pattern: literal({ type: 'string', value: pattern }),
      negated: false,
      span: NO_SPAN,
    });
  }
  between(low: ColumnOrLiteral, high: ColumnOrLiteral): Column {
    return new Column({
      kind: 'between',
      value: this.expr,
      low: toExpr(low),
      high: toExpr(high),
      negated: false,
      span: NO_SPAN,
    });
  }
  startswith(other: ColumnOrLiteral): Column {
    return new Column(call('startswith', [this.expr, toExpr(other)]));
  }
  endswith(other: ColumnOrLiteral): Column {
    return new Column(call('endswith', [this.expr, toExpr(other)]));
  }
  contains(other: ColumnOrLiteral): Column {
    return new Column(call('contains', [this.expr, toExpr(other)]));
  }
  /** substr(startPos, length): 1-based, as Spark's substring. */
  substr(startPos: ColumnOrLiteral, length: ColumnOrLiteral): Column {
    return new Column(call('substring', [this.expr, toExpr(startPos), toExpr(length)]));
  }

  /** CAST to a type given as a DataType, a schema wrapper type, or a type string (`'int'`, `'decimal(10,2)'`). */
  cast(type: string | DataType | DataTypeWrapper): Column {
    return new Column(castNode(this.expr, resolveType(type)));
  }
  astype(type: string | DataType | DataTypeWrapper): Column {
    return this.cast(type);
  }
  tryCast(type: string | DataType | DataTypeWrapper): Column {
    return new Column(castNode(this.expr, resolveType(type), true));
  }

  alias(name: string): Column {
    return new Column(aliased(this.expr, name));
  }
  as(name: string): Column {
    return this.alias(name);
  }
  name(name: string): Column {
    return this.alias(name);
  }

  // Sort orders (Spark: ASC puts NULLs first, DESC puts them last, unless said otherwise).
  asc(): Column {
    return new Column(this.expr, { direction: 'ASC', nulls: null });
  }
  desc(): Column {
    return new Column(this.expr, { direction: 'DESC', nulls: null });
  }
  ascNullsFirst(): Column {
    return new Column(this.expr, { direction: 'ASC', nulls: 'FIRST' });
  }
  ascNullsLast(): Column {
    return new Column(this.expr, { direction: 'ASC', nulls: 'LAST' });
  }
  descNullsFirst(): Column {
    return new Column(this.expr, { direction: 'DESC', nulls: 'FIRST' });
  }
  descNullsLast(): Column {
    return new Column(this.expr, { direction: 'DESC', nulls: 'LAST' });
  }

  /** A struct field (`s.f`). */
  getField(name: string): Column {
    if (this.expr.kind === 'column')
      return new Column({ ...this.expr, nameParts: [...this.expr.nameParts, name] });
    return new Column({ kind: 'fieldAccess', base: this.expr, field: name, span: NO_SPAN });
  }
  /** An array element by 0-based index or a map value by key (`a[0]`, `m['k']`). */
  getItem(key: ColumnOrLiteral): Column {
    return new Column({ kind: 'subscript', base: this.expr, index: toExpr(key), span: NO_SPAN });
  }

  /** The continuation of `when(...)`: another branch of the same CASE. */
  when(condition: Column, value: ColumnOrLiteral): Column {
    if (this.expr.kind !== 'case' || this.expr.else !== null) {
      throw new TypeError('when() can only be applied on a Column previously generated by when()');
    }
    const cond = columnArg(condition, 'condition').expr;
    const whens = [...this.expr.whens, { condition: cond, result: toExpr(value) }];
    return new Column({ ...this.expr, whens });
  }
  otherwise(value: ColumnOrLiteral): Column {
    if (this.expr.kind !== 'case' || this.expr.else !== null) {
      throw new TypeError('otherwise() can only be applied on a Column previously generated by when()');
    }
    return new Column({ ...this.expr, else: toExpr(value) });
  }

  /** A window function over a window spec (see ./dataframe/window.ts). */
  over(window: { readonly spec: WindowSpec }): Column {
    if (this.expr.kind !== 'function') {
      throw new TypeError('over() needs a window or aggregate function');
    }
    return new Column({ ...this.expr, over: window.spec });
  }

  /** The SortItem orderBy uses: ascending unless asc()/desc() said otherwise. */
  sortItem(): SortItem {
    return { expr: this.expr, direction: this.sort?.direction ?? null, nulls: this.sort?.nulls ?? null };
  }

  /** Like PySpark's repr, with the expression as Spark SQL text: Column<'`a` > 1'>. */
  toString(): string {
    return `Column<'${printExpression(this.expr)}'>`;
  }

  /**
   * A Column is not a JS value: `col('a') > 1` or `col('a') == 1` would compare a coerced number and hand
   * filter() a plain boolean, so coercion to a number (or the 'default' hint of `==` and `+`) throws, as
   * PySpark's Column.__bool__ raises. Coercion to a string (template literals, String(c)) is the repr.
   */
  [Symbol.toPrimitive](hint: 'string' | 'number' | 'default'): string {
    if (hint === 'string') return this.toString();
    throw new LakesqlError('CANNOT_CONVERT_COLUMN_INTO_BOOL');
  }

  private binary(op: BinaryOperator, other: ColumnOrLiteral): Column {
    return new Column({ kind: 'binary', op, left: this.expr, right: toExpr(other), span: NO_SPAN });
  }

  private likeOp(op: 'LIKE' | 'ILIKE', pattern: string): Column {
    return new Column({
      kind: 'like',
      op,
      value: this.expr,
      pattern: literal({ type: 'string', value: pattern }),
      escape: null,
      negated: false,
      span: NO_SPAN,
    });
  }
}

/** A Column's expression, or a JS value as a literal. */
export function toExpr(v: ColumnOrLiteral): Expression {
  return v instanceof Column ? v.expr : jsLiteral(v);
}

export function resolveType(type: string | DataType | DataTypeWrapper): DataType {
  if (typeof type === 'string') return parseDataType(type);
  if (type instanceof DataTypeWrapper) return type.type;
  return type;
}
