/**
 * Spark's error classes of the streaming file sink and its `_spark_metadata` log (Spark's
 * error-conditions.json: HDFSMetadataLog's concurrent-writer check and the log's version check).
 */
export const STREAMING_SINK_ERROR_CLASSES = {
  // DataStreamWriter.assertNotPartitioned: partitionBy with a sink that has no folder layout.
  _LEGACY_ERROR_TEMP_1197: { sqlState: '42000', message: "'<operation>' does not support partitioning." },
  CONCURRENT_STREAM_LOG_UPDATE: {
    sqlState: '40000',
    message:
      'Concurrent update to the log. Multiple streaming jobs detected for <batchId>. Please make sure only one streaming job runs on a specific checkpoint location at a time.',
  },
  'INVALID_LOG_VERSION.EXACT_MATCH_VERSION': {
    sqlState: 'KD002',
    message: 'The only supported log version is v<matchVersion>, but encountered v<version>.',
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;
