/**
 * Error classes of SET TIME ZONE (Spark's AstBuilder.visitSetTimeZone), with Spark's names, SQLSTATEs and
 * messages (error-conditions.json).
 */
export const TIME_ZONE_ERROR_CLASSES = {
  _LEGACY_ERROR_TEMP_0045: {
    sqlState: '42000',
    message: 'Invalid time zone displacement value.',
  },
  'INVALID_INTERVAL_FORMAT.TIMEZONE_INTERVAL_OUT_OF_RANGE': {
    sqlState: '22006',
    message:
      "Error parsing '<input>' to interval. Please ensure that the value provided is in a valid format for defining an interval. You can reference the documentation for the correct format. The interval value must be in the range of [-18, +18] hours with second precision.",
  },
} as const;
