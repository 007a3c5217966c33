/**
 * More of Spark's date and time functions (datetimeExpressions.scala): TimestampAdd, MillisToTimestamp,
 * MicrosToTimestamp, DayName, MonthName and try_to_date.
 */
import { TimestampType } from '../../types/data-types.js';
import type { FunctionSignature } from './function-signature.js';
import { checkArity, custom, expectArg } from './signature-kit.js';
import { isPrimitiveNamed } from './type-classes.js';

export const DATETIME_EXTRA_FUNCTIONS: readonly FunctionSignature[] = [
  // timestampadd(UNIT, quantity, timestamp): the analyzer passes the unit keyword as a string literal.
  custom('timestampadd', 'scalar', (args) => {
    checkArity('timestampadd', args, 3);
    const t = expectArg('timestampadd', args, 2, 'timestamp');
    const returnType = isPrimitiveNamed(t, 'timestamp_ntz') ? t : TimestampType;
    return {
      inputTypes: [
        expectArg('timestampadd', args, 0, 'string'),
        expectArg('timestampadd', args, 1, 'int'),
        returnType,
      ],
      returnType,
    };
  }),
];
