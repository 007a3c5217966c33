/**
 * Error classes of SQL pipe syntax (`FROM t |> WHERE … |> AGGREGATE …`), with Spark's names, SQLSTATEs and
 * messages (error-conditions.json).
 */
export const PIPE_OPERATOR_ERROR_CLASSES = {
  PIPE_OPERATOR_CONTAINS_AGGREGATE_FUNCTION: {
    sqlState: '0A000',
    message:
      'Aggregate function <expr> is not allowed when using the pipe operator |> <clause> clause; please use the pipe operator |> AGGREGATE clause instead.',
  },
  PIPE_OPERATOR_AGGREGATE_EXPRESSION_CONTAINS_NO_AGGREGATE_FUNCTION: {
    sqlState: '0A000',
    message:
      'Non-grouping expression <expr> is provided as an argument to the |> AGGREGATE pipe operator but does not contain any aggregate function; please update it to include an aggregate function and then retry the query again.',
  },
  'UNSUPPORTED_FEATURE.PIPE_OPERATOR_AGGREGATE_UNSUPPORTED_CASE': {
    sqlState: '0A000',
    message:
      'The feature is not supported: The SQL pipe operator syntax with aggregation (using |> AGGREGATE) does not support <case>.',
  },
  'NOT_ALLOWED_IN_PIPE_OPERATOR_WHERE.WINDOW_CLAUSE': {
    sqlState: '42601',
    message: 'Not allowed in the pipe WHERE clause: WINDOW clause.',
  },
  'UNSUPPORTED_FEATURE.COMBINATION_QUERY_RESULT_CLAUSES': {
    sqlState: '0A000',
    message: 'The feature is not supported: Combination of ORDER BY/SORT BY/DISTRIBUTE BY/CLUSTER BY.',
  },
  MULTIPLE_QUERY_RESULT_CLAUSES_WITH_PIPE_OPERATORS: {
    sqlState: '42000',
    message:
      "<clause1> and <clause2> cannot coexist in the same SQL pipe operator using '|>'. Please separate the multiple result clauses into separate pipe operators and then retry the query again.",
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;
