/**
 * Error classes of time travel timestamps (Spark's TimeTravelSpec.create and the reader options), with
 * Spark's names, SQLSTATEs and messages (error-conditions.json, INVALID_TIME_TRAVEL_TIMESTAMP_EXPR).
 */
export const TIME_TRAVEL_ERROR_CLASSES = {
  'INVALID_TIME_TRAVEL_TIMESTAMP_EXPR.INPUT': {
    sqlState: '42K0E',
    message:
      'The time travel timestamp expression <expr> is invalid. Cannot be casted to the "TIMESTAMP" type.',
  },
  'INVALID_TIME_TRAVEL_TIMESTAMP_EXPR.NON_DETERMINISTIC': {
    sqlState: '42K0E',
    message: 'The time travel timestamp expression <expr> is invalid. Must be deterministic.',
  },
  'INVALID_TIME_TRAVEL_TIMESTAMP_EXPR.OPTION': {
    sqlState: '42K0E',
    message:
      'The time travel timestamp expression <expr> is invalid. Timestamp string in the options must be able to cast to TIMESTAMP type.',
  },
  'INVALID_TIME_TRAVEL_TIMESTAMP_EXPR.UNEVALUABLE': {
    sqlState: '42K0E',
    message: 'The time travel timestamp expression <expr> is invalid. Must be evaluable.',
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;
