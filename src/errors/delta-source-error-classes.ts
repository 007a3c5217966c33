/**
 * Error classes of Delta's streaming source options, with Delta's names, SQLSTATEs and messages
 * (delta-error-classes.json): startingVersion and startingTimestamp are exclusive, and a startingTimestamp
 * must read as a timestamp.
 */
export const DELTA_SOURCE_ERROR_CLASSES = {
  DELTA_STARTING_VERSION_AND_TIMESTAMP_BOTH_SET: {
    sqlState: '42613',
    message: "Please either provide '<version>' or '<timestamp>'",
  },
  DELTA_TIMESTAMP_INVALID: {
    sqlState: '42816',
    message: 'The provided timestamp (<expr>) cannot be converted to a valid timestamp.',
  },
} as const;
