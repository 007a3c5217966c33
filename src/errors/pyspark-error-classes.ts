/**
 * PySpark's own error classes (python/pyspark/errors/error-conditions.json), raised by the DataFrame and
 * DeltaTable APIs where a TypeScript caller passes what PySpark would refuse: a number where a condition string
 * or Column is expected, an options object where PySpark takes positional arguments, a Column coerced to a
 * boolean. PySpark raises them as PySparkTypeError / PySparkValueError, which carry no SQLSTATE; lakesql gives
 * each the SQLSTATE of the nearest Spark SQL condition (42K09 for a wrong argument type, 22023 for a wrong
 * argument value, 0A000 for NOT_IMPLEMENTED), so that every LakesqlError has one.
 */
export const PYSPARK_ERROR_CLASSES = {
  NOT_COLUMN: { sqlState: '42K09', message: 'Argument `<arg_name>` should be a Column, got <arg_type>.' },
  NOT_COLUMN_OR_STR: {
    sqlState: '42K09',
    message: 'Argument `<arg_name>` should be a Column or str, got <arg_type>.',
  },
  NOT_STR: { sqlState: '42K09', message: 'Argument `<arg_name>` should be a str, got <arg_type>.' },
  NOT_FLOAT: { sqlState: '42K09', message: 'Argument `<arg_name>` should be a float, got <arg_type>.' },
  NOT_INT: { sqlState: '42K09', message: 'Argument `<arg_name>` should be an int, got <arg_type>.' },
  NOT_DATAFRAME: {
    sqlState: '42K09',
    message: 'Argument `<arg_name>` should be a DataFrame, got <arg_type>.',
  },
  NOT_CALLABLE: { sqlState: '42K09', message: 'Argument `<arg_name>` should be a callable, got <arg_type>.' },
  WRONG_NUM_ARGS_FOR_HIGHER_ORDER_FUNCTION: {
    sqlState: '42K09',
    message:
      'Function `<func_name>` should take between 1 and 3 arguments, but the provided function takes <num_args>.',
  },
  NOT_LIST_OF_STR: {
    sqlState: '42K09',
    message: 'Argument `<arg_name>` should be a list[str], got <arg_type>.',
  },
  CANNOT_CONVERT_COLUMN_INTO_BOOL: {
    sqlState: '42K09',
    message:
      "Cannot convert column into bool: please use '.and()' for 'and', '.or()' for 'or', '.not()' for 'not', and '.gt()', '.lt()', '.equalTo()' … for comparisons when building DataFrame boolean expressions.",
  },
  NOT_BOOL_OR_DICT_OR_FLOAT_OR_INT_OR_STR: {
    sqlState: '42K09',
    message: 'Argument `<arg_name>` should be a bool, dict, float, int or str, got <arg_type>.',
  },
  NOT_BOOL_OR_FLOAT_OR_INT_OR_LIST_OR_NONE_OR_STR_OR_TUPLE: {
    sqlState: '42K09',
    message: 'Argument `<arg_name>` should be a bool, float, int, list, None, str or tuple, got <arg_type>.',
  },
  VALUE_NOT_ANY_OR_ALL: {
    sqlState: '22023',
    message: "Value for `<arg_name>` must be 'any' or 'all', got '<arg_value>'.",
  },
  LENGTH_SHOULD_BE_THE_SAME: {
    sqlState: '22023',
    message: '<arg1> and <arg2> should be of the same length, got <arg1_length> and <arg2_length>.',
  },
  ARGUMENT_REQUIRED: {
    sqlState: '22023',
    message: 'Argument `<arg_name>` is required when <condition>.',
  },
  // Spark's summary() (StatFunctions), errors still without a proper name in Spark.
  _LEGACY_ERROR_TEMP_2113: { sqlState: '22023', message: 'Unable to parse <stats> as a percentile.' },
  _LEGACY_ERROR_TEMP_2114: { sqlState: '22023', message: '<stats> is not a recognised statistic.' },
  MIXED_TYPE_REPLACEMENT: { sqlState: '42K09', message: 'Mixed type replacements are not supported.' },
  VALUE_NOT_BETWEEN: {
    sqlState: '22023',
    message: 'Value for `<arg_name>` must be between <min> and <max>.',
  },
  VALUE_NOT_POSITIVE: {
    sqlState: '22023',
    message: "Value for `<arg_name>` must be positive, got '<arg_value>'.",
  },
  NOT_DICT: { sqlState: '42K09', message: 'Argument `<arg_name>` should be a dict, got <arg_type>.' },
  NOT_BOOL: { sqlState: '42K09', message: 'Argument `<arg_name>` should be a bool, got <arg_type>.' },
  NOT_STR_OR_STRUCT: {
    sqlState: '42K09',
    message: 'Argument `<arg_name>` should be a str or struct type, got <arg_type>.',
  },
  NOT_STRUCT: {
    sqlState: '42K09',
    message: 'Argument `<arg_name>` should be a struct type, got <arg_type>.',
  },
  UNSUPPORTED_SIGNATURE: { sqlState: '42K09', message: 'Unsupported signature: <signature>.' },
  NOT_IMPLEMENTED: { sqlState: '0A000', message: '<feature> is not implemented.' },
} as const satisfies Record<string, { sqlState: string; message: string }>;
