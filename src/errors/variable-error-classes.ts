/**
 * Error classes of temporary SQL variables (DECLARE, SET VAR, DROP TEMPORARY VARIABLE), with Spark's names,
 * SQLSTATEs and messages (error-conditions.json).
 */
export const VARIABLE_ERROR_CLASSES = {
  VARIABLE_ALREADY_EXISTS: {
    sqlState: '42723',
    message:
      'Cannot create the variable <variableName> because it already exists.\nChoose a different name, or drop or replace the existing variable.',
  },
  VARIABLE_NOT_FOUND: {
    sqlState: '42883',
    message:
      'The variable <variableName> cannot be found. Verify the spelling and correctness of the schema and catalog.\nIf you did not qualify the name with a schema and catalog, verify the current_schema() output, or qualify the name with the correct schema and catalog.\nTo tolerate the error on drop use DROP VARIABLE IF EXISTS.',
  },
  UNRESOLVED_VARIABLE: {
    sqlState: '42883',
    message: 'Cannot resolve variable <variableName> on search path <searchPath>.',
  },
  DUPLICATE_ASSIGNMENTS: {
    sqlState: '42701',
    message: 'The columns or variables <nameList> appear more than once as assignment targets.',
  },
  ROW_SUBQUERY_TOO_MANY_ROWS: {
    sqlState: '21000',
    message: 'More than one row returned by a subquery used as a row.',
  },
  'INVALID_SQL_SYNTAX.VARIABLE_TYPE_OR_DEFAULT_REQUIRED': {
    sqlState: '42000',
    message:
      "Invalid SQL syntax: The definition of a SQL variable requires either a datatype or a DEFAULT clause.\nFor example, use `DECLARE name STRING` or `DECLARE name = 'SQL'` instead of `DECLARE name`.",
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;
