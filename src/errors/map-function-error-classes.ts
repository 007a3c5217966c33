/**
 * Error classes of the map and higher-order functions (map_concat, map_zip_with, array_sort, …), with Spark's
 * names, SQLSTATEs and messages (error-conditions.json). Kept apart from the shared registry file.
 */
export const MAP_FUNCTION_ERROR_CLASSES = {
  'DATATYPE_MISMATCH.UNEXPECTED_RETURN_TYPE': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: The <functionName> requires return <expectedType> type, but the actual is <actualType> type.',
  },
  'DATATYPE_MISMATCH.MAP_ZIP_WITH_DIFF_TYPES': {
    sqlState: '42K09',
    message:
      "Cannot resolve <sqlExpr> due to data type mismatch: Input to the <functionName> should have been two maps with compatible key types, but it's [<leftType>, <rightType>].",
  },
  'DATATYPE_MISMATCH.MAP_CONCAT_DIFF_TYPES': {
    sqlState: '42K09',
    message:
      "Cannot resolve <sqlExpr> due to data type mismatch: The <functionName> should all be of type map, but it's <dataType>.",
  },
  'DATATYPE_MISMATCH.MAP_FUNCTION_DIFF_TYPES': {
    sqlState: '42K09',
    message:
      "Cannot resolve <sqlExpr> due to data type mismatch: Input to <functionName> should have been <dataType> followed by a value with same key type, but it's [<leftType>, <rightType>].",
  },
  'DATATYPE_MISMATCH.NULL_TYPE': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: Null typed values cannot be used as arguments of <functionName>.',
  },
  COMPARATOR_RETURNS_NULL: {
    sqlState: '22004',
    message:
      'The comparator has returned a NULL for a comparison between <firstValue> and <secondValue>. It should return a positive integer for "greater than", 0 for "equal" and a negative integer for "less than". To revert to deprecated behavior where NULL is treated as 0 (equal), you must set "spark.sql.legacy.allowNullComparisonResultInArraySort" to "true".',
  },
  // ArrayBasedMapBuilder.putAll (map_from_arrays): Spark has no SQLSTATE for it.
  _LEGACY_ERROR_TEMP_2128: {
    sqlState: 'XX000',
    message: 'The key array and value array of MapData must have the same length.',
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;
