/**
 * Error classes of SQL user-defined functions (CREATE / DROP FUNCTION and calls of them), with Spark's
 * names, SQLSTATEs and messages (error-conditions.json; a sub-class message follows its parent's).
 */
const UDF = 'User defined function is invalid: ';

export const SQL_FUNCTION_ERROR_CLASSES = {
  ROUTINE_ALREADY_EXISTS: {
    sqlState: '42723',
    message:
      'Cannot create the <newRoutineType> <routineName> because a <existingRoutineType> of that name already exists.\nChoose a different name, drop or replace the existing <existingRoutineType>, or add the IF NOT EXISTS clause to tolerate a pre-existing <newRoutineType>.',
  },
  ROUTINE_NOT_FOUND: {
    sqlState: '42883',
    message:
      'The routine <routineName> cannot be found. Verify the spelling and correctness of the schema and catalog.\nIf you did not qualify the name with a schema and catalog, verify the current_schema() output, or qualify the name with the correct schema and catalog.\nTo tolerate the error on drop use DROP ... IF EXISTS.',
  },
  DUPLICATE_ROUTINE_PARAMETER_NAMES: {
    sqlState: '42734',
    message:
      'Found duplicate name(s) in the parameter list of the user-defined routine <routineName>: <names>.',
  },
  DUPLICATE_ROUTINE_RETURNS_COLUMNS: {
    sqlState: '42711',
    message:
      'Found duplicate column(s) in the RETURNS clause column list of the user-defined routine <routineName>: <columns>.',
  },
  'INVALID_SQL_SYNTAX.CREATE_FUNC_WITH_GENERATED_COLUMNS_AS_PARAMETERS': {
    sqlState: '42000',
    message: 'Invalid SQL syntax: CREATE FUNCTION with generated columns as parameters is not supported.',
  },
  'INVALID_SQL_SYNTAX.CREATE_TEMP_FUNC_WITH_DATABASE': {
    sqlState: '42000',
    message:
      'Invalid SQL syntax: CREATE TEMPORARY FUNCTION with specifying a database(<database>) is not allowed.',
  },
  'USER_DEFINED_FUNCTIONS.NOT_NULL_ON_FUNCTION_PARAMETERS': {
    sqlState: '42601',
    message: `${UDF}Cannot specify NOT NULL on function parameters: <input>`,
  },
  'USER_DEFINED_FUNCTIONS.NOT_A_VALID_DEFAULT_PARAMETER_POSITION': {
    sqlState: '42601',
    message: `${UDF}In routine <functionName> parameter <parameterName> with DEFAULT must not be followed by parameter <nextParameterName> without DEFAULT.`,
  },
  'USER_DEFINED_FUNCTIONS.NOT_A_VALID_DEFAULT_EXPRESSION': {
    sqlState: '42601',
    message: `${UDF}The DEFAULT expression of <functionName>.<parameterName> is not supported because it contains a subquery.`,
  },
  'USER_DEFINED_FUNCTIONS.RETURN_COLUMN_COUNT_MISMATCH': {
    sqlState: '42601',
    message: `${UDF}The number of columns produced by the RETURN clause (num: \`<outputSize>\`) does not match the number of column names specified by the RETURNS clause (num: \`<returnParamSize>\`) of <name>.`,
  },
  'USER_DEFINED_FUNCTIONS.SQL_TABLE_UDF_BODY_MUST_BE_A_QUERY': {
    sqlState: '42601',
    message: `${UDF}SQL table function <name> body must be a query.`,
  },
  'USER_DEFINED_FUNCTIONS.CANNOT_CONTAIN_COMPLEX_FUNCTIONS': {
    sqlState: '42601',
    message: `${UDF}SQL scalar function cannot contain aggregate/window/generate functions: <queryText>`,
  },
  NOT_A_SCALAR_FUNCTION: {
    sqlState: '42887',
    message:
      '<functionName> appears as a scalar expression here, but the function was defined as a table function. Please update the query to move the function call into the FROM clause, or redefine <functionName> as a scalar function instead.',
  },
  NOT_A_TABLE_FUNCTION: {
    sqlState: '42887',
    message:
      '<functionName> appears as a table function here, but the function was defined as a scalar function. Please update the query to move the function call outside the FROM clause, or redefine <functionName> as a table function instead.',
  },
  UNRECOGNIZED_PARAMETER_NAME: {
    sqlState: '4274K',
    message:
      'Cannot invoke routine <routineName> because the routine call included a named argument reference for the argument named <argumentName>, but this routine does not include any signature containing an argument with this name. Did you mean one of the following? [<proposal>].',
  },
  REQUIRED_PARAMETER_NOT_FOUND: {
    sqlState: '4274K',
    message:
      'Cannot invoke routine <routineName> because the parameter named <parameterName> is required, but the routine call did not supply a value. Please update the routine call to supply an argument value (either positionally at index <index> or by name) and retry the query again.',
  },
  UNEXPECTED_POSITIONAL_ARGUMENT: {
    sqlState: '4274K',
    message:
      'Cannot invoke routine <routineName> because it contains positional argument(s) following the named argument assigned to <parameterName>; please rearrange them so the positional arguments come first and then retry the query again.',
  },
  'DUPLICATE_ROUTINE_PARAMETER_ASSIGNMENT.BOTH_POSITIONAL_AND_NAMED': {
    sqlState: '4274K',
    message:
      'Call to routine <routineName> is invalid because it includes multiple argument assignments to the same parameter name <parameterName>. A positional argument and named argument both referred to the same parameter. Please remove the named argument referring to this parameter.',
  },
  'DUPLICATE_ROUTINE_PARAMETER_ASSIGNMENT.DOUBLE_NAMED_ARGUMENT_REFERENCE': {
    sqlState: '4274K',
    message:
      'Call to routine <routineName> is invalid because it includes multiple argument assignments to the same parameter name <parameterName>. More than one named argument referred to the same parameter. Please assign a value only once.',
  },
  UNSUPPORTED_SQL_UDF_USAGE: {
    sqlState: '0A000',
    message: 'Using SQL function <functionName> in <nodeName> is not supported.',
  },
} as const;
