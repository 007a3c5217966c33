/**
 * Error classes of statements too large for lakesql to handle, with Spark's names, SQLSTATEs and messages
 * (error-conditions.json).
 */
export const COMPLEXITY_ERROR_CLASSES = {
  // Spark's parser raises it when its recursion overflows the stack (QueryParsingErrors.parserStackOverflow).
  // lakesql raises it for a statement whose tree is too deep for the JS stack in any stage (parser, analyzer,
  // compiler) or for DuckDB's expression depth limit on the SQL compiled from it: a 10,000-term sum or a
  // chain of 5,000 UNION ALLs fails with it instead of a RangeError.
  FAILED_TO_PARSE_TOO_COMPLEX: {
    sqlState: '54001',
    message:
      'The statement, including potential SQL functions and referenced views, was too complex to parse. To mitigate this error divide the statement into multiple, less complex chunks.',
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;
