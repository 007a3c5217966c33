/** Error classes of syntax that Spark parses but a function or clause refuses, with Spark's names and SQLSTATEs. */
export const SYNTAX_ERROR_CLASSES = {
  'INVALID_SQL_SYNTAX.FUNCTION_WITH_UNSUPPORTED_SYNTAX': {
    sqlState: '42000',
    message: 'Invalid SQL syntax: The function <prettyName> does not support <syntax>.',
  },
  INVALID_IDENTIFIER: {
    sqlState: '42602',
    message:
      "The unquoted identifier <ident> is invalid and must be back quoted as: `<ident>`. Unquoted identifiers can only contain ASCII letters ('a' - 'z', 'A' - 'Z'), digits ('0' - '9'), and underbar ('_'). Unquoted identifiers must also not start with a digit. Different data sources and meta stores may impose additional restrictions on valid identifiers.",
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;
