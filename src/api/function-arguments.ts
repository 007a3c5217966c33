/**
 * How the generated `functions` wrappers (functions-generated.ts) turn their JS arguments into SQL AST
 * arguments, after PySpark's conventions for each parameter:
 * - a column parameter (ColumnOrName): a Column, or a string naming a column;
 * - a column-or-value parameter (PySpark's `Union[ColumnOrName, int]`, e.g. date_add's days): a Column, a
 *   string naming a column, or any other JS value as a literal;
 * - a literal parameter (PySpark's `str` pattern, format, separator …, or `Any` value): a Column, or any
 *   JS value, strings included, as a literal;
 * - a function parameter (higher-order functions): a JS function of Columns returning a Column, which
 *   becomes a SQL lambda (`x -> …`);
 * - an options parameter (PySpark's `options: Dict[str, str]` of to_json, from_json …): an object of
 *   option names to values, which becomes `map('name', 'value', …)` as Spark SQL writes options.
 */

import { LakesqlError } from '../errors/index.js';
import { NO_SPAN } from '../sql/ast/common.js';
import type { Expression } from '../sql/ast/expressions.js';
import { parseColumnName } from '../sql/ast/frame.js';
import { call, columnRef, trimFunctionSide } from '../sql/ast/node-builders.js';
import { jsTypeName } from './arguments.js';
import { Column } from './column.js';
import { columnArg, columnOrNameExpr } from './dataframe/arguments.js';
import { jsLiteral, type LiteralValue } from './dataframe/js-literal.js';

export type ColumnOrName = Column | string;
/** A Column, a column name, or a literal value (a string is a column name). */
export type ColumnOrValue = Column | LiteralValue;
/** A Column or a literal value (a string is a string literal). */
export type ColumnOrLiteral = Column | LiteralValue;
export type LambdaFunction = (...args: Column[]) => Column;

export function columnParam(x: unknown, name: string): Expression {
  return columnOrNameExpr(x, name);
}

export function valueParam(x: unknown): Expression {
  if (x instanceof Column) return x.expr;
  if (typeof x === 'string') return columnRef(parseColumnName(x));
  return jsLiteral(x as LiteralValue);
}

export function literalParam(x: unknown): Expression {
  return x instanceof Column ? x.expr : jsLiteral(x as LiteralValue);
}

export type FunctionOptions = Readonly<Record<string, string | number | boolean>>;

export function optionsParam(options: unknown, name: string): Expression {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new LakesqlError('NOT_DICT', { arg_name: name, arg_type: jsTypeName(options) });
  }
  const args = Object.entries(options).flatMap(([k, v]) => [jsLiteral(k), jsLiteral(String(v))]);
  return call('map', args);
}

let lambdaCounter = 0;

/** A JS function of 1 to 3 Columns as a SQL lambda, its parameters named freshly (`x_1`, `y_2`, …). */
export function lambdaParam(f: unknown, name: string): Expression {
  if (typeof f !== 'function') {
    throw new LakesqlError('NOT_CALLABLE', { arg_name: name, arg_type: jsTypeName(f) });
  }
  if (f.length < 1 || f.length > 3) {
    throw new LakesqlError('WRONG_NUM_ARGS_FOR_HIGHER_ORDER_FUNCTION', {
      func_name: f.name || '<lambda>',
      num_args: f.length,
    });
  }
  lambdaCounter += 1;
  const params = ['x', 'y', 'z'].slice(0, f.length).map((p) => `${p}_${lambdaCounter}`);
  const body = columnArg((f as LambdaFunction)(...params.map((p) => new Column(columnRef([p])))), name).expr;
  return { kind: 'lambda', params, body, span: NO_SPAN };
}

/** The call `name(args…)`, leaving out the trailing optional arguments that were not given. */
export function functionCall(name: string, args: readonly (Expression | undefined)[]): Column {
  let n = args.length;
  while (n > 0 && args[n - 1] === undefined) n -= 1;
  const given = args.slice(0, n);
  const gap = given.indexOf(undefined);
  if (gap >= 0) {
    throw new LakesqlError('ARGUMENT_REQUIRED', {
      arg_name: `${name}'s argument ${gap + 1}`,
      condition: 'a later argument is given',
    });
  }
  // PySpark's trim(col, trim) is Scala's StringTrim(col, trim): the SQL form TRIM(BOTH trim FROM col), since
  // the function form trim(a, b) takes the characters first.
  const side = trimFunctionSide(name);
  if (side !== undefined && given.length === 2) {
    const [source, trimChars] = given as Expression[];
    return new Column({ kind: 'trim', side, trimChars: trimChars!, source: source!, span: NO_SPAN });
  }
  return new Column(call(name, given as Expression[]));
}
