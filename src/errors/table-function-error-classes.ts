/**
 * Error classes of relations in FROM: table-valued functions and LATERAL subqueries, with Spark's names,
 * SQLSTATEs and messages (error-conditions.json).
 */
export const TABLE_FUNCTION_ERROR_CLASSES = {
  // `FROM explode(array(1, 2)) t(a, b)`: the alias names more columns than the function returns.
  NUM_TABLE_VALUE_ALIASES_MISMATCH: {
    sqlState: '42826',
    message:
      'Number of given aliases does not match number of output columns. Function name: <funcName>; number of aliases: <aliasesNum>; number of output columns: <outColsNum>.',
  },
  // `t NATURAL JOIN LATERAL (…)`: Spark refuses a lateral right side for NATURAL and USING joins.
  INCOMPATIBLE_JOIN_TYPES: {
    sqlState: '42613',
    message: 'The join types <joinType1> and <joinType2> are incompatible.',
  },
  'UNSUPPORTED_FEATURE.LATERAL_JOIN_USING': {
    sqlState: '0A000',
    message: 'The feature is not supported: JOIN USING with LATERAL correlation.',
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;
