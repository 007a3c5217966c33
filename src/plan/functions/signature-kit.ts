/**
 * Builders for FunctionSignature entries and Spark's two commonest resolution errors, so each family file
 * states a function in one line: its name, the abstract type of each argument and its result type.
 */
import { LakesqlError } from '../../errors/index.js';
import type { DataType } from '../../types/data-types.js';
import { type CoercionMode, findWiderCommonType } from '../types/type-coercion.js';
import type { ArgInfo, FunctionKind, FunctionSignature, ResolvedCall } from './function-signature.js';
import { quotedType } from './spark-type-text.js';
import { type InputClass, implicitCast, REQUIRED_TYPE_TEXT } from './type-classes.js';

const ORDINALS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
];

export const SPARK_DOC_ROOT = 'https://spark.apache.org/docs/latest';

/** Spark's pretty SQL of a call, as `sqlExpr` quotes it: `"substr(a, 1)"`. */
export function callSql(name: string, args: readonly ArgInfo[]): string {
  return `"${name}(${args.map((a) => a.sql).join(', ')})"`;
}

export function wrongNumArgs(name: string, expectedNum: string, actualNum: number): LakesqlError {
  return new LakesqlError('WRONG_NUM_ARGS.WITHOUT_SUGGESTION', {
    functionName: `\`${name}\``,
    expectedNum,
    actualNum,
    docroot: SPARK_DOC_ROOT,
  });
}

export function unexpectedInputType(
  name: string,
  args: readonly ArgInfo[],
  index: number,
  requiredType: string,
): LakesqlError {
  const arg = args[index];
  return new LakesqlError('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE', {
    sqlExpr: callSql(name, args),
    paramIndex: ORDINALS[index] ?? `${index + 1}th`,
    requiredType,
    inputSql: `"${arg?.sql ?? ''}"`,
    inputType: arg ? quotedType(arg.type) : '""',
  });
}

/** Spark's expectedNum text for an arity range: `2`, `[2, 3]`, `> 0`. */
export function expectedNumText(min: number, max: number): string {
  if (max === Number.POSITIVE_INFINITY) return `> ${min - 1}`;
  if (min === max) return String(min);
  return `[${Array.from({ length: max - min + 1 }, (_, i) => min + i).join(', ')}]`;
}

export function checkArity(name: string, args: readonly ArgInfo[], min: number, max = min): void {
  if (args.length < min || args.length > max)
    throw wrongNumArgs(name, expectedNumText(min, max), args.length);
}

/** Casts argument `index` into `cls`, or throws UNEXPECTED_INPUT_TYPE. */
export function expectArg(name: string, args: readonly ArgInfo[], index: number, cls: InputClass): DataType {
  const arg = args[index];
  const t = arg ? implicitCast(arg.type, cls) : undefined;
  if (!t) throw unexpectedInputType(name, args, index, REQUIRED_TYPE_TEXT[cls]);
  return t;
}

export interface SimpleSpec {
  readonly aliases?: readonly string[];
  readonly kind?: FunctionKind;
  /** The abstract type of each argument; arguments past `optionalFrom` may be omitted. */
  readonly args: readonly InputClass[];
  readonly optionalFrom?: number;
  /** When set, any number (≥ args.length) of further arguments of this class. */
  readonly variadic?: InputClass;
  readonly minArgs?: number;
  readonly returns: DataType | ((inputs: readonly DataType[], args: readonly ArgInfo[]) => DataType);
  readonly nullable?: boolean;
  readonly prettyName?: (args: readonly string[], written?: string) => string;
}

/** A function with fixed abstract argument types (Spark's ImplicitCastInputTypes). */
export function simple(name: string, spec: SimpleSpec): FunctionSignature {
  const min = spec.minArgs ?? spec.optionalFrom ?? spec.args.length;
  const max = spec.variadic ? Number.POSITIVE_INFINITY : spec.args.length;
  return {
    name,
    kind: spec.kind ?? 'scalar',
    ...(spec.aliases ? { aliases: spec.aliases } : {}),
    ...(spec.prettyName ? { prettyName: spec.prettyName } : {}),
    resolve(args): ResolvedCall {
      checkArity(name, args, min, max);
      const inputTypes = args.map((_, i) => expectArg(name, args, i, spec.args[i] ?? spec.variadic ?? 'any'));
      const returnType = typeof spec.returns === 'function' ? spec.returns(inputTypes, args) : spec.returns;
      return spec.nullable === undefined
        ? { inputTypes, returnType }
        : { inputTypes, returnType, nullable: spec.nullable };
    },
  };
}

/** A signature with a hand-written resolve, for functions whose types depend on each other. */
export function custom(
  name: string,
  kind: FunctionKind,
  resolve: FunctionSignature['resolve'],
  extra: Partial<Pick<FunctionSignature, 'aliases' | 'prettyName' | 'lambdaParameterTypes'>> = {},
): FunctionSignature {
  return { name, kind, resolve, ...extra };
}

/**
 * The wider common type of all of `args` by the session's coercion rules (Spark's findWiderCommonType, which
 * FunctionArgumentConversion gives coalesce, array, map, concat and sequence), or DATA_DIFF_TYPES.
 */
export function widerArgsType(name: string, args: readonly ArgInfo[], semantics: CoercionMode): DataType {
  return sameTypeArgs(
    name,
    args,
    findWiderCommonType(
      args.map((a) => a.type),
      semantics,
    ),
  );
}

/** Resolves all of `args` to their common type, or throws DATA_DIFF_TYPES as Spark does for coalesce & co. */
export function sameTypeArgs(name: string, args: readonly ArgInfo[], common: DataType | undefined): DataType {
  if (!common) {
    throw new LakesqlError('DATATYPE_MISMATCH.DATA_DIFF_TYPES', {
      sqlExpr: callSql(name, args),
      functionName: `\`${name}\``,
      dataType: `(${args.map((a) => quotedType(a.type)).join(' or ')})`,
    });
  }
  return common;
}
