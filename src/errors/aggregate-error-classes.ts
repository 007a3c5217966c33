/**
 * Error classes of Spark's aggregate functions (percentiles, mode, listagg and the WITHIN GROUP clause), with
 * Spark's names, SQLSTATEs and messages (error-conditions.json; a sub-class message follows its parent's).
 */
export const AGGREGATE_ERROR_CLASSES = {
  'INVALID_WITHIN_GROUP_EXPRESSION.DISTINCT_UNSUPPORTED': {
    sqlState: '42K0K',
    message:
      'Invalid function <funcName> with WITHIN GROUP. The function does not support DISTINCT with WITHIN GROUP.',
  },
  'INVALID_WITHIN_GROUP_EXPRESSION.MISMATCH_WITH_DISTINCT_INPUT': {
    sqlState: '42K0K',
    message:
      'Invalid function <funcName> with WITHIN GROUP. The function is invoked with DISTINCT and WITHIN GROUP but expressions <funcArg> and <orderingExpr> do not match. The WITHIN GROUP ordering expression must be picked from the function inputs.',
  },
  'INVALID_WITHIN_GROUP_EXPRESSION.WITHIN_GROUP_MISSING': {
    sqlState: '42K0K',
    message: 'Invalid function <funcName> with WITHIN GROUP. WITHIN GROUP is required for the function.',
  },
  'INVALID_WITHIN_GROUP_EXPRESSION.WRONG_NUM_ORDERINGS': {
    sqlState: '42K0K',
    message:
      'Invalid function <funcName> with WITHIN GROUP. The function requires <expectedNum> orderings in WITHIN GROUP but got <actualNum>.',
  },
  'INVALID_SQL_SYNTAX.FUNCTION_WITH_UNSUPPORTED_SYNTAX': {
    sqlState: '42000',
    message: 'Invalid SQL syntax: The function <prettyName> does not support <syntax>.',
  },
  INVALID_WINDOW_SPEC_FOR_AGGREGATION_FUNC: {
    sqlState: '42601',
    message: 'Cannot specify ORDER BY or a window frame for <aggFunc>.',
  },
  UNEXPECTED_INPUT_TYPE: {
    sqlState: '42K09',
    message:
      'Parameter <paramIndex> of function <functionName> requires the <requiredType> type, however <inputSql> has the type <inputType>.',
  },
  NEGATIVE_VALUES_IN_FREQUENCY_EXPRESSION: {
    sqlState: '22003',
    message:
      'Found the negative value in <frequencyExpression>: <negativeValue>, but expected a positive integral value.',
  },
} as const;
