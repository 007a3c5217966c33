/**
 * to_char / to_varchar of a number (ToCharacter in numberFormatExpressions.scala): an integral or DECIMAL
 * value and a constant number format (checked as to_number's). to_char of a date or timestamp is date_format,
 * which the analyzer substitutes before this signature is reached.
 */
import { StringType } from '../../types/data-types.js';
import type { FunctionSignature } from './function-signature.js';
import { parseNumberFormat } from './number-format.js';
import { constantFormat } from './number-format-functions.js';
import { checkArity, custom, expectArg, unexpectedInputType } from './signature-kit.js';
import { isIntegral, isVoid } from './type-classes.js';

export const TO_CHAR_FUNCTIONS: readonly FunctionSignature[] = [
  custom(
    'to_char',
    'scalar',
    (args) => {
      checkArity('to_char', args, 2);
      const t = args[0]!.type;
      if (!(t.kind === 'decimal' || isIntegral(t) || isVoid(t)))
        throw unexpectedInputType('to_char', args, 0, '"DECIMAL"');
      expectArg('to_char', args, 1, 'string');
      const format = constantFormat('to_char', args);
      if (format !== null) parseNumberFormat(format);
      return {
        inputTypes: [isVoid(t) ? { kind: 'decimal', precision: 10, scale: 0 } : t, StringType],
        returnType: StringType,
      };
    },
    // ToCharacter's prettyName: to_varchar(…) names its column to_char(…).
    { aliases: ['to_varchar'], prettyName: (a) => `to_char(${a.join(', ')})` },
  ),
];
