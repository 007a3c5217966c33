/**
 * Spark's date and time functions (datetimeExpressions.scala). Patterns are Spark's DateTimeFormatter
 * letters (sql-ref-datetime-pattern.html), formatted and parsed by engine/udfs (spark-datetime-format.ts,
 * spark-datetime-parse.ts) with the session time zone.
 */
import {
  type DataType,
  DateType,
  DoubleType,
  IntegerType,
  LongType,
  StringType,
  TimestampNtzType,
  TimestampType,
} from '../../types/data-types.js';
import { DATE_PART_FUNCTIONS } from './date-part.js';
import type { FunctionSignature } from './function-signature.js';
import { INTERVAL_FUNCTIONS } from './interval-functions.js';
import { checkArity, custom, expectArg, simple } from './signature-kit.js';
import { isPrimitiveNamed } from './type-classes.js';

const DATETIME_NAMES = new Set(['date', 'timestamp', 'timestamp_ntz']);

/**
 * to_date / to_timestamp* / unix_timestamp (Spark's ParseToDate, ParseToTimestamp, ToUnixTimestamp): a
 * date or timestamp argument is taken as it is (the pattern is then ignored), anything else is parsed as a
 * string with the optional pattern.
 */
function parseFunction(name: string, type: DataType | 'session', minArgs = 1): FunctionSignature {
  return custom(name, 'scalar', (args, semantics) => {
    // `session`: to_timestamp gives spark.sql.timestampType (ParseToTimestamp's default dataType).
    const returnType = type !== 'session' ? type : semantics.timestampNtz ? TimestampNtzType : TimestampType;
    checkArity(name, args, minArgs, 2);
    const inputTypes = args.map((a, i) =>
      i === 0 && a.type.kind === 'primitive' && DATETIME_NAMES.has(a.type.name)
        ? a.type
        : expectArg(name, args, i, 'string'),
    );
    return { inputTypes, returnType };
  });
}

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
    // Spark's DateFormatClass takes TIMESTAMP: dates, strings and TIMESTAMP_NTZ are cast to it.
    expectArg('date_format', args, 0, 'timestamp');
    return {
      inputTypes: [TimestampType, expectArg('date_format', args, 1, 'string')],
      returnType: StringType,
    };
  }),
  parseFunction('to_date', DateType),
  parseFunction('to_timestamp', 'session'),
  parseFunction('to_timestamp_ltz', TimestampType),
  parseFunction('to_timestamp_ntz', TimestampNtzType),
  parseFunction('try_to_timestamp', 'session'),
  simple('from_unixtime', { args: ['long', 'string'], optionalFrom: 1, returns: StringType }),
  parseFunction('unix_timestamp', LongType, 0),
  parseFunction('to_unix_timestamp', LongType),
  simple('date_add', { aliases: ['dateadd'], args: ['date', 'int'], returns: DateType }),
  simple('date_sub', { args: ['date', 'int'], returns: DateType }),
  simple('datediff', { aliases: ['date_diff'], args: ['date', 'date'], returns: IntegerType }),
  simple('timestampdiff', { args: ['string', 'timestamp', 'timestamp'], returns: LongType }),
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
  ...DATE_PART_FUNCTIONS,
  simple('make_date', { args: ['int', 'int', 'int'], returns: DateType }),
  simple('unix_date', { args: ['date'], returns: IntegerType }),
  simple('date_from_unix_date', { args: ['int'], returns: DateType }),
  simple('unix_seconds', { args: ['timestamp'], returns: LongType }),
  simple('unix_millis', { args: ['timestamp'], returns: LongType }),
  simple('unix_micros', { args: ['timestamp'], returns: LongType }),
  simple('timestamp_seconds', { args: ['double'], returns: TimestampType }),
  ...INTERVAL_FUNCTIONS,
];
