/**
 * DataFrameNaFunctions (`df.na`), and DataFrame's fillna / dropna / replace, as Spark's
 * DataFrameNaFunctions defines them:
 * - fill(value, subset): a number fills the numeric columns, a string the string columns, a boolean the
 *   boolean columns (others are kept); NULL, and NaN in float/double columns, becomes the value cast to the
 *   column's type. A `{column: value}` object fills each named column with its value, cast to its type.
 * - drop(how, thresh, subset): keeps the rows with at least `thresh` values that are neither NULL nor NaN
 *   among the subset (how 'any' means all of them, 'all' at least one), Spark's AtLeastNNonNulls.
 * - replace(toReplace, value, subset): `CASE col WHEN old THEN CAST(new AS type) … ELSE col END` on the
 *   columns whose type matches the replaced values (numbers: numeric columns, compared as doubles;
 *   strings: string columns; booleans: boolean columns).
 */
import { LakesqlError } from '../../errors/index.js';
import { NO_SPAN } from '../../sql/ast/common.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { aliased, call, cast, columnRef, literal } from '../../sql/ast/node-builders.js';
import { type DataType, DoubleType } from '../../types/data-types.js';
import { jsTypeName } from '../arguments.js';
import type { DataFrame } from './dataframe.js';
import {
  deriveFrame,
  filterColumns,
  type InputColumn,
  isFloatingType,
  isNumericType,
  isStringType,
  projectColumns,
  resolveColumns,
} from './derive.js';
import { doubleLiteral, jsLiteral } from './js-literal.js';

export type NaValue = number | bigint | string | boolean;
export type ReplaceValue = NaValue | null;

/** dropna's keyword arguments, for `dropna({ thresh: 2 })` as PySpark's `dropna(thresh=2)`. */
export interface DropOptions {
  readonly how?: 'any' | 'all';
  readonly thresh?: number;
  readonly subset?: string | readonly string[];
}

export class DataFrameNaFunctions {
  constructor(private readonly df: DataFrame) {}

  /** Fills NULL (and NaN) values: `fill(0)`, `fill('n/a', ['name'])`, `fill({ v: 0, name: 'n/a' })`. */
  fill(value: NaValue | Readonly<Record<string, NaValue>>, subset?: string | readonly string[]): DataFrame {
    if (isPlainObject(value)) {
      const entries = Object.entries(value);
      for (const [, v] of entries) checkFillValue(v, 'value');
      return projectColumns(this.df, (columns) => {
        const targets = resolveColumns(
          columns,
          entries.map(([k]) => k),
        );
        return columns.map((c) => {
          const i = targets.indexOf(c);
          return i < 0 ? columnRef([c.name]) : fillColumn(c, entries[i]![1]);
        });
      });
    }
    checkFillValue(value, 'value');
    const names = subsetOf(subset);
    return projectColumns(this.df, (columns) => {
      const chosen = names === null ? columns : resolveColumns(columns, names);
      return columns.map((c) =>
        chosen.includes(c) && fillMatches(value, c.type) ? fillColumn(c, value) : columnRef([c.name]),
      );
    });
  }

  /**
   * Drops rows with NULL or NaN values: `drop()`, `drop('all')`, `drop('any', 2)`, `drop('any', undefined,
   * ['v'])`, or with PySpark's keywords as an object: `drop({ thresh: 2, subset: ['v'] })`.
   */
  drop(
    how: 'any' | 'all' | DropOptions = 'any',
    thresh?: number,
    subset?: string | readonly string[],
  ): DataFrame {
    if (isPlainObject(how)) {
      const options = how as DropOptions;
      return this.drop(options.how ?? 'any', options.thresh, options.subset);
    }
    if (how !== 'any' && how !== 'all') {
      throw new LakesqlError('VALUE_NOT_ANY_OR_ALL', { arg_name: 'how', arg_value: String(how) });
    }
    const names = subsetOf(subset);
    return filterColumns(this.df, (columns) => {
      const chosen = names === null ? columns : resolveColumns(columns, names);
      const minNonNulls = thresh ?? (how === 'any' ? chosen.length : 1);
      const present = chosen.map((c) => presentFlag(c));
      const sum = present.reduce<Expression | null>(
        (acc, e) => (acc === null ? e : binary('+', acc, e)),
        null,
      );
      return binary('>=', sum ?? jsLiteral(0), jsLiteral(minNonNulls));
    });
  }

  /**
   * Replaces values: `replace(1, 2)`, `replace(['a', 'b'], ['x', 'y'])`, `replace(['a', 'b'], 'z')`,
   * `replace({ a: 'x' })` (object keys are strings; use arrays for numbers), with `value` null for NULL.
   */
  replace(
    toReplace: ReplaceValue | readonly ReplaceValue[] | Readonly<Record<string, ReplaceValue>>,
    value?: ReplaceValue | readonly ReplaceValue[],
    subset?: string | readonly string[],
  ): DataFrame {
    const pairs = replacementPairs(toReplace, value);
    const names = subsetOf(subset);
    // Spark's replace returns the input as it is when there is nothing to replace.
    if (pairs.length === 0) return deriveFrame(this.df, (f) => f);
    return projectColumns(this.df, (columns) => {
      const chosen = names === null ? columns : resolveColumns(columns, names);
      const kind = valueKind(pairs[0]![0]);
      return columns.map((c) =>
        chosen.includes(c) && replaceMatches(kind, c.type)
          ? replaceColumn(c, kind, pairs)
          : columnRef([c.name]),
      );
    });
  }
}

function isPlainObject(v: unknown): v is Readonly<Record<string, NaValue>> {
  return v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;
}

function subsetOf(subset: string | readonly string[] | undefined | null): readonly string[] | null {
  if (subset === undefined || subset === null) return null;
  if (typeof subset === 'string') return [subset];
  if (Array.isArray(subset) && subset.every((s) => typeof s === 'string')) return subset;
  throw new LakesqlError('NOT_LIST_OF_STR', { arg_name: 'subset', arg_type: jsTypeName(subset) });
}

function checkFillValue(v: unknown, argName: string): void {
  if (['number', 'bigint', 'string', 'boolean'].includes(typeof v)) return;
  throw new LakesqlError('NOT_BOOL_OR_DICT_OR_FLOAT_OR_INT_OR_STR', {
    arg_name: argName,
    arg_type: jsTypeName(v),
  });
}

function fillMatches(value: NaValue, t: DataType): boolean {
  if (typeof value === 'boolean') return t.kind === 'primitive' && t.name === 'boolean';
  if (typeof value === 'string') return isStringType(t);
  return isNumericType(t);
}

/** Spark's fillCol: `coalesce(nanvl(c, NULL) for float/double, CAST(value AS type)) AS c`. */
function fillColumn(c: InputColumn, value: NaValue): Expression {
  const ref = columnRef([c.name]);
  const current = isFloatingType(c.type) ? call('nanvl', [ref, literal({ type: 'null' })]) : ref;
  return aliased(call('coalesce', [current, cast(jsLiteral(value), c.type)]), c.name);
}

/** 1 when the value counts for AtLeastNNonNulls (not NULL, and not NaN for float/double), else 0. */
function presentFlag(c: InputColumn): Expression {
  const ref = columnRef([c.name]);
  const notNull: Expression = { kind: 'isNull', value: ref, negated: true, span: NO_SPAN };
  const condition = isFloatingType(c.type)
    ? binary('AND', notNull, { kind: 'unary', op: 'NOT', operand: call('isnan', [ref]), span: NO_SPAN })
    : notNull;
  return {
    kind: 'case',
    operand: null,
    whens: [{ condition, result: jsLiteral(1) }],
    else: jsLiteral(0),
    span: NO_SPAN,
  };
}

function binary(op: '+' | '>=' | 'AND', left: Expression, right: Expression): Expression {
  return { kind: 'binary', op, left, right, span: NO_SPAN };
}

type ValueKind = 'numeric' | 'string' | 'boolean' | 'null';

function valueKind(v: ReplaceValue): ValueKind {
  if (v === null) return 'null';
  if (typeof v === 'number' || typeof v === 'bigint') return 'numeric';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'boolean';
  throw new LakesqlError('NOT_BOOL_OR_FLOAT_OR_INT_OR_LIST_OR_NONE_OR_STR_OR_TUPLE', {
    arg_name: 'to_replace',
    arg_type: jsTypeName(v),
  });
}

/** PySpark's normalisation of replace()'s arguments into (old, new) pairs, with its type checks. */
function replacementPairs(
  toReplace: ReplaceValue | readonly ReplaceValue[] | Readonly<Record<string, ReplaceValue>>,
  value: ReplaceValue | readonly ReplaceValue[] | undefined,
): [ReplaceValue, ReplaceValue][] {
  let pairs: [ReplaceValue, ReplaceValue][];
  if (isPlainObject(toReplace)) pairs = Object.entries(toReplace);
  else {
    if (value === undefined) {
      throw new LakesqlError('ARGUMENT_REQUIRED', {
        arg_name: 'value',
        condition: '`to_replace` is not a dict',
      });
    }
    const olds = Array.isArray(toReplace)
      ? (toReplace as readonly ReplaceValue[])
      : [toReplace as ReplaceValue];
    const news = Array.isArray(value)
      ? (value as readonly ReplaceValue[])
      : olds.map(() => value as ReplaceValue);
    if (olds.length !== news.length) {
      throw new LakesqlError('LENGTH_SHOULD_BE_THE_SAME', {
        arg1: 'to_replace',
        arg2: 'value',
        arg1_length: olds.length,
        arg2_length: news.length,
      });
    }
    pairs = olds.map((o, i) => [o, news[i]!]);
  }
  if (pairs.length === 0) return pairs;
  const keyKinds = new Set(pairs.map(([k]) => valueKind(k)));
  const valueKinds = new Set(pairs.map(([, v]) => valueKind(v)).filter((k) => k !== 'null'));
  const [keyKind] = keyKinds;
  if (keyKinds.size !== 1 || keyKind === 'null' || [...valueKinds].some((k) => k !== keyKind)) {
    throw new LakesqlError('MIXED_TYPE_REPLACEMENT');
  }
  return pairs;
}

function replaceMatches(kind: ValueKind, t: DataType): boolean {
  if (kind === 'numeric') return isNumericType(t);
  if (kind === 'string') return isStringType(t);
  return t.kind === 'primitive' && t.name === 'boolean';
}

/** Spark's replaceCol: CaseKeyWhen(col, old1, CAST(new1 AS type), …, col); numbers compare as doubles. */
function replaceColumn(
  c: InputColumn,
  kind: ValueKind,
  pairs: readonly [ReplaceValue, ReplaceValue][],
): Expression {
  const ref = columnRef([c.name]);
  const key = (v: ReplaceValue) => (kind === 'numeric' ? doubleLiteral(Number(v)) : jsLiteral(v));
  const target = (v: ReplaceValue) =>
    cast(kind === 'numeric' && v !== null ? cast(jsLiteral(v), DoubleType) : jsLiteral(v), c.type);
  return aliased(
    {
      kind: 'case',
      operand: ref,
      whens: pairs.map(([o, n]) => ({ condition: key(o), result: target(n) })),
      else: ref,
      span: NO_SPAN,
    },
    c.name,
  );
}
