/**
 * Error classes of generators (stack, inline …) and ANSI interval functions, with Spark's names, SQLSTATEs and
 * messages (error-conditions.json).
 */
export const GENERATOR_ERROR_CLASSES = {
  // ExtractIntervalPart: a field the interval type does not have.
  _LEGACY_ERROR_TEMP_1102: {
    sqlState: '42000',
    message: "Literals of type '<field>' are currently not supported for the <srcDataType> type.",
  },
  // range() arguments that are not numbers.
  _LEGACY_ERROR_TEMP_1179: {
    sqlState: '42000',
    message:
      'Table-valued function <name> with alternatives: <usage>\ncannot be applied to (<arguments>): <details>.',
  },
  'DATATYPE_MISMATCH.STACK_COLUMN_DIFF_TYPES': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: The data type of the column (<columnIndex>) do not have the same type: <leftType> (<leftParamIndex>) <> <rightType> (<rightParamIndex>).',
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;
