/**
 * to_binary(str[, fmt]) and try_to_binary (Spark's ToBinary, TryToBinary): `fmt` must be a constant, and a
 * literal one must name hex, utf-8, utf8 or base64 (any case), else DATATYPE_MISMATCH.INVALID_ARG_VALUE;
 * try_to_binary takes an unknown format as NULL instead (ToBinary's nullOnInvalidFormat). Like Spark, the
 * format is checked after its implicit cast to STRING, so `to_binary('abc', 1)` names the value `'1'`.
 */
import { LakesqlError } from '../../errors/index.js';
import { BinaryType, StringType } from '../../types/data-types.js';
import type { ArgInfo, FunctionSignature } from './function-signature.js';
import { callSql, checkArity, custom, expectArg } from './signature-kit.js';
import { quotedType } from './spark-type-text.js';

export const TO_BINARY_FORMATS: readonly string[] = ['hex', 'utf-8', 'utf8', 'base64'];

function checkFormat(args: readonly ArgInfo[], nullOnInvalidFormat: boolean): void {
  const f = args[1];
  if (f === undefined) return;
  // Errors name the call as ToBinary prints it, for try_to_binary too (its replacement is a ToBinary).
  if (!f.foldable) {
    throw new LakesqlError('DATATYPE_MISMATCH.NON_FOLDABLE_INPUT', {
      sqlExpr: callSql('to_binary', args),
      inputName: '`fmt`',
      inputType: quotedType(StringType),
      inputExpr: `"${f.sql}"`,
    });
  }
  if (f.value === undefined || f.value === null || f.value instanceof Uint8Array || nullOnInvalidFormat)
    return;
  const fmt = String(f.value).toLowerCase();
  if (TO_BINARY_FORMATS.includes(fmt)) return;
  throw new LakesqlError('DATATYPE_MISMATCH.INVALID_ARG_VALUE', {
    sqlExpr: callSql('to_binary', args),
    inputName: 'fmt',
    inputValue: `'${fmt.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`,
    requireType: `case-insensitive ${quotedType(StringType)}`,
    validValues: "'hex', 'utf-8', 'utf8', or 'base64'",
  });
}

function toBinary(name: string, nullOnInvalidFormat: boolean): FunctionSignature {
  return custom(name, 'scalar', (args) => {
    checkArity(name, args, 1, 2);
    const inputTypes = args.map((_, i) => expectArg(name, args, i, 'string'));
    checkFormat(args, nullOnInvalidFormat);
    return { inputTypes, returnType: BinaryType };
  });
}

export const TO_BINARY_FUNCTIONS: readonly FunctionSignature[] = [
  toBinary('to_binary', false),
  toBinary('try_to_binary', true),
];
