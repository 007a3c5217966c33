/**
 * rand([seed]), randn([seed]), uniform(min, max[, seed]) and randstr(length[, seed]) (randomExpressions.scala,
 * as of Spark 4.0). A seed is an INT or BIGINT (or NULL, which is 0) and nothing else: no implicit cast, as
 * the expressions only expect those types. uniform and randstr take constants, as Spark requires. With a seed the values are Spark's XORShiftRandom sequence (exec/functions/
 * random-compilers.ts); without one, DuckDB's random(), uniformly distributed like Spark's.
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

/** The seed argument at `i`: INT, BIGINT or NULL, read as a BIGINT. */
function seedType(name: string, args: readonly ArgInfo[], i: number): DataType {
  const t = (args[i] as ArgInfo).type;
  if (isVoid(t) || isPrimitiveNamed(t, 'integer') || isPrimitiveNamed(t, 'long')) return LongType;
  throw unexpectedInputType(name, args, i, '("INT" or "BIGINT")');
}

/**
 * uniform's type: the wider integral type when both bounds are integral; a DECIMAL bound's type (the
 * maximum's when both are), else DOUBLE (FLOAT for FLOAT and integral bounds); a NULL bound makes DOUBLE.
 */
function uniformType(a: DataType, b: DataType): DataType | undefined {
  if (isVoid(a) || isVoid(b)) return DoubleType;
  if (b.kind === 'decimal') return b;
  if (a.kind === 'decimal' && isNumeric(b)) return a;
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

/** rand and randn: DOUBLE, never NULL. */
function seededDouble(name: string): FunctionSignature['resolve'] {
  return (args) => {
    checkArity(name, args, 0, 1);
    return {
      inputTypes: args.map((_, i) => seedType(name, args, i)),
      returnType: DoubleType,
      nullable: false,
    };
  };
}

export const RANDOM_FUNCTIONS: readonly FunctionSignature[] = [
  // `random` is an alias the plan never shows: Spark prints Rand as rand(…) whatever was written.
  custom('rand', 'scalar', seededDouble('rand'), {
    aliases: ['random'],
    prettyName: (a) => `rand(${a.join(', ')})`,
  }),
  custom('randn', 'scalar', seededDouble('randn')),
  custom('uniform', 'scalar', (args) => {
    checkArity('uniform', args, 2, 3);
    for (let i = 0; i < args.length; i++) requireConstant('uniform', args, i);
    const [min, max] = args as [ArgInfo, ArgInfo];
    const t = uniformType(min.type, max.type);
    if (!t) throw unexpectedInputType('uniform', args, isNumeric(min.type) ? 1 : 0, '"NUMERIC"');
    const bound = (b: DataType) => (isVoid(b) ? DoubleType : b);
    const seed = args.length > 2 ? [seedType('uniform', args, 2)] : [];
    return {
      inputTypes: [bound(min.type), bound(max.type), ...seed],
      returnType: t,
      nullable: isVoid(min.type) || isVoid(max.type),
    };
  }),
  custom('randstr', 'scalar', (args) => {
    checkArity('randstr', args, 1, 2);
    for (let i = 0; i < args.length; i++) requireConstant('randstr', args, i);
    // The length is cast to INT from any number (randstr(10L), randstr(1.5D) are Spark's too).
    const length = isNumeric((args[0] as ArgInfo).type) ? IntegerType : expectArg('randstr', args, 0, 'int');
    const seed = args.length > 1 ? [seedType('randstr', args, 1)] : [];
    return { inputTypes: [length, ...seed], returnType: StringType, nullable: false };
  }),
];
