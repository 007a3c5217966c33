/**
 * Error classes of the VARIANT type and its functions, with Spark's names, SQLSTATEs and messages
 * (error-conditions.json).
 */
export const VARIANT_ERROR_CLASSES = {
  MALFORMED_VARIANT: {
    sqlState: '22023',
    message: 'Variant binary is malformed. Please check the data source is valid.',
  },
  VARIANT_SIZE_LIMIT: {
    sqlState: '22023',
    message:
      'Cannot build variant bigger than <sizeLimit> in <functionName>. Please avoid large input strings to this expression (for example, add function calls(s) to check the expression size and convert it to NULL first if it is too big).',
  },
  VARIANT_DUPLICATE_KEY: {
    sqlState: '22023',
    message: 'Failed to build variant because of a duplicate object key `<key>`.',
  },
  INVALID_VARIANT_CAST: {
    sqlState: '22023',
    message:
      'The variant value `<value>` cannot be cast into `<dataType>`. Please use `try_variant_get` instead.',
  },
  GROUP_EXPRESSION_TYPE_IS_NOT_ORDERABLE: {
    sqlState: '42822',
    message:
      'The expression <sqlExpr> cannot be used as a grouping expression because its data type <dataType> is not an orderable data type.',
  },
  INVALID_VARIANT_GET_PATH: {
    sqlState: '22023',
    message:
      'The path `<path>` is not a valid variant extraction path in `<functionName>`. A valid path should start with `$` and is followed by zero or more segments like `[123]`, `.name`, `[\'name\']`, or `["name"]`.',
  },
} as const;
