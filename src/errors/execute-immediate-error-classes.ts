/**
 * Error classes of EXECUTE IMMEDIATE (sql-ref-syntax-aux-exec-imm.html), with Spark's names, SQLSTATEs and
 * messages (error-conditions.json).
 */
export const EXECUTE_IMMEDIATE_ERROR_CLASSES = {
  ALL_PARAMETERS_MUST_BE_NAMED: {
    sqlState: '07001',
    message:
      'Using name parameterized queries requires all parameters to be named. Parameters missing names: <exprs>.',
  },
  EXEC_IMMEDIATE_DUPLICATE_ARGUMENT_ALIASES: {
    sqlState: '42701',
    message:
      'The USING clause of this EXECUTE IMMEDIATE command contained multiple arguments with same alias (<aliases>), which is invalid; please update the command to specify unique aliases and then try it again.',
  },
  INVALID_STATEMENT_FOR_EXECUTE_INTO: {
    sqlState: '07501',
    message:
      'The INTO clause of EXECUTE IMMEDIATE is only valid for queries but the given statement is not a query: <sqlString>.',
  },
  INVALID_VARIABLE_TYPE_FOR_QUERY_EXECUTE_IMMEDIATE: {
    sqlState: '42K09',
    message: 'Variable type must be string type but got <varType>.',
  },
  NESTED_EXECUTE_IMMEDIATE: {
    sqlState: '07501',
    message:
      'Nested EXECUTE IMMEDIATE commands are not allowed. Please ensure that the SQL query provided (<sqlString>) does not contain another EXECUTE IMMEDIATE command.',
  },
  NULL_QUERY_STRING_EXECUTE_IMMEDIATE: {
    sqlState: '22004',
    message:
      'Execute immediate requires a non-null variable as the query string, but the provided variable <varName> is null.',
  },
  UNSUPPORTED_EXPR_FOR_PARAMETER: {
    sqlState: '42K0E',
    message:
      'A query parameter contains unsupported expression. Parameters can either be variables or literals. Invalid expression: [<invalidExprSql>]',
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;
