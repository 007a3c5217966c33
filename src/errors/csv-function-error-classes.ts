/**
 * Error classes of Spark's CSV functions (from_csv, to_csv, schema_of_csv), with Spark's names, SQLSTATEs and
 * messages (error-conditions.json; a sub-class message follows its parent's).
 */
export const CSV_FUNCTION_ERROR_CLASSES = {
  'INVALID_SCHEMA.NON_STRUCT_TYPE': {
    sqlState: '42K07',
    message:
      'The input schema <inputSchema> is not a valid schema string. The input expression should be evaluated to struct type, but got <dataType>.',
  },
  'DATATYPE_MISMATCH.UNSUPPORTED_INPUT_TYPE': {
    sqlState: '42K09',
    message:
      "Cannot resolve <sqlExpr> due to data type mismatch: The input of <functionName> can't be <dataType> type data.",
  },
} as const;
