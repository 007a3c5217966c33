/**
 * Error classes of parameterized SQL: parameter markers (`spark.sql(text, args)`) and the IDENTIFIER clause,
 * with Spark's names and SQLSTATEs.
 */
export const PARAMETER_ERROR_CLASSES = {
  UNBOUND_SQL_PARAMETER: {
    sqlState: '42P02',
    message:
      'Found the unbound parameter: <name>. Please, fix `args` and provide a mapping of the parameter to either a SQL literal or collection constructor functions such as `map()`, `array()`, `struct()`.',
  },
  INVALID_QUERY_MIXED_QUERY_PARAMETERS: {
    sqlState: '42613',
    message: 'Parameterized query must either use positional, or named parameters, but not both.',
  },
  'NOT_A_CONSTANT_STRING.NOT_CONSTANT': {
    sqlState: '42601',
    message:
      'The expression <expr> used for the routine or clause <name> must be a constant STRING which is NOT NULL. To be considered constant the expression must not depend on any columns, contain a subquery, or invoke a non deterministic function such as rand().',
  },
  'NOT_A_CONSTANT_STRING.NULL': {
    sqlState: '42601',
    message:
      'The expression <expr> used for the routine or clause <name> must be a constant STRING which is NOT NULL. The expression evaluated to NULL.',
  },
  'NOT_A_CONSTANT_STRING.WRONG_TYPE': {
    sqlState: '42601',
    message:
      'The expression <expr> used for the routine or clause <name> must be a constant STRING which is NOT NULL. The data type of the expression is <dataType>.',
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;
