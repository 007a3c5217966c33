/**
 * More of Spark's date and time functions (datetimeExpressions.scala): TimestampAdd, MillisToTimestamp,
 * MicrosToTimestamp, DayName, MonthName and try_to_date.
 */
import { DateType, StringType, TimestampType } from '../../types/data-types.js';
import type { FunctionSignature } from './function-signature.js';
import { checkArity, custom, expectArg, simple } from './signature-kit.js';
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
  simple('timestamp_millis', { args: ['integral'], returns: TimestampType }),
  simple('timestamp_micros', { args: ['integral'], returns: TimestampType }),
  simple('dayname', { args: ['date'], returns: StringType }),
  simple('monthname', { args: ['date'], returns: StringType }),
  // try_to_date(str[, fmt]): to_date, NULL where it would fail.
  custom('try_to_date', 'scalar', (args) => {
    checkArity('try_to_date', args, 1, 2);
    const inputTypes = args.map((a, i) =>
      i === 0 && a.type.kind === 'primitive' && ['date', 'timestamp', 'timestamp_ntz'].includes(a.type.name)
        ? a.type
        : expectArg('try_to_date', args, i, 'string'),
    );
    return { inputTypes, returnType: DateType };
  }),
];
