/**
 * Spark's conditional functions (nullExpressions.scala, conditionalExpressions.scala): every value argument is
 * widened to one common type, as TypeCoercion does for Coalesce, If and NullIf.
 */
import { BooleanType, type DataType, DoubleType, IntegerType } from '../../types/data-types.js';
import { type CoercionMode, findWiderCommonType } from '../types/type-coercion.js';
import type { ArgInfo, FunctionSignature, ResolvedCall } from './function-signature.js';
import { checkArity, custom, expectArg, sameTypeArgs, simple, widerArgsType } from './signature-kit.js';

/**
 * All of `valueIdx` share one type, the rest keep theirs; the result is the shared type. The type is
 * findWiderCommonType's, as Spark's FunctionArgumentConversion gives Coalesce (and Nvl, which is a Coalesce),
 * and IfCoercion's findWiderTypeForTwo gives If (and Nvl2, which is an If): under ANSI a string meeting a
 * number becomes BIGINT or DOUBLE, under the legacy rules the number becomes a string.
 */
function shared(
  name: string,
  args: readonly ArgInfo[],
  valueIdx: readonly number[],
  mode: CoercionMode,
): ResolvedCall {
  const values = valueIdx.map((i) => args[i] as ArgInfo);
  // Over two types findWiderCommonType is findWiderTypeForTwo (string promotion is symmetric).
  const t = widerArgsType(name, values, mode);
  return { inputTypes: args.map((a, i) => (valueIdx.includes(i) ? t : a.type)), returnType: t };
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);

function nullable(name: string, min: number, max: number, aliases?: readonly string[]): FunctionSignature {
  return custom(
    name,
    'scalar',
    (args, semantics) => {
      checkArity(name, args, min, max);
      return shared(name, args, range(0, args.length), semantics);
    },
    aliases ? { aliases } : {},
  );
}

export const CONDITIONAL_FUNCTIONS: readonly FunctionSignature[] = [
  nullable('coalesce', 1, Number.POSITIVE_INFINITY),
  nullable('nvl', 2, 2, ['ifnull']),
  nullable('nullif', 2, 2),
  custom('nvl2', 'scalar', (args, semantics) => {
    checkArity('nvl2', args, 3);
    return shared('nvl2', args, [1, 2], semantics);
  }),
  custom(
    'if',
    'scalar',
    (args, semantics) => {
      checkArity('if', args, 3);
      const r = shared('if', args, [1, 2], semantics);
      return { ...r, inputTypes: [expectArg('if', args, 0, 'boolean'), ...r.inputTypes.slice(1)] };
    },
    // Databricks SQL's iff (Databricks Runtime 10.4+) is if under another name.
    { aliases: ['iff'] },
  ),
  simple('nanvl', { args: ['double', 'double'], returns: DoubleType }),
  custom('nullifzero', 'scalar', (args) => {
    checkArity('nullifzero', args, 1);
    const t: DataType = expectArg('nullifzero', args, 0, 'numeric');
    return { inputTypes: [t], returnType: t };
  }),
  // ZeroIfNull is Nvl(input, 0): the result is the common type of the input and INT, as for nvl.
  // (ANSI coercion widens a STRING input to BIGINT, so 'abc' fails its cast; legacy keeps STRING).
  custom('zeroifnull', 'scalar', (args, semantics) => {
    checkArity('zeroifnull', args, 1);
    const zero: ArgInfo = { type: IntegerType, foldable: true, value: 0, sql: '0' };
    const wider = findWiderCommonType([args[0]!.type, IntegerType], semantics);
    const t = sameTypeArgs('zeroifnull', [...args, zero], wider);
    return { inputTypes: [t], returnType: t };
  }),
  custom('equal_null', 'scalar', (args, semantics) => {
    checkArity('equal_null', args, 2);
    return { ...shared('equal_null', args, [0, 1], semantics), returnType: BooleanType, nullable: false };
  }),
  // IsNull/IsNotNull print as the predicates they are (nullExpressions.scala: `(x IS NULL)`).
  simple('isnull', {
    args: ['any'],
    returns: BooleanType,
    nullable: false,
    prettyName: (a) => `(${a[0] ?? ''} IS NULL)`,
  }),
  simple('isnotnull', {
    args: ['any'],
    returns: BooleanType,
    nullable: false,
    prettyName: (a) => `(${a[0] ?? ''} IS NOT NULL)`,
  }),
  simple('isnan', { args: ['double'], returns: BooleanType, nullable: false }),
  custom('decode', 'scalar', (args, semantics) => {
    // decode(bin, charset) is the charset decoder; decode(expr, search, result, …) is Oracle's CASE.
    checkArity('decode', args, 2, Number.POSITIVE_INFINITY);
    if (args.length === 2) {
      return {
        inputTypes: [expectArg('decode', args, 0, 'binary'), expectArg('decode', args, 1, 'string')],
        returnType: { kind: 'primitive', name: 'string' },
      };
    }
    const searches = [
      0,
      ...range(1, args.length).filter(
        (i) => i % 2 === 1 && i < args.length - (args.length % 2 === 0 ? 1 : 0),
      ),
    ];
    const results = range(1, args.length).filter((i) => !searches.includes(i));
    const s = shared('decode', args, searches, semantics);
    const r = shared('decode', args, results, semantics);
    return {
      inputTypes: args.map((_, i) =>
        searches.includes(i) ? (s.inputTypes[i] as DataType) : (r.inputTypes[i] as DataType),
      ),
      returnType: r.returnType,
    };
  }),
];
