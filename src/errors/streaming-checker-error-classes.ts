/**
 * The error of Spark's UnsupportedOperationChecker, which refuses a streaming query's plan when
 * writeStream…start() is called: an AnalysisException of the legacy class `_LEGACY_ERROR_TEMP_3102` whose
 * only parameter is the checker's sentence (error-conditions.json: `"message": ["<msg>"]`). Spark gives
 * legacy classes no SQLSTATE; lakesql uses 42000, as for its other legacy analysis errors.
 */
export const STREAMING_CHECKER_ERROR_CLASSES = {
  _LEGACY_ERROR_TEMP_3102: { sqlState: '42000', message: '<msg>' },
} as const;
