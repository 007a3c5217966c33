/**
 * Expression nodes (SqlBaseParser.g4 `expression`, `booleanExpression`, `valueExpression`,
 * `primaryExpression`). Where Spark's AstBuilder rewrites special syntax into an ordinary function
 * (POSITION(a IN b) -> position(a, b), SUBSTRING(x FROM a FOR b) -> substring(x, a, b),
 * OVERLAY(x PLACING y FROM a FOR b) -> overlay(x, y, a, b)), the AST does the same.
 */
import type { DataType } from '../../types/index.js';
import type { Span } from './common.js';
import type { Query, SortItem } from './query.js';

export type Literal =
  | { readonly type: 'null' }
  | { readonly type: 'boolean'; readonly value: boolean }
  /** An integral literal: `1` is int when it fits, bigint otherwise; `1Y` tinyint, `1S` smallint, `1L` bigint. */
  | { readonly type: 'tinyint' | 'smallint' | 'int' | 'bigint'; readonly value: bigint }
  /** `1.5` (decimal(2,1)), `1.5BD`, and integers too large for bigint: the unscaled value. */
  | {
      readonly type: 'decimal';
      readonly unscaled: bigint;
      readonly precision: number;
      readonly scale: number;
    }
  /** `1.5D`, `1e3` (double), `1.5F` (float). `text` keeps the digits as written for naming. */
  | { readonly type: 'double' | 'float'; readonly value: number; readonly text: string }
  | { readonly type: 'string'; readonly value: string }
  /** X'ab': the bytes. */
  | { readonly type: 'binary'; readonly value: Uint8Array }
  /** DATE '…': validated like Spark's stringToDate, kept as written; the analyzer converts. */
  | { readonly type: 'date'; readonly value: string }
  /** TIMESTAMP '…' (session default type), TIMESTAMP_NTZ '…', TIMESTAMP_LTZ '…'. */
  | { readonly type: 'timestamp' | 'timestamp_ntz' | 'timestamp_ltz'; readonly value: string };

export type IntervalUnit =
  | 'YEAR'
  | 'MONTH'
  | 'WEEK'
  | 'DAY'
  | 'HOUR'
  | 'MINUTE'
  | 'SECOND'
  | 'MILLISECOND'
  | 'MICROSECOND';

/**
 * INTERVAL literals, in Spark's three spellings: INTERVAL '1 day 2 hours' (string), INTERVAL 1 DAY 2 HOURS
 * (units; each value a signed number text or a string), INTERVAL '1-2' YEAR TO MONTH (qualified).
 */
export type IntervalLiteral =
  /** `sourceText`: the literal as written, which Spark quotes in its errors (_LEGACY_ERROR_TEMP_0029). */
  | { readonly form: 'string'; readonly value: string; readonly sourceText?: string }
  | {
      readonly form: 'units';
      readonly units: readonly { readonly value: string; readonly unit: IntervalUnit }[];
      readonly sourceText?: string;
    }
  | {
      readonly form: 'qualified';
      readonly value: string;
      readonly from: IntervalUnit;
      readonly to: IntervalUnit;
    };

export type BinaryOperator =
  | 'OR'
  | 'AND'
  | '='
  | '<=>'
  | '<>'
  | '<'
  | '<='
  | '>'
  | '>='
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | 'DIV'
  | '||'
  | '&'
  | '|'
  | '^'
  | '<<'
  | '>>'
  | '>>>';

export type UnaryOperator = 'NOT' | '-' | '+' | '~';

export interface WindowFrameBound {
  readonly type: 'unboundedPreceding' | 'unboundedFollowing' | 'currentRow' | 'preceding' | 'following';
  /** The offset of `n PRECEDING` / `n FOLLOWING`. */
  readonly offset: Expression | null;
}

export interface WindowFrame {
  readonly type: 'rows' | 'range';
  readonly start: WindowFrameBound;
  /** null for the one-bound form (`ROWS UNBOUNDED PRECEDING`). */
  readonly end: WindowFrameBound | null;
}

/** OVER (…): `baseWindow` names a WINDOW-clause entry the spec extends (`OVER (w ORDER BY x)`). */
export interface WindowSpec {
  readonly kind: 'windowSpec';
  readonly baseWindow: string | null;
  readonly partitionBy: readonly Expression[];
  readonly orderBy: readonly SortItem[];
  readonly frame: WindowFrame | null;
  readonly span: Span;
}

/** OVER w: a reference to the WINDOW clause. */
export interface WindowRef {
  readonly kind: 'windowRef';
  readonly name: string;
  readonly span: Span;
}

export type Expression =
  | { readonly kind: 'literal'; readonly value: Literal; readonly span: Span }
  | { readonly kind: 'interval'; readonly value: IntervalLiteral; readonly span: Span }
  /** `a`, `t.a`, `db.t.a`, `s.f.g`: Spark resolves the parts later (UnresolvedAttribute). */
  | { readonly kind: 'column'; readonly nameParts: readonly string[]; readonly span: Span }
  /** `*`, `t.*`, and Databricks' `* EXCEPT (a, b.c)`. */
  | {
      readonly kind: 'star';
      readonly qualifier: readonly string[] | null;
      readonly except: readonly (readonly string[])[] | null;
      /**
       * A backquoted name read as a Java regex over the column names (`` `(a|b)?+.+` ``, Spark's
       * UnresolvedRegex under spark.sql.parser.quotedRegexColumnNames); the qualifier then names one table.
       */
      readonly regex?: string;
      readonly span: Span;
    }
  | { readonly kind: 'unary'; readonly op: UnaryOperator; readonly operand: Expression; readonly span: Span }
  | {
      readonly kind: 'binary';
      readonly op: BinaryOperator;
      readonly left: Expression;
      readonly right: Expression;
      readonly span: Span;
    }
  | {
      readonly kind: 'between';
      readonly value: Expression;
      readonly low: Expression;
      readonly high: Expression;
      readonly negated: boolean;
      readonly span: Span;
    }
  | {
      readonly kind: 'inList';
      readonly value: Expression;
      readonly list: readonly Expression[];
      readonly negated: boolean;
      readonly span: Span;
    }
  | {
      readonly kind: 'inSubquery';
      /** More than one for `(a, b) IN (SELECT …)`. */
      readonly values: readonly Expression[];
      readonly query: Query;
      readonly negated: boolean;
      readonly span: Span;
    }
  | {
      readonly kind: 'like';
      readonly op: 'LIKE' | 'ILIKE';
      readonly value: Expression;
      readonly pattern: Expression;
      /** The ESCAPE character; null for Spark's default `\`. */
      readonly escape: string | null;
      readonly negated: boolean;
      readonly span: Span;
    }
  | {
      readonly kind: 'likeQuantified';
      readonly op: 'LIKE' | 'ILIKE';
      /** SOME is ANY. */
      readonly quantifier: 'ANY' | 'ALL';
      readonly value: Expression;
      readonly patterns: readonly Expression[];
      readonly negated: boolean;
      readonly span: Span;
    }
  /** RLIKE and REGEXP. */
  | {
      readonly kind: 'rlike';
      readonly value: Expression;
      readonly pattern: Expression;
      readonly negated: boolean;
      readonly span: Span;
    }
  | { readonly kind: 'isNull'; readonly value: Expression; readonly negated: boolean; readonly span: Span }
  /** IS [NOT] TRUE / FALSE / UNKNOWN (truth null). */
  | {
      readonly kind: 'isBoolean';
      readonly value: Expression;
      readonly truth: boolean | null;
      readonly negated: boolean;
      readonly span: Span;
    }
  | {
      readonly kind: 'isDistinctFrom';
      readonly left: Expression;
      readonly right: Expression;
      readonly negated: boolean;
      readonly span: Span;
    }
  | FunctionCall
  | {
      readonly kind: 'case';
      /** The operand of a simple CASE; null for a searched CASE. */
      readonly operand: Expression | null;
      readonly whens: readonly { readonly condition: Expression; readonly result: Expression }[];
      readonly else: Expression | null;
      readonly span: Span;
    }
  /** CAST, TRY_CAST and `x::type` (a CAST). */
  | {
      readonly kind: 'cast';
      readonly value: Expression;
      readonly dataType: DataType;
      readonly try: boolean;
      readonly span: Span;
    }
  /** `expr COLLATE name` (Spark 4): the string with an explicit collation, `collation` normalized. */
  | {
      readonly kind: 'collate';
      readonly value: Expression;
      readonly collation: string;
      /** The name as written, which Spark's generated column names show (`collate(a, utf8_lcase)`). */
      readonly written: string;
      readonly span: Span;
    }
  | { readonly kind: 'extract'; readonly field: string; readonly source: Expression; readonly span: Span }
  | {
      readonly kind: 'trim';
      readonly side: 'BOTH' | 'LEADING' | 'TRAILING';
      readonly trimChars: Expression | null;
      readonly source: Expression;
      readonly span: Span;
    }
  | { readonly kind: 'scalarSubquery'; readonly query: Query; readonly span: Span }
  | { readonly kind: 'exists'; readonly query: Query; readonly span: Span }
  /** `a[i]` / `m['k']`. */
  | { readonly kind: 'subscript'; readonly base: Expression; readonly index: Expression; readonly span: Span }
  /** `(expr).field` on something other than a column name. */
  | { readonly kind: 'fieldAccess'; readonly base: Expression; readonly field: string; readonly span: Span }
  /** Databricks' `expr:path` JSON path on a JSON string: `raw:a.b[0]`, raw:['k'], raw:a[*].b. */
  | {
      readonly kind: 'jsonPath';
      readonly base: Expression;
      readonly steps: readonly JsonPathStep[];
      readonly span: Span;
    }
  | {
      readonly kind: 'lambda';
      readonly params: readonly string[];
      readonly body: Expression;
      readonly span: Span;
    }
  /** `name => value` in a function's arguments. */
  | { readonly kind: 'namedArgument'; readonly name: string; readonly value: Expression; readonly span: Span }
  /** `expr AS name` in a select list or struct(…) arguments; also an alias without AS. */
  | { readonly kind: 'alias'; readonly expr: Expression; readonly name: string; readonly span: Span }
  /** `expr AS (a, b)` for generators. */
  | {
      readonly kind: 'multiAlias';
      readonly expr: Expression;
      readonly names: readonly string[];
      readonly span: Span;
    }
  | { readonly kind: 'positionalParameter'; readonly index: number; readonly span: Span }
  | { readonly kind: 'namedParameter'; readonly name: string; readonly span: Span }
  /** DEFAULT inside INSERT VALUES / UPDATE SET: the column's default value. */
  | { readonly kind: 'default'; readonly span: Span }
  /** `(a, b)` used as a row value (IN tuples); Spark turns it into a struct. */
  | { readonly kind: 'row'; readonly values: readonly Expression[]; readonly span: Span };

export interface FunctionCall {
  readonly kind: 'function';
  /** Qualified name parts (`count`, `db.fn`), as written. */
  readonly name: readonly string[];
  readonly args: readonly Expression[];
  readonly distinct: boolean;
  /** WITHIN GROUP (ORDER BY …) of percentile_cont and friends. */
  readonly withinGroup: readonly SortItem[];
  readonly filter: Expression | null;
  readonly nullTreatment: 'IGNORE' | 'RESPECT' | null;
  readonly over: WindowSpec | WindowRef | null;
  readonly span: Span;
}

export type ExpressionKind = Expression['kind'];

/**
 * One step of a Databricks JSON path: a field written bare (`a`), backquoted (``a b``) or in brackets
 * (`['a b']`), an array index (`[0]`) or every element (`[*]`).
 */
export type JsonPathStep =
  | { readonly kind: 'field'; readonly name: string; readonly form: 'bare' | 'quoted' | 'bracket' }
  | { readonly kind: 'index'; readonly index: number }
  | { readonly kind: 'wildcard' };
