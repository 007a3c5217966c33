/**
 * The contract between the analyzer and Spark's function library.
 *
 * The analyzer resolves a call `name(args…)` by looking the name up (case-insensitively) in the registry and
 * asking the entry to `resolve` the argument types: the entry answers the types it wants its arguments cast to
 * (Spark's implicit casts, e.g. `substr(123, 1)` casts 123 to string) and its result type, or throws a
 * LakesqlError (`WRONG_NUM_ARGS`, `DATATYPE_MISMATCH.*`). The analyzer then inserts those casts.
 * The compiler later asks the matching `FunctionCompiler` (exec/functions) for DuckDB SQL.
 */
import type { DataSourceOptions } from '../../formats/data-source-options.js';
import type { DataType } from '../../types/data-types.js';
import type { ScalarValue } from '../../types/scalar.js';

export type FunctionKind = 'scalar' | 'aggregate' | 'window' | 'generator';

/** What the analyzer knows about one argument when it resolves a call. */
export interface ArgInfo {
  readonly type: DataType;
  /** True when the argument is a constant expression (Spark's `foldable`). */
  readonly foldable: boolean;
  /** The constant's value when the argument is a plain literal (e.g. the pattern of date_format). */
  readonly value?: ScalarValue;
  /** Spark's pretty SQL of the argument, for error messages (`"v"`, `"(a + 1)"`). */
  readonly sql: string;
  /**
   * The value of a constant number (a literal, possibly negated or cast), or of `array(…)` of them, as a JS
   * number; NULL as null (percentile's percentages, percentile_approx's accuracy).
   */
  readonly numeric?: number | null | readonly (number | null)[];
  /**
   * Set when the argument is a lambda (`x -> x + 1`, `(acc, x) -> acc + x`) of a higher-order function.
   * The analyzer resolves the lambda body itself, with parameter types from `lambdaParameterTypes`;
   * `type` is then the body's type.
   */
  readonly lambda?: LambdaArgInfo;
  /**
   * Set when the argument is a `map(k1, v1, …)` call: its entries when every key and value is a string
   * literal, `undefined` entries otherwise (Spark's options argument of to_json, from_json, …, which must be
   * a map() of string literals).
   */
  readonly mapCall?: { readonly entries: readonly (readonly [string, string])[] | undefined };
  /**
   * The argument's own name when Spark sees a NamedExpression (an alias's name, a column's or struct field's
   * last name part): struct() names its fields after it (CreateStruct), anything else is col1, col2, ….
   */
  readonly name?: string;
}

/** A resolved lambda argument: its parameters (names as written, types as the function bound them). */
export interface LambdaArgInfo {
  readonly params: readonly { readonly name: string; readonly type: DataType }[];
}

export interface SessionSemantics {
  /** spark.sql.ansi.enabled (default true, as in Databricks SQL and Spark 4). */
  readonly ansi: boolean;
  /** spark.sql.session.timeZone. */
  readonly timeZone: string;
  /** spark.sql.decimalOperations.allowPrecisionLoss (default true): decimal result types of + - * / %. */
  readonly allowPrecisionLoss?: boolean;
  /**
   * Set while compiling the operator of try_add & co: its failures must be explicit `error()` calls (which the
   * caller turns into NULL), not DuckDB's own checked arithmetic.
   */
  readonly explicitErrors?: boolean;
  /** spark.sql.legacy.javaCharsets: encode/decode take any charset Java knows, not only Spark 4's seven. */
  readonly legacyJavaCharsets?: boolean;
  /** spark.sql.legacy.codingErrorAction: encode/decode replace what cannot be coded instead of failing. */
  readonly legacyCodingErrorAction?: boolean;
  /** The session's current database (`USE db`), for current_database(); `default` when unset. */
  readonly currentDatabase?: string;
  /**
   * spark.sql.timestampType is TIMESTAMP_NTZ: TIMESTAMP literals without a zone, make_timestamp, to_timestamp
   * and the type name TIMESTAMP give TIMESTAMP_NTZ (SQLConf.timestampType).
   */
  readonly timestampNtz?: boolean;
  /**
   * lakesql.engine.memoryLimit in bytes: the most one list or string a value builder (sequence, array_repeat,
   * repeat, lpad, …) may take, since DuckDB builds such a value outside its memory accounting.
   */
  readonly memoryLimitBytes?: number;
}

export interface ResolvedCall {
  /** The type each argument must be cast to (same length as the arguments). */
  readonly inputTypes: readonly DataType[];
  readonly returnType: DataType;
  /** False when the result can never be NULL (e.g. count(*)); default true. */
  readonly nullable?: boolean;
  /**
   * percentile_cont, percentile_disc and mode with WITHIN GROUP (ORDER BY x DESC) (Spark's `reverse`): the
   * values are ranked from the greatest; set by the analyzer.
   */
  readonly descending?: boolean;
  /** Spark's SQL of the arguments, for errors raised while the query runs (percentile's frequency). */
  readonly argumentSql?: readonly string[];
  /** The options argument as read at analysis (to_json, from_json, …). */
  readonly options?: DataSourceOptions;
  /** Text fixed at analysis that the compiler needs (assert_true's default message names the condition). */
  readonly text?: string;
  /**
   * A session's JavaScript function (spark.udf.register): the engine function the call compiles to, in place
   * of a registry compiler. Spark never folds such a call (a ScalaUDF is not foldable).
   */
  readonly engineFunction?: string;
}

export interface FunctionSignature {
  /** Spark's canonical lower-case name (the one DESCRIBE FUNCTION and auto-generated column names use). */
  readonly name: string;
  readonly aliases?: readonly string[];
  readonly kind: FunctionKind;
  /** Resolve argument and result types, or throw Spark's error. */
  resolve(args: readonly ArgInfo[], semantics: SessionSemantics): ResolvedCall;
  /**
   * The column name Spark generates for a call, given the pretty SQL of the arguments as written:
   * default `${name}(${args.join(', ')})`; some functions differ (e.g. `count(1)` for `count(*)`).
   */
  prettyName?(args: readonly string[], written?: string): string;
  /**
   * Functions Spark evaluates once, at analysis, from their constant arguments (schema_of_json): the value
   * that replaces the call, after `resolve` has checked the arguments.
   */
  fold?(args: readonly ArgInfo[], semantics: SessionSemantics): ScalarValue;
  /**
   * Higher-order functions only: the types of the parameters of the lambda at argument `index` taking
   * `arity` parameters. The analyzer calls it after resolving every non-lambda argument and every lambda
   * before `index` (in `args`, lambdas not yet resolved have type `void`), then resolves the lambda body
   * and finally calls `resolve` with all arguments. Throws Spark's error for a wrong arity.
   */
  lambdaParameterTypes?(args: readonly ArgInfo[], index: number, arity: number): readonly DataType[];
}
