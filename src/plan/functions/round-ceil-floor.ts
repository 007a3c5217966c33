/**
 * ceil(x, scale) / floor(x, scale): Spark's RoundCeil / RoundFloor (mathExpressions.scala). The value is
 * implicitly cast to a decimal (DecimalType.forType), the scale must be a foldable, non-NULL INT
 * (CeilFloorExpressionBuilderBase), and the result type is RoundBase's: one more integral digit for the carry
 * (`ceil(9.9, 0)` = 10), `-scale + 1` digits when rounding left of the point, at most 38.
 */

import { LakesqlError } from '../../errors/index.js';
import { type DataType, type DecimalType, decimal } from '../../types/data-types.js';
import { decimalForType } from '../types/type-classes.js';
import type { ArgInfo, ResolvedCall } from './function-signature.js';
import { expectArg } from './signature-kit.js';
import { isPrimitiveNamed, isStringLike, isVoid } from './type-classes.js';

/** The decimal Spark's implicit cast to DecimalType gives (a string or NULL becomes the system default). */
function decimalInput(name: string, arg: ArgInfo, args: readonly ArgInfo[]): DecimalType {
  if (isVoid(arg.type) || isStringLike(arg.type)) return decimal(38, 18);
  expectArg(name, args, 0, 'numeric');
  return decimalForType(arg.type) as DecimalType;
}

/** RoundBase.dataType for a decimal input and a constant scale. */
export function roundedDecimalType(input: DecimalType, scale: number): DecimalType {
  const integralLeastNumDigits = input.precision - input.scale + 1;
  if (scale < 0) return decimal(Math.min(Math.max(integralLeastNumDigits, -scale + 1), 38), 0);
  const newScale = Math.min(input.scale, scale);
  return decimal(Math.min(integralLeastNumDigits + newScale, 38), newScale);
}

export function resolveRoundCeilFloor(name: string, args: readonly ArgInfo[]): ResolvedCall {
  const [x, scale] = args as [ArgInfo, ArgInfo];
  const scaleValue = scale.numeric;
  if (!scale.foldable || !isPrimitiveNamed(scale.type, 'integer') || typeof scaleValue !== 'number') {
    throw new LakesqlError('NON_FOLDABLE_ARGUMENT', {
      funcName: `\`${name}\``,
      paramName: '`scale`',
      paramType: '"INT"',
    });
  }
  const input = decimalInput(name, x, args);
  const returnType: DataType = roundedDecimalType(input, scaleValue);
  // The compiler needs the scale itself: a negative one is not a plain literal (`-3` is a negation).
  return { inputTypes: [input, scale.type], returnType, text: String(scaleValue) };
}
