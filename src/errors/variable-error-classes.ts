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
  'UNSUPPORTED_FEATURE.SET_VARIABLE_USING_SET': {
    sqlState: '0A000',
    message:
      'The feature is not supported: <variableName> is a VARIABLE and cannot be updated using the SET statement. Use SET VARIABLE <variableName> = ... instead.',
  },
  DEFAULT_PLACEMENT_INVALID: {
    sqlState: '42608',
    message:
      'A DEFAULT keyword in a MERGE, INSERT, UPDATE, or SET VARIABLE command could not be directly assigned to a target column because it was part of an expression.\nFor example: `UPDATE SET c1 = DEFAULT` is allowed, but `UPDATE T SET c1 = DEFAULT + 1` is not allowed.',
  },
  INVALID_SET_SYNTAX: {
    sqlState: '42000',
    message:
      "Expected format is 'SET', 'SET key', or 'SET key=value'. If you want to include special characters in key, or include semicolon in value, please use backquotes, e.g., SET `key`=`value`.",
  },
  'INVALID_DEFAULT_VALUE.SUBQUERY_EXPRESSION': {
    sqlState: '42623',
    message:
      'Failed to execute <statement> command because the destination column or variable <colName> has a DEFAULT value <defaultValue> which contains subquery expressions.',
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
