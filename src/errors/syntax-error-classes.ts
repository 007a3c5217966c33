/** Error classes of syntax that Spark parses but a function or clause refuses, with Spark's names and SQLSTATEs. */
export const SYNTAX_ERROR_CLASSES = {
  'INVALID_SQL_SYNTAX.FUNCTION_WITH_UNSUPPORTED_SYNTAX': {
    sqlState: '42000',
    message: 'Invalid SQL syntax: The function <prettyName> does not support <syntax>.',
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;
