/**
 * Spark's JSON functions (jsonExpressions.scala). from_json's schema argument waits for the DDL type parser.
 */
import { arrayOf, IntegerType, StringType } from '../../types/data-types.js';
import type { FunctionSignature } from './function-signature.js';
import { checkArity, custom, simple } from './signature-kit.js';

export const JSON_FUNCTIONS: readonly FunctionSignature[] = [
  simple('get_json_object', { args: ['string', 'string'], returns: StringType }),
  simple('json_array_length', { args: ['string'], returns: IntegerType }),
  simple('json_object_keys', { args: ['string'], returns: arrayOf(StringType) }),
  custom('to_json', 'scalar', (args) => {
    checkArity('to_json', args, 1, 2);
    return { inputTypes: args.map((a) => a.type), returnType: StringType };
  }),
];
