/**
 * Spark's date and time functions (datetimeExpressions.scala). Patterns are Spark's DateTimeFormatter
 * letters (sql-ref-datetime-pattern.html); exec/functions/datetime-pattern.ts translates them.
 */
import {
  DateType,
  DoubleType,
  IntegerType,
  LongType,
  StringType,
  TimestampNtzType,
  TimestampType,
} from '../../types/data-types.js';
import type { FunctionSignature } from './function-signature.js';
import { checkArity, custom, expectArg, simple } from './signature-kit.js';
import { isPrimitiveNamed } from './type-classes.js';

const datePart = (name: string, aliases?: readonly string[]): FunctionSignature =>
  simple(name, { args: ['date'], returns: IntegerType, ...(aliases ? { aliases } : {}) });
const timePart = (name: string): FunctionSignature =>
  simple(name, { args: ['timestamp'], returns: IntegerType });

export const DATETIME_FUNCTIONS: readonly FunctionSignature[] = [
  simple('current_date', { aliases: ['curdate'], args: [], returns: DateType, nullable: false }),
  simple('current_timestamp', {
    aliases: ['now', 'localtimestamp'],
    args: [],
    returns: TimestampType,
    nullable: false,
  }),
  simple('current_timezone', { args: [], returns: StringType, nullable: false }),
  custom('date_format', 'scalar', (args) => {
    checkArity('date_format', args, 2);
    return {
      inputTypes: [
        expectArg('date_format', args, 0, 'timestamp'),
        expectArg('date_format', args, 1, 'string'),
      ],
      returnType: StringType,
    };
  }),
  simple('to_date', { args: ['string', 'string'], optionalFrom: 1, returns: DateType }),
  simple('to_timestamp', { args: ['string', 'string'], optionalFrom: 1, returns: TimestampType }),
  simple('to_timestamp_ntz', { args: ['string', 'string'], optionalFrom: 1, returns: TimestampNtzType }),
  simple('from_unixtime', { args: ['long', 'string'], optionalFrom: 1, returns: StringType }),
  simple('unix_timestamp', {
    aliases: ['to_unix_timestamp'],
    args: ['string', 'string'],
    optionalFrom: 0,
    returns: LongType,
  }),
  simple('date_add', { aliases: ['dateadd'], args: ['date', 'int'], returns: DateType }),
  simple('date_sub', { args: ['date', 'int'], returns: DateType }),
  simple('datediff', { args: ['date', 'date'], returns: IntegerType }),
  simple('add_months', { args: ['date', 'int'], returns: DateType }),
  simple('months_between', {
    args: ['timestamp', 'timestamp', 'boolean'],
    optionalFrom: 2,
    returns: DoubleType,
  }),
  simple('last_day', { args: ['date'], returns: DateType }),
  simple('next_day', { args: ['date', 'string'], returns: DateType }),
  simple('trunc', { args: ['date', 'string'], returns: DateType }),
  custom('date_trunc', 'scalar', (args) => {
    checkArity('date_trunc', args, 2);
    const t = expectArg('date_trunc', args, 1, 'timestamp');
    return {
      inputTypes: [expectArg('date_trunc', args, 0, 'string'), t],
      returnType: isPrimitiveNamed(t, 'timestamp_ntz') ? t : TimestampType,
    };
  }),
  datePart('year'),
  datePart('quarter'),
  datePart('month'),
  datePart('day', ['dayofmonth']),
  datePart('dayofweek'),
  datePart('weekday'),
  datePart('dayofyear'),
  datePart('weekofyear'),
  timePart('hour'),
  timePart('minute'),
  timePart('second'),
  simple('make_date', { args: ['int', 'int', 'int'], returns: DateType }),
  simple('unix_date', { args: ['date'], returns: IntegerType }),
  simple('date_from_unix_date', { args: ['int'], returns: DateType }),
  simple('unix_seconds', { args: ['timestamp'], returns: LongType }),
  simple('unix_millis', { args: ['timestamp'], returns: LongType }),
  simple('unix_micros', { args: ['timestamp'], returns: LongType }),
  simple('timestamp_seconds', { args: ['double'], returns: TimestampType }),
];
