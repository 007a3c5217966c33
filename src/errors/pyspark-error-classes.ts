/**
 * PySpark's argument errors (python/pyspark/errors/error-conditions.json), raised where a TypeScript caller
 * passes a value PySpark would refuse: a number where a condition string or Column is expected, an options
 * object where PySpark takes positional arguments. PySpark's classes carry no SQLSTATE; lakesql gives them
 * 22023 (invalid parameter value), and 0A000 (feature not supported) to NOT_IMPLEMENTED.
 */
export const PYSPARK_ERROR_CLASSES = {
  NOT_COLUMN_OR_STR: {
    sqlState: '22023',
    message: 'Argument `<arg_name>` should be a Column or str, got <arg_type>.',
  },
  NOT_DATAFRAME: {
    sqlState: '22023',
    message: 'Argument `<arg_name>` should be a DataFrame, got <arg_type>.',
  },
  NOT_DICT: { sqlState: '22023', message: 'Argument `<arg_name>` should be a dict, got <arg_type>.' },
  NOT_STR: { sqlState: '22023', message: 'Argument `<arg_name>` should be a str, got <arg_type>.' },
  NOT_INT: { sqlState: '22023', message: 'Argument `<arg_name>` should be an int, got <arg_type>.' },
  NOT_BOOL: { sqlState: '22023', message: 'Argument `<arg_name>` should be a bool, got <arg_type>.' },
  NOT_STR_OR_STRUCT: {
    sqlState: '22023',
    message: 'Argument `<arg_name>` should be a str or struct type, got <arg_type>.',
  },
  NOT_STRUCT: {
    sqlState: '22023',
    message: 'Argument `<arg_name>` should be a struct type, got <arg_type>.',
  },
  UNSUPPORTED_SIGNATURE: { sqlState: '22023', message: 'Unsupported signature: <signature>.' },
  NOT_IMPLEMENTED: { sqlState: '0A000', message: '<feature> is not implemented.' },
} as const;
