/**
 * format_string / printf (FormatString in stringExpressions.scala): a STRING format and any values. The format
 * must be a constant that plan/functions/java-format.ts compiles exactly; others are refused at analysis.
 */
import { LakesqlError } from '../../errors/index.js';
import { type DataType, DoubleType, IntegerType, StringType } from '../../types/data-types.js';
import type { ArgInfo, FunctionSignature } from './function-signature.js';
import { parseJavaFormat } from './java-format.js';
import { checkArity, custom, expectArg } from './signature-kit.js';
import { isVoid } from './type-classes.js';

function formatString(name: string): FunctionSignature {
  return custom(name, 'scalar', (args) => {
    checkArity(name, args, 1, Number.POSITIVE_INFINITY);
    const format = expectArg(name, args, 0, 'string');
    const rest: DataType[] = args.slice(1).map((a) => a.type);
    const f = args[0] as ArgInfo;
    if (!f.foldable || (f.value !== null && typeof f.value !== 'string')) {
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `${name} with a format that is not a constant`,
      });
    }
    const pieces = typeof f.value === 'string' ? parseJavaFormat(f.value, rest) : [];
    // A NULL literal takes the type its first specifier formats (it prints `null` whatever the type).
    for (const p of pieces) {
      if (p.kind !== 'spec' || !isVoid(rest[p.arg]!)) continue;
      rest[p.arg] =
        p.conversion === 'f' ? DoubleType : 'sS'.includes(p.conversion) ? StringType : IntegerType;
    }
    const inputTypes = [format, ...rest.map((t) => (isVoid(t) ? StringType : t))];
    return { inputTypes, returnType: StringType };
  });
}

export const FORMAT_STRING_FUNCTIONS: readonly FunctionSignature[] = [
  formatString('format_string'),
  formatString('printf'),
];
