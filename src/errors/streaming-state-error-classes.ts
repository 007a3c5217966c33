/**
 * Error classes of Structured Streaming's watermarks and state stores, with Spark's names, SQLSTATEs and
 * messages (error-conditions.json). Spark raises a negative watermark delay as a plain
 * IllegalArgumentException; lakesql names it so that callers can match it, with Spark's text.
 */
export const STREAMING_STATE_ERROR_CLASSES = {
  EVENT_TIME_IS_NOT_ON_TIMESTAMP_TYPE: {
    sqlState: '42K09',
    message: 'The event time <eventName> has the invalid type <eventType>, but expected "TIMESTAMP".',
  },
  STREAMING_WATERMARK_DELAY_NEGATIVE: {
    sqlState: '22023',
    message: 'delay threshold (<delayThreshold>) should not be negative.',
  },
  // Delta's sink: DeltaErrors.outputModeNotSupportedException.
  DELTA_UNSUPPORTED_OUTPUT_MODE: {
    sqlState: '0AKDC',
    message: 'Data source <dataSource> does not support <mode> output mode',
  },
  'CANNOT_LOAD_STATE_STORE.CANNOT_READ_DELTA_FILE_NOT_EXISTS': {
    sqlState: '58030',
    message:
      'An error occurred during loading state. Failed to read delta file <fileToRead> of <clazz>: that file does not exist.',
  },
} as const;
