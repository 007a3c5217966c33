/**
 * Small DuckDB SQL building blocks shared by the operator and CAST compilers.
 *
 * Errors: Spark's runtime errors are raised with DuckDB's `error()`, whose message is `[ERROR_CLASS] ` followed
 * by the JSON object of Spark's messageParameters; the engine turns that prefix into a LakesqlError.
 */

import { toDuckDBType } from '../../engine/duckdb-types.js';
import type { ErrorClass } from '../../errors/index.js';
import type { DataType } from '../../types/data-types.js';

let lambdaCounter = 0;

/**
 * Evaluates `valueSql` once and names it for `body`: DuckDB has no LET, so a one-element list_transform
 * binds the value. Without it, checks such as "NULL, in range, else error" would repeat the operand and
 * nested operators would grow exponentially.
 */
export function bind(valueSql: string, body: (name: string) => string): string {
  // A column reference costs nothing to repeat, and the one-element list costs an allocation per row: name
  // it directly. (Literals are not inlined: DuckDB types a bare literal more loosely than a bound value.)
  if (isColumnReference(valueSql)) return body(valueSql);
  lambdaCounter = (lambdaCounter + 1) % 1_000_000;
  const name = `__v${lambdaCounter}`;
  return `(list_transform([${valueSql}], lambda ${name}: ${body(name)}))[1]`;
}

/**
 * Functions whose value differs per call: an operand that calls one must be evaluated once (bind), never
 * repeated, or one row would see two different values.
 */
const VOLATILE_CALL = /\b(?:random|uuid|gen_random_uuid|setseed|nextval|currval|list_shuffle|shuffle)\s*\(/i;

/**
 * Calls that cost far more than arithmetic (JavaScript UDFs, lambdas over lists, subqueries): repeating
 * them costs more than the one-element list that binds them.
 */
const EXPENSIVE_CALL = /\bspark_\w+\s*\(|\blambda\b|\bSELECT\b/i;

/** Above this length an operand is bound rather than repeated, so that nested casts cannot grow the SQL. */
const MAX_REPEATED_SQL = 600;

/**
 * True when evaluating `sql` again gives the same value at small cost: it is deterministic, calls no
 * expensive function and is short. Such an operand is written out again where a body needs it twice,
 * instead of through bind's per-row list.
 */
export function isRepeatable(sql: string): boolean {
  return sql.length <= MAX_REPEATED_SQL && !VOLATILE_CALL.test(sql) && !EXPENSIVE_CALL.test(sql);
}

/**
 * Calls DuckDB's try() refuses around them ("TRY can not be used in combination with a volatile function"):
 * `error()` (every Spark runtime check raises through it), random draws, and the volatile UDFs (seeded
 * random draws; a user's non-deterministic UDF, registered as `lakesql_udf…`).
 */
const TRY_REFUSED_CALL = new RegExp(
  `${VOLATILE_CALL.source}|\\b(?:error|spark_seeded_\\w+|lakesql_udf\\w*)\\s*\\(`,
  'i',
);

/**
 * `body(operandSql)` for a body that wraps the operand in DuckDB's try(): an operand that calls a volatile
 * function is bound first (bind), so that try() sees only the bound name. It is also Spark's meaning: the
 * operand's own errors are raised, not swallowed by the try() meant for the function around it.
 */
export function tryable(operandSql: string, body: (operand: string) => string): string {
  return TRY_REFUSED_CALL.test(operandSql) ? bind(operandSql, body) : body(operandSql);
}

/**
 * `body(valueSql)` when the operand may be repeated (isRepeatable), else `bind(valueSql, body)`. For bodies
 * that use the value a few times, mostly in branches that few rows take.
 */
export function reuse(valueSql: string, body: (value: string) => string): string {
  return isRepeatable(valueSql) ? body(valueSql) : bind(valueSql, body);
}

const QUOTED_NAME = /^"(?:[^"]|"")*"(?:\."(?:[^"]|"")*")*$/;
const CAST_OF_NAME = /^\(("(?:[^"]|"")*"(?:\."(?:[^"]|"")*")*)\)::[A-Z]+$/;

/**
 * True for SQL that is a (qualified) quoted column name, or one cast of it to a simple type (`("c")::DOUBLE`),
 * whose repeated evaluation costs less than a per-row list.
 */
export function isColumnReference(sql: string): boolean {
  return QUOTED_NAME.test(sql) || CAST_OF_NAME.test(sql);
}

/** A SQL string literal. */
export function lit(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * `error('[CLASS] {json params}')`, the one way generated SQL raises Spark's errors: each parameter is either
 * a constant (`{ text }`) or a SQL expression of the failing row's values (`{ sql }`, shown as its VARCHAR
 * text), so that the message names the value that failed, as Spark's does.
 */
export function raiseSql(
  errorClass: ErrorClass,
  params: Readonly<Record<string, { readonly text: string } | { readonly sql: string }>> = {},
): string {
  const args = Object.entries(params).flatMap(([k, v]) => [
    lit(k),
    'text' in v ? lit(v.text) : `CAST(${v.sql} AS VARCHAR)`,
  ]);
  const json = args.length === 0 ? `'{}'` : `json_object(${args.join(', ')})::VARCHAR`;
  return `error(${lit(`[${errorClass}] `)} || ${json})`;
}

export function duckType(t: DataType): string {
  if (t.kind === 'char' || t.kind === 'varchar') return 'VARCHAR';
  if (t.kind === 'primitive' && t.name === 'void') return 'INTEGER';
  return toDuckDBType(t);
}

export const ANSI_CONFIG = { text: '"spark.sql.ansi.enabled"' } as const;

export interface IntegralRange {
  readonly min: bigint;
  readonly max: bigint;
  readonly bits: number;
}

/** The value range of Spark's integral types, for overflow checks. */
export function integralRange(t: DataType): IntegralRange | undefined {
  if (t.kind !== 'primitive') return undefined;
  switch (t.name) {
    case 'byte':
      return { min: -128n, max: 127n, bits: 8 };
    case 'short':
      return { min: -32768n, max: 32767n, bits: 16 };
    case 'integer':
      return { min: -2147483648n, max: 2147483647n, bits: 32 };
    case 'long':
      return { min: -9223372036854775808n, max: 9223372036854775807n, bits: 64 };
    default:
      return undefined;
  }
}

/**
 * ANSI's error for negating an integral type's minimum (unary minus, abs): Spark's UnaryMinus / Abs word it
 * as Java's Math.negateExact does for INT and BIGINT ("integer overflow", "long overflow") and as
 * `- <value> caused overflow` for TINYINT and SMALLINT (QueryExecutionErrors.unaryMinusCauseOverflowError).
 */
export function negationOverflowSql(range: { readonly min: bigint; readonly bits: number }): string {
  const message =
    range.bits === 64
      ? 'long overflow'
      : range.bits === 32
        ? 'integer overflow'
        : `- ${range.min} caused overflow`;
  return raiseSql('ARITHMETIC_OVERFLOW', {
    message: { text: message },
    alternative: { text: '' },
    config: ANSI_CONFIG,
  });
}

/**
 * Two's complement wrap of an integral value into `bits` bits (Java's integer overflow): keep the low bits
 * with a mask, then move the upper half of that unsigned range below zero. Every step stays within `bits` + 1
 * bits, so the value may be computed in any wider type (`wideType`, BIGINT below 64 bits); the result is of
 * that type, for the caller to cast down.
 */
export function wrapSql(sql: string, bits: number, wideType: 'BIGINT' | 'HUGEINT' = 'HUGEINT'): string {
  const mask = `CAST(${(1n << BigInt(bits)) - 1n} AS ${wideType})`;
  const h = `CAST(${1n << BigInt(bits - 1)} AS ${wideType})`;
  return `(((((${sql}) & ${mask}) + ${h}) & ${mask}) - ${h})`;
}

/**
 * The value of an integral literal as the expression compiler writes it (`CAST(100 AS BIGINT)`, or a bare
 * number), through any parentheses and casts to an integral type around it; undefined for anything else.
 * Lets an operator skip a per-row check that a constant operand cannot fail.
 */
export function integerLiteral(sql: string): bigint | undefined {
  let s = sql.trim();
  for (;;) {
    const cast = /^(.*?)(?:::(?:TINYINT|SMALLINT|INTEGER|BIGINT|FLOAT|DOUBLE))+$/s.exec(s);
    if (cast && wrapped(cast[1]!)) {
      s = cast[1]!.trim();
      continue;
    }
    if (wrapped(s)) {
      s = s.slice(1, -1).trim();
      continue;
    }
    break;
  }
  const m = /^(?:CAST\((-?\d+) AS (?:TINYINT|SMALLINT|INTEGER|BIGINT)\)|(-?\d+))$/.exec(s);
  const digits = m?.[1] ?? m?.[2];
  return digits === undefined ? undefined : BigInt(digits);
}

/** `sql` cast to the DuckDB type `type`, parenthesised unless it is one group or a quoted name already. */
export function castSql(sql: string, type: string): string {
  return `${groupSql(sql)}::${type}`;
}

/** `sql` as one operand: parenthesised unless it is one group or a quoted name already. */
export function groupSql(sql: string): string {
  const s = sql.trim();
  return wrapped(s) || /^"(?:[^"]|"")*"$/.test(s) ? s : `(${s})`;
}

/** True when `s` is one parenthesised group: its first `(` closes at its last character. */
function wrapped(s: string): boolean {
  if (!s.startsWith('(') || !s.endsWith(')')) return false;
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '(') depth++;
    else if (s[i] === ')') depth--;
    if (depth === 0 && i < s.length - 1) return false;
  }
  return true;
}
