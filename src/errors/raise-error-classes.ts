/**
 * Error classes of raise_error(errorClass, parms) (Spark 4's QueryExecutionErrors.raiseError), with Spark's
 * names, SQLSTATEs and messages (error-conditions.json).
 */
export const RAISE_ERROR_CLASSES = {
  USER_RAISED_EXCEPTION_UNKNOWN_ERROR_CLASS: {
    sqlState: 'P0001',
    message: 'The raise_error() function was used to raise an unknown error class: <errorClass>',
  },
  USER_RAISED_EXCEPTION_PARAMETER_MISMATCH: {
    sqlState: 'P0001',
    message:
      'The `raise_error()` function was used to raise error class: <errorClass> which expects parameters: <expectedParms>. The provided parameters <providedParms> do not match the expected parameters. Please make sure to provide all expected parameters.',
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;
