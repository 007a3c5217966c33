/**
 * Error classes of interval literals that lakesql raised under other classes before (Spark's
 * AstBuilder.visitUnitToUnitInterval), with Spark's names, SQLSTATEs and messages (error-conditions.json).
 */
export const INTERVAL_LITERAL_ERROR_CLASSES = {
  _LEGACY_ERROR_TEMP_0024: {
    sqlState: '42000',
    message: 'Can only have a single from-to unit in the interval literal syntax.',
  },
  _LEGACY_ERROR_TEMP_0029: {
    sqlState: '42000',
    message: 'Cannot mix year-month and day-time fields: <literal>.',
  },
  // AstBuilder.visitUnitToUnitInterval wraps IntervalUtils' IllegalArgumentException (a field out of range).
  _LEGACY_ERROR_TEMP_0063: {
    sqlState: '42000',
    message: '<msg>.',
  },
  _LEGACY_ERROR_TEMP_0026: {
    sqlState: '42000',
    message:
      'Can only use numbers in the interval value part for multiple unit value pairs interval form, but got invalid value: <value>.',
  },
  _LEGACY_ERROR_TEMP_0027: {
    sqlState: '42000',
    message: 'The value of from-to unit must be a string.',
  },
  'INVALID_INTERVAL_FORMAT.UNSUPPORTED_FROM_TO_EXPRESSION': {
    sqlState: '22006',
    message:
      "Error parsing '<input>' to interval. Please ensure that the value provided is in a valid format for defining an interval. You can reference the documentation for the correct format. Cannot support (interval '<input>' <from> to <to>) expression.",
  },
} as const;
