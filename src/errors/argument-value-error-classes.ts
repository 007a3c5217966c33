/**
 * Error classes for an argument whose value, not type, Spark refuses at analysis (error-conditions.json;
 * a sub-class message follows its parent's).
 */
export const ARGUMENT_VALUE_ERROR_CLASSES = {
  'DATATYPE_MISMATCH.INVALID_ARG_VALUE': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: The <inputName> value must to be a <requireType> literal of <validValues>, but got <inputValue>.',
  },
} as const;
