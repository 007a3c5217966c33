/**
 * Spark's FAILED_READ_FILE family (error-conditions.json): a data file that exists but cannot be decoded.
 * The decoder's own words stay in the error's cause.
 */
export const READ_FILE_ERROR_CLASSES = {
  'FAILED_READ_FILE.NO_HINT': { sqlState: 'KD001', message: 'Encountered error while reading file <path>.' },
} as const satisfies Record<string, { sqlState: string; message: string }>;
