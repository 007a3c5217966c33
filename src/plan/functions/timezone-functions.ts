/**
 * Spark's time-zone conversions (datetimeExpressions.scala: FromUTCTimestamp, ToUTCTimestamp,
 * ConvertTimezone). Zones are strings as DateTimeUtils.getZoneId reads them.
 */
import { TimestampNtzType, TimestampType } from '../../types/data-types.js';
import type { FunctionSignature } from './function-signature.js';
import { checkArity, custom, expectArg } from './signature-kit.js';
import { isPrimitiveNamed } from './type-classes.js';

/** from_utc_timestamp / to_utc_timestamp: (TIMESTAMP, STRING) -> TIMESTAMP; TIMESTAMP_NTZ is cast too. */
const utcTimestamp = (name: string): FunctionSignature =>
  custom(name, 'scalar', (args) => {
    checkArity(name, args, 2);
    expectArg(name, args, 0, 'timestamp');
    return { inputTypes: [TimestampType, expectArg(name, args, 1, 'string')], returnType: TimestampType };
  });

export const TIMEZONE_FUNCTIONS: readonly FunctionSignature[] = [
  utcTimestamp('from_utc_timestamp'),
  utcTimestamp('to_utc_timestamp'),
  custom(
    'convert_timezone',
    'scalar',
    (args) => {
      checkArity('convert_timezone', args, 2, 3);
      const zones = args.slice(0, -1).map((_, i) => expectArg('convert_timezone', args, i, 'string'));
      const last = args.length - 1;
      const t = expectArg('convert_timezone', args, last, 'timestamp');
      // ConvertTimezone takes TIMESTAMP_NTZ: a TIMESTAMP (or a date, or a string) is cast to it.
      const ntz = isPrimitiveNamed(t, 'timestamp_ntz') ? t : TimestampNtzType;
      return { inputTypes: [...zones, ntz], returnType: TimestampNtzType };
    },
    {
      // The two-argument form is ConvertTimezone(CurrentTimeZone(), target, ts).
      prettyName: (args) =>
        `convert_timezone(${(args.length === 2 ? ['current_timezone()', ...args] : args).join(', ')})`,
    },
  ),
];
