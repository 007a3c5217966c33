/**
 * Error classes of Spark's LIKE patterns (StringUtils.escapeLikeRegex), with Spark's names, SQLSTATEs and
 * messages (error-conditions.json, INVALID_FORMAT's subclasses). `format` is the pattern as Spark's
 * toSQLValue prints it.
 */
export const LIKE_PATTERN_ERROR_CLASSES = {
  'INVALID_FORMAT.ESC_AT_THE_END': {
    sqlState: '42601',
    message: 'The format is invalid: <format>. The escape character is not allowed to end with.',
  },
  'INVALID_FORMAT.ESC_IN_THE_MIDDLE': {
    sqlState: '42601',
    message: 'The format is invalid: <format>. The escape character is not allowed to precede <char>.',
  },
} as const;
