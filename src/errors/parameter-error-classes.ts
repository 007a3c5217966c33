/** Error classes of parameter markers (`spark.sql(text, args)`), with Spark's names and SQLSTATEs. */
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
} as const satisfies Record<string, { sqlState: string; message: string }>;
