/** Error classes of Spark's random functions (randomExpressions.scala), with error-conditions.json's text. */
export const RANDOM_ERROR_CLASSES = {
  'INVALID_PARAMETER_VALUE.LENGTH': {
    sqlState: '22023',
    message:
      'The value of parameter(s) <parameter> in <functionName> is invalid: Expects `length` greater than or equal to 0, but got <length>.',
  },
} as const;
