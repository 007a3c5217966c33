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
} as const;
