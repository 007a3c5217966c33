/** Error classes of LIMIT/OFFSET/TABLESAMPLE n ROWS (CheckAnalysis.checkLimitLikeClause), error-conditions.json's text. */
export const LIMIT_ERROR_CLASSES = {
  'INVALID_LIMIT_LIKE_EXPRESSION.DATA_TYPE': {
    sqlState: '42K0E',
    message:
      'The limit like expression <expr> is invalid. The <name> expression must be integer type, but got <dataType>.',
  },
  'INVALID_LIMIT_LIKE_EXPRESSION.IS_NULL': {
    sqlState: '42K0E',
    message: 'The limit like expression <expr> is invalid. The evaluated <name> expression must not be null.',
  },
} as const;
