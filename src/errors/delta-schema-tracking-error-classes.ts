/**
 * Error classes of a Delta streaming source's schema tracking log (option `schemaTrackingLocation`), with
 * Delta's names, SQLSTATEs and messages (delta-error-classes.json).
 */
export const DELTA_SCHEMA_TRACKING_ERROR_CLASSES = {
  DELTA_STREAMING_METADATA_EVOLUTION: {
    sqlState: '22000',
    message:
      'The schema, table configuration or protocol of your Delta table has changed during streaming.\nThe schema or metadata tracking log has been updated.\nPlease restart the stream to continue processing using the updated metadata.\nUpdated schema: <schema>.\nUpdated table configurations: <config>.\nUpdated table protocol: <protocol>',
  },
  DELTA_STREAMING_CANNOT_CONTINUE_PROCESSING_POST_SCHEMA_EVOLUTION: {
    sqlState: 'KD002',
    message:
      "We've detected one or more non-additive schema change(s) (<opType>) between Delta version <previousSchemaChangeVersion> and <currentSchemaChangeVersion> in the Delta streaming source.\nPlease check if you want to manually propagate the schema change(s) to the sink table before we proceed with stream processing using the finalized schema at <currentSchemaChangeVersion>.\nOnce you have fixed the schema of the sink table or have decided there is no need to fix, you can set (one of) the following SQL configurations to unblock the non-additive schema change(s) and continue stream processing.\nTo unblock for this particular stream just for this series of schema change(s): set `<allowCkptVerKey> = <allowCkptVerValue>`.\nTo unblock for this particular stream: set `<allowCkptKey> = <allowCkptValue>`\nTo unblock for all streams: set `<allowAllKey> = <allowAllValue>`.\nAlternatively if applicable, you may replace the `<allowAllMode>` with `<opSpecificMode>` in the SQL conf to unblock stream for just this schema change type.",
  },
  DELTA_STREAMING_INCOMPATIBLE_SCHEMA_CHANGE_USE_SCHEMA_LOG: {
    sqlState: '42KD4',
    message:
      "Streaming read is not supported on tables with read-incompatible schema changes (e.g. rename or drop or datatype changes).\nPlease provide a 'schemaTrackingLocation' to enable non-additive schema evolution for Delta stream processing.\nSee <docLink> for more details.\nRead schema: <readSchema>. Incompatible data schema: <incompatibleSchema>.",
  },
  DELTA_STREAMING_SCHEMA_LOCATION_CONFLICT: {
    sqlState: '22000',
    message:
      "Detected conflicting schema location '<loc>' while streaming from table or table located at '<table>'.\nAnother stream may be reusing the same schema location, which is not allowed.\nPlease provide a new unique `schemaTrackingLocation` path or `streamingSourceTrackingId` as a reader option for one of the streams from this table.",
  },
  DELTA_STREAMING_SCHEMA_LOCATION_NOT_UNDER_CHECKPOINT: {
    sqlState: '22000',
    message:
      "Schema location '<schemaTrackingLocation>' must be placed under checkpoint location '<checkpointLocation>'.",
  },
  DELTA_STREAMING_SCHEMA_LOG_DESERIALIZE_FAILED: {
    sqlState: '22000',
    message:
      "Incomplete log file in the Delta streaming source schema log at '<location>'.\nThe schema log may have been corrupted. Please pick a new schema location.",
  },
  DELTA_STREAMING_SCHEMA_LOG_INCOMPATIBLE_DELTA_TABLE_ID: {
    sqlState: '22000',
    message:
      'Detected incompatible Delta table id when trying to read Delta stream.\nPersisted table id: <persistedId>, Table id: <tableId>\nThe schema log might have been reused. Please pick a new schema location.',
  },
  DELTA_STREAMING_SCHEMA_LOG_PARSE_SCHEMA_FAILED: {
    sqlState: '22000',
    message:
      'Failed to parse the schema from the Delta streaming source schema log.\nThe schema log may have been corrupted. Please pick a new schema location.',
  },
} as const;
