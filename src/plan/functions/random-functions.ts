/**
 * uniform(min, max[, seed]) and randstr(length[, seed]) (randomExpressions.scala). Both take constants, as
 * Spark requires. The values come from DuckDB's random(): uniformly distributed like Spark's, but not Spark's
 * XORShiftRandom sequence, and a seed does not make them repeatable (as for lakesql's rand(seed)).
 * uniform's type: the wider integral type when both bounds are integral, else DOUBLE (FLOAT for FLOAT
 * bounds); an integral result is min + (max - min) * rand truncated, in [min, max).
 */
import { LakesqlError } from '../../errors/index.js';
import {
  type DataType,
  DoubleType,
  FloatType,
  IntegerType,
  LongType,
  ShortType,
  StringType,
} from '../../types/data-types.js';
import type { ArgInfo, FunctionSignature } from './function-signature.js';
import { callSql, checkArity, custom, expectArg, unexpectedInputType } from './signature-kit.js';
import { quotedType } from './spark-type-text.js';
import { isIntegral, isNumeric, isPrimitiveNamed, isVoid } from './type-classes.js';

const INPUT_NAMES: Readonly<Record<string, readonly string[]>> = {
  uniform: ['min', 'max', 'seed'],
  randstr: ['length', 'seed'],
};

function requireConstant(name: string, args: readonly ArgInfo[], i: number): void {
  const a = args[i] as ArgInfo;
  if (a.foldable) return;
  throw new LakesqlError('DATATYPE_MISMATCH.NON_FOLDABLE_INPUT', {
    sqlExpr: callSql(name, args),
    inputName: `\`${INPUT_NAMES[name]?.[i] ?? ''}\``,
    inputType: quotedType(a.type),
    inputExpr: `"${a.sql}"`,
  });
}

function uniformType(a: DataType, b: DataType): DataType | undefined {
  if (isIntegral(a) && isIntegral(b)) {
    for (const [n, t] of [
      ['long', LongType],
      ['integer', IntegerType],
      ['short', ShortType],
    ] as const) {
      if (isPrimitiveNamed(a, n) || isPrimitiveNamed(b, n)) return t;
    }
    return ShortType;
  }
  if (!isNumeric(a) || !isNumeric(b)) return undefined;
  if (isPrimitiveNamed(a, 'float') && (isPrimitiveNamed(b, 'float') || isIntegral(b))) return FloatType;
  if (isPrimitiveNamed(b, 'float') && isIntegral(a)) return FloatType;
  return DoubleType;
}

export const RANDOM_FUNCTIONS: readonly FunctionSignature[] = [
  custom('uniform', 'scalar', (args) => {
    checkArity('uniform', args, 2, 3);
    for (let i = 0; i < args.length; i++) requireConstant('uniform', args, i);
    const [min, max] = args as [ArgInfo, ArgInfo];
    if (isVoid(min.type) || isVoid(max.type)) {
      const inputTypes = args.map((a) => (isVoid(a.type) ? IntegerType : a.type));
      return { inputTypes, returnType: { kind: 'primitive', name: 'void' } };
    }
    const t = uniformType(min.type, max.type);
    if (!t) throw unexpectedInputType('uniform', args, isNumeric(min.type) ? 1 : 0, '"NUMERIC"');
    const seed = args.length > 2 ? [expectArg('uniform', args, 2, 'long')] : [];
    return { inputTypes: [min.type, max.type, ...seed], returnType: t, nullable: false };
  }),
  custom('randstr', 'scalar', (args) => {
    checkArity('randstr', args, 1, 2);
    for (let i = 0; i < args.length; i++) requireConstant('randstr', args, i);
    const types = args.map((_, i) => expectArg('randstr', args, i, i === 0 ? 'int' : 'long'));
    return { inputTypes: types, returnType: StringType, nullable: false };
  }),
];
