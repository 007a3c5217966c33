/**
 * Error classes of functions a session registers from JavaScript (spark.udf.register), with Spark's names,
 * SQLSTATEs and messages (error-conditions.json).
 */
export const USER_FUNCTION_ERROR_CLASSES = {
  /** The function threw while a query ran (ScalaUDF's udfErrorMessage; PySpark raises it for Python UDFs). */
  FAILED_EXECUTE_UDF: {
    sqlState: '39000',
    message:
      'User defined function (`<functionName>`: (`<signature>`) => `<result>`) failed due to: <reason>.',
  },
} as const;
