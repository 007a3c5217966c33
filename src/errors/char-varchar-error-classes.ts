/**
 * Spark's length check of CHAR(n)/VARCHAR(n) columns on write (CharVarcharCodegenUtils.varcharTypeWriteSideCheck,
 * QueryExecutionErrors.exceedMaxLimit): a value longer than n characters once its trailing spaces beyond n
 * are trimmed cannot be stored.
 */
export const CHAR_VARCHAR_ERROR_CLASSES = {
  EXCEED_LIMIT_LENGTH: {
    sqlState: '54006',
    message: 'Exceeds char/varchar type length limitation: <limit>.',
  },
} as const;
