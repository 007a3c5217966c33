/**
 * Error classes of `name => value` arguments to built-in functions that declare no parameter names, with
 * Spark's names, SQLSTATEs and messages (error-conditions.json).
 */
export const NAMED_ARGUMENT_ERROR_CLASSES = {
  NAMED_PARAMETERS_NOT_SUPPORTED: {
    sqlState: '4274K',
    message:
      'Named parameters are not supported for function <functionName>; please retry the query with positional arguments to the function call instead.',
  },
} as const;
