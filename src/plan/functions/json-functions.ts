/**
 * Spark's JSON functions (jsonExpressions.scala). from_json's schema argument waits for the DDL type parser.
 */
import { LakesqlError } from '../../errors/index.js';
import { arrayOf, IntegerType, StringType } from '../../types/data-types.js';
import type { FunctionSignature } from './function-signature.js';
import { optionsArg } from './options-arg.js';
import { callSql, checkArity, custom, simple } from './signature-kit.js';
import { quotedType } from './spark-type-text.js';

export const JSON_FUNCTIONS: readonly FunctionSignature[] = [
  simple('get_json_object', { args: ['string', 'string'], returns: StringType }),
  simple('json_array_length', { args: ['string'], returns: IntegerType }),
  simple('json_object_keys', { args: ['string'], returns: arrayOf(StringType) }),
  custom(
    'to_json',
    'scalar',
    (args) => {
      checkArity('to_json', args, 1, 2);
      const options = optionsArg(args, 1);
      const t = args[0]!.type;
      if (t.kind !== 'struct' && t.kind !== 'array' && t.kind !== 'map') {
        throw new LakesqlError('DATATYPE_MISMATCH.INVALID_JSON_SCHEMA', {
          sqlExpr: callSql('to_json', args),
          schema: quotedType(t),
        });
      }
      return { inputTypes: args.map((a) => a.type), returnType: StringType, options };
    },
    { prettyName: (args) => `to_json(${args[0]})` },
  ),
];
