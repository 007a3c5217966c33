/**
 * DuckDB SQL for the Java static methods reflect / try_reflect call (plan/functions/java-static-methods.ts):
 * each modelled overload gives its value as Spark-typed SQL and the condition under which Java throws; the
 * value is turned into text as String.valueOf would (compileCastToString writes Java's number text). A
 * throwing call is NULL in try_reflect and REFLECT_METHOD_FAILED in reflect. A NULL passed to a primitive
 * parameter throws too (Method.invoke cannot unbox it).
 */
import { findJavaStaticMethod } from '../../plan/functions/java-static-methods.js';
import {
  type DataType,
  DoubleType,
  FloatType,
  IntegerType,
  LongType,
  StringType,
} from '../../types/data-types.js';
import { compileCastToString } from '../operators/cast-to-string.js';
import { raiseSql, reuse } from '../operators/sql-helpers.js';
import type { CompiledArg, FunctionCompiler } from './function-compiler.js';

interface JavaCall {
  /** The returned value as SQL of `type` (NULL when Java returns null: String.valueOf shows `null`). */
  readonly value: string;
  readonly type: DataType;
  /** When Java throws, with the exception's class for the error message. */
  readonly throws?: { readonly when: string; readonly exception: string };
}

const INT_MIN = '(-2147483648)';
const LONG_MIN = '(-9223372036854775808)';

/** Integer.parseInt(s, radix): an optional sign and radix digits, within INT, else NumberFormatException. */
function javaParseInt(s: string, radix: string): JavaCall {
  const digits = `ltrim(regexp_replace(${s}, '^[+-]', ''), '0')`;
  // Digit values over Java's Character.digit for ASCII letters and digits.
  const values = `list_transform(string_split(lower(${digits}), ''), lambda c: CASE WHEN c <= '9' THEN ascii(c) - 48 ELSE ascii(c) - 87 END)`;
  const magnitude = `CASE WHEN ${digits} = '' THEN 0::HUGEINT ELSE list_reduce(list_transform(${values}, lambda d: d::HUGEINT), lambda acc, d: acc * ${radix} + d) END`;
  const signed = `(CASE WHEN starts_with(${s}, '-') THEN -1 ELSE 1 END * ${magnitude})`;
  const malformed = `${s} IS NULL OR ${radix} IS NULL OR ${radix} < 2 OR ${radix} > 36 OR NOT regexp_full_match(${s}, '[+-]?[0-9A-Za-z]+')`;
  // A number of n significant digits is at least radix^(n-1): past 2^31 it cannot be an INT, and the
  // HUGEINT sum below is never reached with more digits than it holds.
  const tooLong = `(length(${digits}) - 1) * ln(${radix}) > ln(2147483648)`;
  const badDigit = `list_max(${values}) >= ${radix}`;
  return {
    value: `CAST(${signed} AS INTEGER)`,
    type: IntegerType,
    throws: {
      when: `${malformed} OR ${tooLong} OR ${badDigit} OR ${signed} NOT BETWEEN -2147483648 AND 2147483647`,
      exception: 'java.lang.NumberFormatException',
    },
  };
}

const numberType: Record<string, DataType> = {
  int: IntegerType,
  long: LongType,
  float: FloatType,
  double: DoubleType,
};

/** Math.max / Math.min: NaN wins, as in Java (DuckDB orders NaN above every number). */
function extreme(fn: 'greatest' | 'least', [a, b]: readonly string[], t: DataType): JavaCall {
  const floating = t === FloatType || t === DoubleType;
  const value = floating
    ? `CASE WHEN isnan(${a}) OR isnan(${b}) THEN 'NaN'::${t === FloatType ? 'FLOAT' : 'DOUBLE'} ELSE ${fn}(${a}, ${b}) END`
    : `${fn}(${a}, ${b})`;
  return { value, type: t };
}

const METHODS: Readonly<Record<string, (a: readonly string[], args: readonly CompiledArg[]) => JavaCall>> = {
  'java.lang.String.valueOf(boolean)': ([x], [t]) => ({
    value: compileCastToString(x!, t!.type),
    type: StringType,
  }),
  'java.lang.String.valueOf(int)': ([x], [t]) => ({
    value: compileCastToString(x!, t!.type),
    type: StringType,
  }),
  'java.lang.String.valueOf(long)': ([x], [t]) => ({
    value: compileCastToString(x!, t!.type),
    type: StringType,
  }),
  'java.lang.String.valueOf(float)': ([x], [t]) => ({
    value: compileCastToString(x!, t!.type),
    type: StringType,
  }),
  'java.lang.String.valueOf(double)': ([x], [t]) => ({
    value: compileCastToString(x!, t!.type),
    type: StringType,
  }),
  'java.lang.String.valueOf(Object)': ([x], [t]) => ({
    value: compileCastToString(x!, t!.type),
    type: StringType,
  }),
  'java.lang.Math.abs(int)': ([x]) => ({
    value: `CASE WHEN ${x} = ${INT_MIN} THEN ${x} ELSE abs(${x}) END`,
    type: IntegerType,
  }),
  'java.lang.Math.abs(long)': ([x]) => ({
    value: `CASE WHEN ${x} = ${LONG_MIN} THEN ${x} ELSE abs(${x}) END`,
    type: LongType,
  }),
  'java.lang.Math.abs(float)': ([x]) => ({ value: `abs(${x})`, type: FloatType }),
  'java.lang.Math.abs(double)': ([x]) => ({ value: `abs(${x})`, type: DoubleType }),
  ...Object.fromEntries(
    (['int', 'long', 'float', 'double'] as const).flatMap((p) => [
      [`java.lang.Math.max(${p},${p})`, (a: readonly string[]) => extreme('greatest', a, numberType[p]!)],
      [`java.lang.Math.min(${p},${p})`, (a: readonly string[]) => extreme('least', a, numberType[p]!)],
    ]),
  ),
  'java.lang.Integer.parseInt(String)': ([s]) => javaParseInt(s!, '10'),
  'java.lang.Integer.parseInt(String,int)': ([s, r]) => javaParseInt(s!, r!),
  'java.lang.Integer.valueOf(String)': ([s]) => javaParseInt(s!, '10'),
  'java.lang.Integer.valueOf(String,int)': ([s, r]) => javaParseInt(s!, r!),
  'java.lang.Integer.valueOf(int)': ([x]) => ({ value: x!, type: IntegerType }),
  'java.lang.Integer.toString(int)': ([x]) => ({ value: x!, type: IntegerType }),
  // Java accepts 1-8, 1-4, 1-4, 1-4 and 1-12 hex digits and prints them zero-padded in lower case.
  'java.util.UUID.fromString(String)': ([s]) => ({
    value: [8, 4, 4, 4, 12]
      .map((w, i) => `lpad(lower(split_part(${s}, '-', ${i + 1})), ${w}, '0')`)
      .join(" || '-' || "),
    type: StringType,
    throws: {
      when: `${s} IS NULL OR NOT regexp_full_match(${s}, '[0-9A-Fa-f]{1,8}-[0-9A-Fa-f]{1,4}-[0-9A-Fa-f]{1,4}-[0-9A-Fa-f]{1,4}-[0-9A-Fa-f]{1,12}')`,
      exception: 'java.lang.IllegalArgumentException',
    },
  }),
  // URLDecoder.decode(String) and URLEncoder.encode(String) use UTF-8, as url_decode / url_encode do.
  'java.net.URLDecoder.decode(String)': ([s]) => ({
    value: `spark_try_url_decode(${s})`,
    type: StringType,
    throws: {
      when: `${s} IS NULL OR spark_try_url_decode(${s}) IS NULL`,
      exception: 'java.lang.IllegalArgumentException',
    },
  }),
  'java.net.URLEncoder.encode(String)': ([s]) => ({
    value: `spark_url_encode(${s})`,
    type: StringType,
    throws: { when: `${s} IS NULL`, exception: 'java.lang.NullPointerException' },
  }),
};

const PRIMITIVES = new Set(['boolean', 'byte', 'short', 'int', 'long', 'float', 'double']);

function compileReflect(args: readonly CompiledArg[], tryMode: boolean): string {
  const className = String(args[0]?.value);
  const methodName = String(args[1]?.value);
  const methodArgs = args.slice(2);
  const found = findJavaStaticMethod(
    className,
    methodName,
    methodArgs.map((a) => a.type),
  );
  const build = found.kind === 'found' ? METHODS[found.id] : undefined;
  // The analyzer admitted only modelled overloads; a missing entry is a bug in this table.
  if (found.kind !== 'found' || !build) throw new Error(`no SQL for ${className}.${methodName}`);
  const bodyOf = (sqls: readonly string[]): string => {
    const call = build(sqls, methodArgs);
    const unboxed = found.params.flatMap((p, i) => (PRIMITIVES.has(p) ? [`${sqls[i]} IS NULL`] : []));
    const failures = [...unboxed, ...(call.throws ? [call.throws.when] : [])];
    const text = `coalesce(${compileCastToString(call.value, call.type)}, 'null')`;
    if (failures.length === 0) return text;
    const failed = tryMode
      ? 'NULL'
      : raiseSql('REFLECT_METHOD_FAILED', {
          method: { text: `${className}.${methodName}` },
          exception: { text: call.throws?.exception ?? 'java.lang.IllegalArgumentException' },
        });
    return `CASE WHEN ${failures.map((f) => `(${f})`).join(' OR ')} THEN ${failed} ELSE ${text} END`;
  };
  // Each argument is named once, so a long expression is not repeated in every branch.
  const withArgs = (i: number, names: string[]): string =>
    i === methodArgs.length
      ? bodyOf(names)
      : reuse(methodArgs[i]!.sql, (n) => withArgs(i + 1, [...names, n]));
  return `CAST(${withArgs(0, [])} AS VARCHAR)`;
}

export const REFLECT_COMPILERS: readonly FunctionCompiler[] = [
  { name: 'reflect', compile: (args) => compileReflect(args, false) },
  { name: 'try_reflect', compile: (args) => compileReflect(args, true) },
];
