/**
 * Error classes of Delta's row tracking (delta-error-classes.json), raised when a commit assigns row ids
 * (delta/row-tracking.ts).
 */
export const ROW_TRACKING_ERROR_CLASSES = {
  DELTA_ROW_ID_ASSIGNMENT_WITHOUT_STATS: {
    sqlState: '22000',
    message:
      'Cannot assign row IDs without row count statistics: the file <path> has no numRecords in its statistics. Recompute the statistics of the table (or write the file with statistics) and retry.',
  },
} as const;
