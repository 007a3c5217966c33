/**
 * pyspark.sql.functions as Column builders. Arguments typed `ColumnOrName` take a Column or a column name
 * (PySpark's convention); `lit()` makes literals. Every function is a call node of the SQL AST, so any Spark
 * function the SQL layer supports is reachable through `callFunction(name, ...cols)` even without a wrapper.
 */

import { NO_SPAN } from '../sql/ast/common.js';
import type { Expression } from '../sql/ast/expressions.js';
import { parseExpression } from '../sql/index.js';
import { Column, type ColumnOrLiteral, type LiteralValue, toExpr } from './column.js';
import { columnArg } from './dataframe/arguments.js';
import { call, columnRef, star, stringLiteral } from './dataframe/ast.js';
import { parseColumnName } from './dataframe/frame.js';
import { jsLiteral } from './dataframe/js-literal.js';

export type ColumnOrName = Column | string;

function c(x: ColumnOrName): Expression {
  return x instanceof Column ? x.expr : columnRef(parseColumnName(x));
}

function fn(name: string, ...args: Expression[]): Column {
  return new Column(call(name, args));
}

/** A column by name (`'a'`, `'t.a'`, `` '`a.b`' ``); `'*'` is every column. */
export function col(name: string): Column {
  if (name === '*') return new Column(star());
  if (name.endsWith('.*')) return new Column(star(parseColumnName(name.slice(0, -2))));
  return new Column(columnRef(parseColumnName(name)));
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
  return fn(name, ...cols.map(c));
}

// Conditional.
export function when(condition: Column, value: ColumnOrLiteral): Column {
  return new Column({
    kind: 'case',
    operand: null,
    whens: [{ condition: columnArg(condition, 'condition').expr, result: toExpr(value) }],
    else: null,
    span: NO_SPAN,
  });
}
export const coalesce = (...cols: ColumnOrName[]): Column => fn('coalesce', ...cols.map(c));
export const isnull = (x: ColumnOrName): Column => fn('isnull', c(x));
export const isnan = (x: ColumnOrName): Column => fn('isnan', c(x));
export const nvl = (a: ColumnOrName, b: ColumnOrName): Column => fn('nvl', c(a), c(b));
export const greatest = (...cols: ColumnOrName[]): Column => fn('greatest', ...cols.map(c));
export const least = (...cols: ColumnOrName[]): Column => fn('least', ...cols.map(c));

// Aggregates. Spark names them `sum(v)`, `count(1)`, `count(DISTINCT v)`.
export const sum = (x: ColumnOrName): Column => fn('sum', c(x));
export const avg = (x: ColumnOrName): Column => fn('avg', c(x));
export const mean = (x: ColumnOrName): Column => fn('mean', c(x));
export const min = (x: ColumnOrName): Column => fn('min', c(x));
export const max = (x: ColumnOrName): Column => fn('max', c(x));
/** count('*') is Spark's count(1). */
export function count(x: ColumnOrName): Column {
  return x === '*' ? fn('count', star()) : fn('count', c(x));
}
export function countDistinct(...cols: ColumnOrName[]): Column {
  return new Column(call('count', cols.map(c), true));
}
export const count_distinct = countDistinct;
export function sumDistinct(x: ColumnOrName): Column {
  return new Column(call('sum', [c(x)], true));
}
export const approxCountDistinct = (x: ColumnOrName): Column => fn('approx_count_distinct', c(x));
export const first = (x: ColumnOrName, ignoreNulls = false): Column =>
  ignoreNulls ? fn('first', c(x), jsLiteral(true)) : fn('first', c(x));
export const last = (x: ColumnOrName, ignoreNulls = false): Column =>
  ignoreNulls ? fn('last', c(x), jsLiteral(true)) : fn('last', c(x));
export const collectList = (x: ColumnOrName): Column => fn('collect_list', c(x));
export const collectSet = (x: ColumnOrName): Column => fn('collect_set', c(x));
export const stddev = (x: ColumnOrName): Column => fn('stddev', c(x));
export const variance = (x: ColumnOrName): Column => fn('variance', c(x));
export const anyValue = (x: ColumnOrName): Column => fn('any_value', c(x));

// Window functions.
export const rowNumber = (): Column => fn('row_number');
export const rank = (): Column => fn('rank');
export const denseRank = (): Column => fn('dense_rank');
export const percentRank = (): Column => fn('percent_rank');
export const ntile = (n: number): Column => fn('ntile', jsLiteral(n));
export const lag = (x: ColumnOrName, offset = 1, defaultValue: LiteralValue = null): Column =>
  fn('lag', c(x), jsLiteral(offset), jsLiteral(defaultValue));
export const lead = (x: ColumnOrName, offset = 1, defaultValue: LiteralValue = null): Column =>
  fn('lead', c(x), jsLiteral(offset), jsLiteral(defaultValue));
export const row_number = rowNumber;
export const dense_rank = denseRank;

// Strings.
export const upper = (x: ColumnOrName): Column => fn('upper', c(x));
export const lower = (x: ColumnOrName): Column => fn('lower', c(x));
export const length = (x: ColumnOrName): Column => fn('length', c(x));
export const trim = (x: ColumnOrName): Column => fn('trim', c(x));
export const ltrim = (x: ColumnOrName): Column => fn('ltrim', c(x));
export const rtrim = (x: ColumnOrName): Column => fn('rtrim', c(x));
export const concat = (...cols: ColumnOrName[]): Column => fn('concat', ...cols.map(c));
export const concatWs = (sep: string, ...cols: ColumnOrName[]): Column =>
  fn('concat_ws', stringLiteral(sep), ...cols.map(c));
export const concat_ws = concatWs;
export const substring = (x: ColumnOrName, pos: number, len: number): Column =>
  fn('substring', c(x), jsLiteral(pos), jsLiteral(len));
export const regexpReplace = (x: ColumnOrName, pattern: string, replacement: string): Column =>
  fn('regexp_replace', c(x), stringLiteral(pattern), stringLiteral(replacement));
export const regexpExtract = (x: ColumnOrName, pattern: string, idx: number): Column =>
  fn('regexp_extract', c(x), stringLiteral(pattern), jsLiteral(idx));
export const split = (x: ColumnOrName, pattern: string): Column => fn('split', c(x), stringLiteral(pattern));
export const initcap = (x: ColumnOrName): Column => fn('initcap', c(x));
export const lpad = (x: ColumnOrName, len: number, pad: string): Column =>
  fn('lpad', c(x), jsLiteral(len), stringLiteral(pad));
export const rpad = (x: ColumnOrName, len: number, pad: string): Column =>
  fn('rpad', c(x), jsLiteral(len), stringLiteral(pad));
export const format_string = (format: string, ...cols: ColumnOrName[]): Column =>
  fn('format_string', stringLiteral(format), ...cols.map(c));

// Math.
export const abs = (x: ColumnOrName): Column => fn('abs', c(x));
export const round = (x: ColumnOrName, scale = 0): Column => fn('round', c(x), jsLiteral(scale));
export const floor = (x: ColumnOrName): Column => fn('floor', c(x));
export const ceil = (x: ColumnOrName): Column => fn('ceil', c(x));
export const sqrt = (x: ColumnOrName): Column => fn('sqrt', c(x));
export const pow = (x: ColumnOrName, y: ColumnOrName | number): Column =>
  fn('pow', c(x), typeof y === 'number' ? jsLiteral(y) : c(y));
export const exp = (x: ColumnOrName): Column => fn('exp', c(x));
export const log = (x: ColumnOrName): Column => fn('ln', c(x));
export const rand = (seed?: number): Column =>
  seed === undefined ? fn('rand') : fn('rand', jsLiteral(seed));

// Dates and times (Spark datetime patterns, session time zone).
export const currentDate = (): Column => fn('current_date');
export const currentTimestamp = (): Column => fn('current_timestamp');
export const current_date = currentDate;
export const current_timestamp = currentTimestamp;
export const dateFormat = (x: ColumnOrName, format: string): Column =>
  fn('date_format', c(x), stringLiteral(format));
export const date_format = dateFormat;
export const toDate = (x: ColumnOrName, format?: string): Column =>
  format === undefined ? fn('to_date', c(x)) : fn('to_date', c(x), stringLiteral(format));
export const to_date = toDate;
export const toTimestamp = (x: ColumnOrName, format?: string): Column =>
  format === undefined ? fn('to_timestamp', c(x)) : fn('to_timestamp', c(x), stringLiteral(format));
export const to_timestamp = toTimestamp;
export const dateAdd = (x: ColumnOrName, days: number): Column => fn('date_add', c(x), jsLiteral(days));
export const dateSub = (x: ColumnOrName, days: number): Column => fn('date_sub', c(x), jsLiteral(days));
export const datediff = (end: ColumnOrName, start: ColumnOrName): Column => fn('datediff', c(end), c(start));
export const year = (x: ColumnOrName): Column => fn('year', c(x));
export const month = (x: ColumnOrName): Column => fn('month', c(x));
export const dayofmonth = (x: ColumnOrName): Column => fn('dayofmonth', c(x));
export const hour = (x: ColumnOrName): Column => fn('hour', c(x));

// Collections and structs.
export const array = (...cols: ColumnOrName[]): Column => fn('array', ...cols.map(c));
export const struct = (...cols: ColumnOrName[]): Column => fn('struct', ...cols.map(c));
export const explode = (x: ColumnOrName): Column => fn('explode', c(x));
export const explodeOuter = (x: ColumnOrName): Column => fn('explode_outer', c(x));
export const posexplode = (x: ColumnOrName): Column => fn('posexplode', c(x));
export const size = (x: ColumnOrName): Column => fn('size', c(x));
export const arrayContains = (x: ColumnOrName, value: LiteralValue): Column =>
  fn('array_contains', c(x), jsLiteral(value));
export const array_contains = arrayContains;
export const elementAt = (x: ColumnOrName, key: LiteralValue): Column =>
  fn('element_at', c(x), jsLiteral(key));
export const sortArray = (x: ColumnOrName, asc = true): Column => fn('sort_array', c(x), jsLiteral(asc));
export const createMap = (...cols: ColumnOrName[]): Column => fn('map', ...cols.map(c));
export const create_map = createMap;

// Hashes and JSON.
export const md5 = (x: ColumnOrName): Column => fn('md5', c(x));
export const sha2 = (x: ColumnOrName, numBits: number): Column => fn('sha2', c(x), jsLiteral(numBits));
export const hash = (...cols: ColumnOrName[]): Column => fn('hash', ...cols.map(c));
export const toJson = (x: ColumnOrName): Column => fn('to_json', c(x));
export const to_json = toJson;

/** `asc('a')` / `desc('a')`: sort orders by name. */
export const asc = (name: string): Column => col(name).asc();
export const desc = (name: string): Column => col(name).desc();
