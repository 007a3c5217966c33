/**
 * The unit argument of timestampadd/timestampdiff and their spellings (dateadd, date_add, datediff,
 * date_diff, timediff): Spark's parser takes the unit as a keyword and refuses a string literal
 * (AstBuilder.visitTimestampadd / visitTimestampdiff, error-conditions.json).
 */
export const DATETIME_UNIT_ERROR_CLASSES = {
  'INVALID_PARAMETER_VALUE.DATETIME_UNIT': {
    sqlState: '22023',
    message:
      'The value of parameter(s) <parameter> in <functionName> is invalid: expects one of the units without quotes YEAR, QUARTER, MONTH, WEEK, DAY, DAYOFYEAR, HOUR, MINUTE, SECOND, MILLISECOND, MICROSECOND, but got the string literal <invalidValue>.',
  },
} as const;
