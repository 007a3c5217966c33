/**
 * Delta's error classes of CLONE, TRUNCATE, DROP FEATURE and GENERATE (delta-io/delta
 * spark/src/main/resources/error/delta-error-classes.json), with their SQLSTATEs and message templates.
 */
export const TABLE_UTILITY_ERROR_CLASSES = {
  DELTA_CLONE_AMBIGUOUS_TARGET: {
    sqlState: '42613',
    message:
      'Two paths were provided as the CLONE target so it is ambiguous which to use. An external location for CLONE was provided at <externalLocation> at the same time as the path <targetIdentifier>.',
  },
  DELTA_CLONE_UNSUPPORTED_SOURCE: {
    sqlState: '0AKDC',
    message:
      "Unsupported clone source '<name>', whose format is <format>. The supported formats are 'delta', 'iceberg' and 'parquet'.",
  },
  DELTA_INVALID_CLONE_PATH: {
    sqlState: '22KD1',
    message:
      'The target location for CLONE needs to be an absolute path or table name. Use an absolute path instead of <path>.',
  },
  DELTA_UNSUPPORTED_CLONE_REPLACE_SAME_TABLE: {
    sqlState: '0AKDC',
    message:
      'You tried to REPLACE an existing table (<tableName>) with CLONE. This operation is unsupported. Try a different target for CLONE or delete the table at the current target.',
  },
  DELTA_UNSUPPORTED_NON_EMPTY_CLONE: {
    sqlState: '0AKDC',
    message:
      'The clone destination table is non-empty. Please TRUNCATE or DELETE FROM the table before running CLONE.',
  },
  DELTA_UNSUPPORTED_COLUMN_MAPPING_MODE_CHANGE: {
    sqlState: '0AKDC',
    message: "Changing column mapping mode from '<oldMode>' to '<newMode>' is not supported.",
  },
  DELTA_TRUNCATE_TABLE_PARTITION_NOT_SUPPORTED: {
    sqlState: '0AKDC',
    message:
      'Operation not allowed: TRUNCATE TABLE on Delta tables does not support partition predicates; use DELETE to delete specific partitions or rows.',
  },
  DELTA_UNSUPPORTED_GENERATE_WITH_DELETION_VECTORS: {
    sqlState: '0A000',
    message:
      "The 'GENERATE symlink_format_manifest' command is not supported on table versions with deletion vectors. If you need to generate manifests, consider disabling deletion vectors on this table using 'ALTER TABLE table SET TBLPROPERTIES (delta.enableDeletionVectors = false)'.",
  },
  DELTA_UNSUPPORTED_MANIFEST_GENERATION_WITH_COLUMN_MAPPING: {
    sqlState: '0AKDC',
    message:
      'Manifest generation is not supported for tables that leverage column mapping, as external readers cannot read these Delta tables. See Delta documentation for more details.',
  },
  DELTA_MODE_NOT_SUPPORTED: {
    sqlState: '0AKDC',
    message: "Specified mode '<mode>' is not supported. Supported modes are: <supportedModes>",
  },
  DELTA_FEATURE_DROP_FEATURE_NOT_PRESENT: {
    sqlState: '55000',
    message:
      "Cannot drop <feature> from this table because it is not currently present in the table's protocol.",
  },
  DELTA_FEATURE_DROP_NONREMOVABLE_FEATURE: {
    sqlState: '0AKDC',
    message: 'Cannot drop <feature> because dropping this feature is not supported.',
  },
  DELTA_FEATURE_DROP_UNSUPPORTED_CLIENT_FEATURE: {
    sqlState: '0AKDC',
    message:
      'Cannot drop <feature> because it is not supported by this Delta version. Consider using Delta with a higher version.',
  },
  DELTA_FEATURE_DROP_FEATURE_IS_DELTA_PROPERTY: {
    sqlState: '42000',
    message:
      'Cannot drop `<property>` from this table because this is a delta table property and not a table feature.',
  },
  DELTA_FEATURE_DROP_DEPENDENT_FEATURE: {
    sqlState: '55000',
    message:
      'Cannot drop table feature `<feature>` because some other features (<dependentFeatures>) in this table depends on `<feature>`. Consider dropping them first before dropping this feature.',
  },
  DELTA_FEATURE_DROP_HISTORY_TRUNCATION_NOT_ALLOWED: {
    sqlState: '42000',
    message: 'The particular feature does not require history truncation.',
  },
  DELTA_FEATURE_DROP_WAIT_FOR_RETENTION_PERIOD: {
    sqlState: '22KD0',
    message:
      'Dropping <feature> was partially successful. The feature is now no longer used in the current version of the table. However, the feature is still present in historical versions of the table. The table feature cannot be dropped from the table protocol until these historical versions have expired. To drop the table feature from the protocol, please wait for the historical versions to expire, and then repeat this command. The retention period for historical versions is currently configured as <logRetentionPeriodKey>=<logRetentionPeriod>. Alternatively, please wait for the TRUNCATE HISTORY retention period to expire (<truncateHistoryLogRetentionPeriod>) and then run: ALTER TABLE table_name DROP FEATURE feature_name TRUNCATE HISTORY',
  },
  DELTA_FEATURE_DROP_HISTORICAL_VERSIONS_EXIST: {
    sqlState: '22KD0',
    message:
      'Cannot drop <feature> because the Delta log contains historical versions that use the feature. Please wait until the history retention period (<logRetentionPeriodKey>=<logRetentionPeriod>) has passed since the feature was last active. Alternatively, please wait for the TRUNCATE HISTORY retention period to expire (<truncateHistoryLogRetentionPeriod>) and then run: ALTER TABLE table_name DROP FEATURE feature_name TRUNCATE HISTORY',
  },
  DELTA_CANNOT_DROP_CHECK_CONSTRAINT_FEATURE: {
    sqlState: '0AKDE',
    message:
      'Cannot drop the CHECK constraints table feature. The following constraints must be dropped first: <constraints>.',
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;
