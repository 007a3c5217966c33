/**
 * pyspark.sql.functions as Column builders. Every function of lakesql's function registry is a generated
 * wrapper (functions-generated.ts, from the same list as docs/FUNCTIONS.md), named and called as in PySpark:
 * a parameter takes a Column or a column name, except where PySpark takes a literal (a pattern, a format,
 * a value to look for), which takes a JS value. This file adds what is not a plain function call: col(),
 * lit(), expr(), when(), count('*'), the DISTINCT aggregates, sort orders, and the camelCase names of
 * PySpark's older API (countDistinct, rowNumber, …). Any Spark function is also reachable through
 * `callFunction(name, ...cols)`.
 */

import { NO_SPAN } from '../sql/ast/common.js';
import { parseColumnName } from '../sql/ast/frame.js';
import { call, star } from '../sql/ast/node-builders.js';
import { parseExpression } from '../sql/index.js';
import { Column, type ColumnOrLiteral, type LiteralValue, toExpr } from './column.js';
import { columnArg } from './dataframe/arguments.js';
import { jsLiteral } from './dataframe/js-literal.js';
import { type ColumnOrName, columnParam } from './function-arguments.js';
import * as generated from './functions-generated.js';

export type { ColumnOrLiteral, ColumnOrName, ColumnOrValue, LambdaFunction } from './function-arguments.js';
export * from './functions-generated.js';

/** A column by name (`'a'`, `'t.a'`, `` '`a.b`' ``); `'*'` is every column. */
export function col(name: string): Column {
  if (name === '*') return new Column(star());
  if (name.endsWith('.*')) return new Column(star(parseColumnName(name.slice(0, -2))));
  return new Column({ kind: 'column', nameParts: parseColumnName(name), span: NO_SPAN });
}
export const column = col;

export function lit(value: LiteralValue | Column): Column {
  return value instanceof Column ? value : new Column(jsLiteral(value));
}

/** A SQL expression string, parsed as Spark parses `expr()` (pyspark.sql.functions.expr). */
export function expr(sql: string): Column {
  return new Column(parseExpression(sql));
}

/** Any Spark function by name (pyspark.sql.functions.call_function). */
export function callFunction(name: string, ...cols: ColumnOrName[]): Column {
  return new Column(
    call(
      name,
      cols.map((x) => columnParam(x, 'cols')),
    ),
  );
}
export const call_function = callFunction;

/** `CASE WHEN condition THEN value`; chain `.when()` and `.otherwise()` on the result. */
export function when(condition: Column, value: ColumnOrLiteral): Column {
  return new Column({
    kind: 'case',
    operand: null,
    whens: [{ condition: columnArg(condition, 'condition').expr, result: toExpr(value) }],
    else: null,
    span: NO_SPAN,
  });
}

/** count('*') is Spark's count(1); count(col) counts its non-NULL values. */
export function count(x: ColumnOrName): Column {
  return new Column(call('count', [x === '*' ? star() : columnParam(x, 'col')]));
}

export function count_distinct(...cols: ColumnOrName[]): Column {
  return new Column(
    call(
      'count',
      cols.map((x) => columnParam(x, 'cols')),
      true,
    ),
  );
}
export const countDistinct = count_distinct;

export function sum_distinct(x: ColumnOrName): Column {
  return new Column(call('sum', [columnParam(x, 'col')], true));
}
export const sumDistinct = sum_distinct;

/** `asc('a')` / `desc('a')`: sort orders by name. */
export const asc = (name: string): Column => col(name).asc();
export const desc = (name: string): Column => col(name).desc();

/** PySpark's create_map, Spark's map(k1, v1, …). */
export const create_map = generated.map;
export const createMap = generated.map;

// camelCase names from PySpark's older API and lakesql's first releases.
export const approxCountDistinct = generated.approx_count_distinct;
export const collectList = generated.collect_list;
export const collectSet = generated.collect_set;
export const anyValue = generated.any_value;
export const rowNumber = generated.row_number;
export const denseRank = generated.dense_rank;
export const percentRank = generated.percent_rank;
export const concatWs = generated.concat_ws;
export const regexpReplace = generated.regexp_replace;
export const regexpExtract = generated.regexp_extract;
export const currentDate = generated.current_date;
export const currentTimestamp = generated.current_timestamp;
export const dateFormat = generated.date_format;
export const toDate = generated.to_date;
export const toTimestamp = generated.to_timestamp;
export const dateAdd = generated.date_add;
export const dateSub = generated.date_sub;
export const explodeOuter = generated.explode_outer;
export const arrayContains = generated.array_contains;
export const elementAt = generated.element_at;
export const sortArray = generated.sort_array;
export const toJson = generated.to_json;
