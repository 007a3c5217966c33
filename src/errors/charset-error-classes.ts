/**
 * Error classes of Spark's charset coding (encode, decode), with Spark's names, SQLSTATEs and messages
 * (error-conditions.json). INVALID_PARAMETER_VALUE.CHARSET, shared with the file readers, lives in
 * error-classes.ts.
 */
export const CHARSET_ERROR_CLASSES = {
  MALFORMED_CHARACTER_CODING: {
    sqlState: '22000',
    message: 'Invalid value found when performing <function> with <charset>',
  },
} as const;
