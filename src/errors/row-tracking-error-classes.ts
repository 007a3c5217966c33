/**
 * Error classes of Delta's row tracking (delta-error-classes.json), raised when a commit assigns row ids
 * (delta/row-tracking.ts), or when a rewrite cannot keep rows' ids.
 */
export const ROW_TRACKING_ERROR_CLASSES = {
  // A rewrite of a table with row tracking enabled whose metadata lacks a materialized column name
  // (MaterializedRowTrackingColumn.getMaterializedColumnNameOrThrow): its rows' ids cannot be kept.
  DELTA_MATERIALIZED_ROW_TRACKING_COLUMN_NAME_MISSING: {
    sqlState: '22000',
    message: 'Materialized <rowTrackingColumn> column name missing for <tableName>.',
  },
  DELTA_ROW_ID_ASSIGNMENT_WITHOUT_STATS: {
    sqlState: '22000',
    message:
      'Cannot assign row IDs without row count statistics: the file <path> has no numRecords in its statistics. Recompute the statistics of the table (or write the file with statistics) and retry.',
  },
} as const;
