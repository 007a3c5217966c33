/**
 * Error classes of Spark's subquery checks (CheckAnalysis, RewritePredicateSubquery), with
 * error-conditions.json's text.
 */
export const SUBQUERY_ERROR_CLASSES = {
  'UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY.UNSUPPORTED_CORRELATED_EXPRESSION_IN_JOIN_CONDITION': {
    sqlState: '0A000',
    message:
      'Unsupported subquery expression: Correlated subqueries in the join predicate cannot reference both join inputs: <subqueryExpression>.',
  },
  'UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY.NON_DETERMINISTIC_LATERAL_SUBQUERIES': {
    sqlState: '0A000',
    message:
      'Unsupported subquery expression: Non-deterministic lateral subqueries are not supported when joining with outer relations that produce more than one row: <treeNode>',
  },
  'UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY.LATERAL_JOIN_CONDITION_NON_DETERMINISTIC': {
    sqlState: '0A000',
    message:
      'Unsupported subquery expression: Lateral join condition cannot be non-deterministic: <condition>.',
  },
  'UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY.CORRELATED_REFERENCE': {
    sqlState: '0A000',
    message:
      'Unsupported subquery expression: Expressions referencing the outer query are not supported outside of WHERE/HAVING clauses: <sqlExprs>.',
  },
  'UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY.AGGREGATE_FUNCTION_MIXED_OUTER_LOCAL_REFERENCES': {
    sqlState: '0A000',
    message:
      'Unsupported subquery expression: Found an aggregate function in a correlated predicate that has both outer and local references, which is not supported: <function>.',
  },
  'DATATYPE_MISMATCH.IN_SUBQUERY_LENGTH_MISMATCH': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: The number of columns in the left hand side of an IN subquery does not match the number of columns in the output of subquery. Left hand side columns(length: <leftLength>): [<leftColumns>], right hand side columns(length: <rightLength>): [<rightColumns>].',
  },
  'DATATYPE_MISMATCH.IN_SUBQUERY_DATA_TYPE_MISMATCH': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: The data type of one or more elements in the left hand side of an IN subquery is not compatible with the data type of the output of the subquery. Mismatched columns: [<mismatchedColumns>], left side: [<leftType>], right side: [<rightType>].',
  },
} as const;
