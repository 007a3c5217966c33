/**
 * Spark's timestamp constructors (datetimeExpressions.scala MakeTimestamp and its try_ forms): year, month,
 * day, hour and minute as INT, seconds as DECIMAL(16, 6), and for the TIMESTAMP (LTZ) forms an optional zone.
 */
import { type DataType, decimal, TimestampNtzType, TimestampType } from '../../types/data-types.js';
import type { FunctionSignature } from './function-signature.js';
import { checkArity, custom, expectArg } from './signature-kit.js';

export const SECONDS_TYPE = decimal(16, 6);

/** `session`: make_timestamp and try_make_timestamp give spark.sql.timestampType (MakeTimestamp.dataType). */
function makeTimestamp(name: string, type: DataType | 'session'): FunctionSignature {
  const withZone = type !== TimestampNtzType;
  return custom(name, 'scalar', (args, semantics) => {
    const returnType = type !== 'session' ? type : semantics.timestampNtz ? TimestampNtzType : TimestampType;
    checkArity(name, args, 6, withZone ? 7 : 6);
    const inputTypes = args.map((_, i) => {
      if (i < 5) return expectArg(name, args, i, 'int');
      if (i === 5) {
        expectArg(name, args, i, 'numeric');
        return SECONDS_TYPE;
      }
      return expectArg(name, args, i, 'string');
    });
    return { inputTypes, returnType };
  });
}

export const MAKE_TIMESTAMP_FUNCTIONS: readonly FunctionSignature[] = [
  makeTimestamp('make_timestamp', 'session'),
  makeTimestamp('make_timestamp_ltz', TimestampType),
  makeTimestamp('make_timestamp_ntz', TimestampNtzType),
  makeTimestamp('try_make_timestamp', 'session'),
  makeTimestamp('try_make_timestamp_ltz', TimestampType),
  makeTimestamp('try_make_timestamp_ntz', TimestampNtzType),
];
