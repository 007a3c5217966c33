/**
 * to_number / try_to_number (ToNumber, TryToNumber in numberFormatExpressions.scala): the format must be a
 * constant string, and fixes the result type DECIMAL(precision, scale) as ToNumberParser.parsedDecimalType.
 */
import { LakesqlError } from '../../errors/index.js';
import { type DataType, decimal, StringType } from '../../types/data-types.js';
import type { ArgInfo, FunctionSignature } from './function-signature.js';
import { parseNumberFormat } from './number-format.js';
import { callSql, checkArity, custom, expectArg } from './signature-kit.js';
import { quotedType } from './spark-type-text.js';

/** The constant format of argument 1, or DATATYPE_MISMATCH.NON_FOLDABLE_INPUT as Spark's checkInputDataTypes. */
export function constantFormat(name: string, args: readonly ArgInfo[]): string | null {
  const f = args[1] as ArgInfo;
  if (!f.foldable) {
    throw new LakesqlError('DATATYPE_MISMATCH.NON_FOLDABLE_INPUT', {
      sqlExpr: callSql(name, args),
      inputName: '`format`',
      inputType: quotedType(StringType),
      inputExpr: `"${f.sql}"`,
    });
  }
  return typeof f.value === 'string' ? f.value : null;
}

function toNumber(name: string): FunctionSignature {
  return custom(name, 'scalar', (args) => {
    checkArity(name, args, 2);
    const input = expectArg(name, args, 0, 'string');
    expectArg(name, args, 1, 'string');
    const format = constantFormat(name, args);
    const parsed = format === null ? undefined : parseNumberFormat(format);
    const returnType: DataType = parsed ? decimal(parsed.precision, parsed.scale) : decimal(38, 18);
    return { inputTypes: [input, StringType], returnType };
  });
}

export const NUMBER_FORMAT_FUNCTIONS: readonly FunctionSignature[] = [
  toNumber('to_number'),
  toNumber('try_to_number'),
];
