/**
 * The datetime functions' runtime error classes, with the names, SQLSTATEs and messages of Spark 4.0's
 * error-conditions.json (time zones, make_timestamp's fields, next_day's day names).
 */
export const DATETIME_ERROR_CLASSES = {
  INVALID_TIMEZONE: {
    sqlState: '22009',
    message:
      "The timezone: <timeZone> is invalid. The timezone must be either a region-based zone ID or a zone offset. Region IDs must have the form 'area/city', such as 'America/Los_Angeles'. Zone offsets must be in the format '(+|-)HH', '(+|-)HH:mm’ or '(+|-)HH:mm:ss', e.g '-08' , '+01:00' or '-13:33:33', and must be in the range from -18:00 to +18:00. 'Z' and 'UTC' are accepted as synonyms for '+00:00'.",
  },
  DATETIME_FIELD_OUT_OF_BOUNDS: {
    sqlState: '22023',
    message: '<rangeMessage>. If necessary set <ansiConfig> to "false" to bypass this error.',
  },
  INVALID_FRACTION_OF_SECOND: {
    sqlState: '22023',
    message:
      'Valid range for seconds is [0, 60] (inclusive), but the provided value is <secAndMicros>. To avoid this error, use `try_make_timestamp`, which returns NULL on error. If you do not want to use the session default timestamp version of this function, use `try_make_timestamp_ntz` or `try_make_timestamp_ltz`.',
  },
  ILLEGAL_DAY_OF_WEEK: { sqlState: '22009', message: 'Illegal input for day of week: <string>.' },
  DATETIME_OVERFLOW: { sqlState: '22008', message: 'Datetime operation overflow: <operation>.' },
} as const;
