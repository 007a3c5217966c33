/**
 * Spark's bit functions (mathExpressions.scala ShiftLeft & co, bitwiseExpressions.scala BitwiseCount,
 * BitwiseGet): shifts take an INT or BIGINT base (TINYINT and SMALLINT widen to INT) and an INT distance and
 * keep the base's type; bit_count counts the bits of the value sign-extended to 64 bits (Long.bitCount);
 * bit_get/getbit answer a TINYINT.
 */
import { ByteType, type DataType, IntegerType, LongType } from '../../types/data-types.js';
import type { ArgInfo, FunctionSignature } from './function-signature.js';
import { checkArity, custom, expectArg, simple, unexpectedInputType } from './signature-kit.js';
import { isIntegral, isPrimitiveNamed, isStringLike, isVoid } from './type-classes.js';

/** TypeCollection(IntegerType, LongType): BIGINT stays, other integral types, strings and NULL become INT. */
function intOrLong(name: string, args: readonly ArgInfo[]): DataType {
  const t = (args[0] as ArgInfo).type;
  if (isPrimitiveNamed(t, 'long')) return LongType;
  if (isIntegral(t) || isVoid(t) || isStringLike(t)) return IntegerType;
  throw unexpectedInputType(name, args, 0, '("INT" or "BIGINT")');
}

function shift(name: string): FunctionSignature {
  return custom(name, 'scalar', (args) => {
    checkArity(name, args, 2);
    const base = intOrLong(name, args);
    return { inputTypes: [base, expectArg(name, args, 1, 'int')], returnType: base };
  });
}

function bitGet(name: string): FunctionSignature {
  return simple(name, { args: ['integral', 'int'], returns: ByteType });
}

export const BITWISE_FUNCTIONS: readonly FunctionSignature[] = [
  shift('shiftleft'),
  shift('shiftright'),
  shift('shiftrightunsigned'),
  custom('bit_count', 'scalar', (args) => {
    checkArity('bit_count', args, 1);
    const t = (args[0] as ArgInfo).type;
    if (isPrimitiveNamed(t, 'boolean') || isIntegral(t)) return { inputTypes: [t], returnType: IntegerType };
    if (isVoid(t)) return { inputTypes: [LongType], returnType: IntegerType };
    throw unexpectedInputType('bit_count', args, 0, '("INTEGRAL" or "BOOLEAN")');
  }),
  // getbit is its own entry (not an alias) so that its errors name `getbit`, as Spark's FUNC_ALIAS does.
  bitGet('bit_get'),
  bitGet('getbit'),
];
