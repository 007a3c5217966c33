/**
 * The registry of error classes lakesql raises, with Spark's / Delta's class names and SQLSTATEs.
 * Users' retry loops and tests match on `errorClass`, so these names are a contract: see Spark's
 * error-conditions.json and Delta's delta-error-classes.json.
 *
 * A message template names its parameters as `<name>`, as Spark's do.
 */
import { AGGREGATE_ERROR_CLASSES } from './aggregate-error-classes.js';
import { ALTER_TABLE_ERROR_CLASSES } from './alter-table-error-classes.js';
import { ANALYSIS_ERROR_CLASSES } from './analysis-error-classes.js';
import { ARGUMENT_VALUE_ERROR_CLASSES } from './argument-value-error-classes.js';
import { AUTO_LOADER_ERROR_CLASSES } from './auto-loader-error-classes.js';
import { BUCKETING_ERROR_CLASSES } from './bucketing-error-classes.js';
import { CATALOG_LOCATION_ERROR_CLASSES } from './catalog-location-error-classes.js';
import { CHAR_VARCHAR_ERROR_CLASSES } from './char-varchar-error-classes.js';
import { CHARSET_ERROR_CLASSES } from './charset-error-classes.js';
import { CLUSTERING_ERROR_CLASSES } from './clustering-error-classes.js';
import { COLLATION_ERROR_CLASSES } from './collation-error-classes.js';
import { COLUMN_MAPPING_ERROR_CLASSES } from './column-mapping-error-classes.js';
import { COMPLEXITY_ERROR_CLASSES } from './complexity-error-classes.js';
import { CSV_FUNCTION_ERROR_CLASSES } from './csv-function-error-classes.js';
import { DATETIME_ERROR_CLASSES } from './datetime-error-classes.js';
import { DATETIME_UNIT_ERROR_CLASSES } from './datetime-unit-error-classes.js';
import { DELTA_SCHEMA_TRACKING_ERROR_CLASSES } from './delta-schema-tracking-error-classes.js';
import { DELTA_SOURCE_ERROR_CLASSES } from './delta-source-error-classes.js';
import { DESCRIBE_ERROR_CLASSES } from './describe-error-classes.js';
import { EXECUTE_IMMEDIATE_ERROR_CLASSES } from './execute-immediate-error-classes.js';
import { GENERATOR_ERROR_CLASSES } from './generator-error-classes.js';
import { INTERVAL_LITERAL_ERROR_CLASSES } from './interval-literal-error-classes.js';
import { LAMBDA_ERROR_CLASSES } from './lambda-error-classes.js';
import { LATERAL_ALIAS_ERROR_CLASSES } from './lateral-alias-error-classes.js';
import { LIKE_PATTERN_ERROR_CLASSES } from './like-pattern-error-classes.js';
import { LIMIT_ERROR_CLASSES } from './limit-error-classes.js';
import { MAP_FUNCTION_ERROR_CLASSES } from './map-function-error-classes.js';
import { NAMED_ARGUMENT_ERROR_CLASSES } from './named-argument-error-classes.js';
import { NESTED_COLUMN_ERROR_CLASSES } from './nested-column-error-classes.js';
import { PARAMETER_ERROR_CLASSES } from './parameter-error-classes.js';
import { PIPE_OPERATOR_ERROR_CLASSES } from './pipe-operator-error-classes.js';
import { PYSPARK_ERROR_CLASSES } from './pyspark-error-classes.js';
import { RAISE_ERROR_CLASSES } from './raise-error-classes.js';
import { RANDOM_ERROR_CLASSES } from './random-error-classes.js';
import { READ_FILE_ERROR_CLASSES } from './read-file-error-classes.js';
import { REFLECT_ERROR_CLASSES } from './reflect-error-classes.js';
import { RESULT_SIZE_ERROR_CLASSES } from './result-size-error-classes.js';
import { ROW_TRACKING_ERROR_CLASSES } from './row-tracking-error-classes.js';
import { SELECT_STAR_ERROR_CLASSES } from './select-star-error-classes.js';
import { SEQUENCE_ERROR_CLASSES } from './sequence-error-classes.js';
import { SQL_FUNCTION_ERROR_CLASSES } from './sql-function-error-classes.js';
import { STREAMING_CHECKER_ERROR_CLASSES } from './streaming-checker-error-classes.js';
import { STREAMING_SINK_ERROR_CLASSES } from './streaming-sink-error-classes.js';
import { STREAMING_STATE_ERROR_CLASSES } from './streaming-state-error-classes.js';
import { SUBQUERY_ERROR_CLASSES } from './subquery-error-classes.js';
import { SYNTAX_ERROR_CLASSES } from './syntax-error-classes.js';
import { TABLE_FUNCTION_ERROR_CLASSES } from './table-function-error-classes.js';
import { TABLE_UTILITY_ERROR_CLASSES } from './table-utility-error-classes.js';
import { TIME_TRAVEL_ERROR_CLASSES } from './time-travel-error-classes.js';
import { TIME_ZONE_ERROR_CLASSES } from './time-zone-error-classes.js';
import { USER_FUNCTION_ERROR_CLASSES } from './user-function-error-classes.js';
import { VARIABLE_ERROR_CLASSES } from './variable-error-classes.js';
import { VARIANT_ERROR_CLASSES } from './variant-error-classes.js';
import { VIEW_SCHEMA_ERROR_CLASSES } from './view-schema-error-classes.js';

export const ERROR_CLASSES = {
  ...ANALYSIS_ERROR_CLASSES,
  ...ARGUMENT_VALUE_ERROR_CLASSES,
  ...AGGREGATE_ERROR_CLASSES,
  ...PYSPARK_ERROR_CLASSES,
  ...TABLE_UTILITY_ERROR_CLASSES,
  ...ALTER_TABLE_ERROR_CLASSES,
  ...TIME_ZONE_ERROR_CLASSES,
  ...INTERVAL_LITERAL_ERROR_CLASSES,
  ...DATETIME_UNIT_ERROR_CLASSES,
  ...COLUMN_MAPPING_ERROR_CLASSES,
  ...CLUSTERING_ERROR_CLASSES,
  ...RANDOM_ERROR_CLASSES,
  ...SEQUENCE_ERROR_CLASSES,
  ...LIMIT_ERROR_CLASSES,
  ...REFLECT_ERROR_CLASSES,
  ...LAMBDA_ERROR_CLASSES,
  ...SUBQUERY_ERROR_CLASSES,
  ...ROW_TRACKING_ERROR_CLASSES,
  ...CHAR_VARCHAR_ERROR_CLASSES,
  ...CATALOG_LOCATION_ERROR_CLASSES,
  ...CHARSET_ERROR_CLASSES,
  ...BUCKETING_ERROR_CLASSES,
  ...DESCRIBE_ERROR_CLASSES,
  ...LIKE_PATTERN_ERROR_CLASSES,
  ...VARIABLE_ERROR_CLASSES,
  ...EXECUTE_IMMEDIATE_ERROR_CLASSES,
  ...SQL_FUNCTION_ERROR_CLASSES,
  ...NAMED_ARGUMENT_ERROR_CLASSES,
  ...LATERAL_ALIAS_ERROR_CLASSES,
  ...USER_FUNCTION_ERROR_CLASSES,
  ...PARAMETER_ERROR_CLASSES,
  ...SYNTAX_ERROR_CLASSES,
  ...MAP_FUNCTION_ERROR_CLASSES,
  ...DATETIME_ERROR_CLASSES,
  ...DELTA_SCHEMA_TRACKING_ERROR_CLASSES,
  ...DELTA_SOURCE_ERROR_CLASSES,
  ...GENERATOR_ERROR_CLASSES,
  ...TIME_TRAVEL_ERROR_CLASSES,
  ...NESTED_COLUMN_ERROR_CLASSES,
  ...RAISE_ERROR_CLASSES,
  ...CSV_FUNCTION_ERROR_CLASSES,
  ...STREAMING_CHECKER_ERROR_CLASSES,
  ...STREAMING_SINK_ERROR_CLASSES,
  ...AUTO_LOADER_ERROR_CLASSES,
  ...STREAMING_STATE_ERROR_CLASSES,
  ...VARIANT_ERROR_CLASSES,
  ...COMPLEXITY_ERROR_CLASSES,
  ...READ_FILE_ERROR_CLASSES,
  ...RESULT_SIZE_ERROR_CLASSES,
  ...VIEW_SCHEMA_ERROR_CLASSES,
  ...COLLATION_ERROR_CLASSES,
  ...TABLE_FUNCTION_ERROR_CLASSES,
  ...PIPE_OPERATOR_ERROR_CLASSES,
  ...SELECT_STAR_ERROR_CLASSES,
  // Structured Streaming: Spark's StreamingQueryManager raises an IllegalStateException with this text and no
  // class; lakesql names it so that callers can match it.
  STREAMING_QUERY_ALREADY_ACTIVE: { sqlState: '55000', message: '<reason>' },
  // Spark's error for an output mode other than append, update and complete.
  'STREAMING_OUTPUT_MODE.INVALID': {
    sqlState: '42KDE',
    message: 'Invalid streaming output mode: <outputMode>.',
  },
  // Auto Loader (Databricks' cloudFiles source). New columns met under schemaEvolutionMode addNewColumns
  // (retryable: the evolved schema is stored, a restart continues) or failOnNewColumns (not retryable).
  'UNKNOWN_FIELD_EXCEPTION.NEW_FIELDS_IN_FILE': {
    sqlState: 'KD003',
    message:
      'Encountered unknown fields during parsing: <unknownFields>, which can be fixed by an automatic retry: <isRetryable>. New fields in file <filePath>.',
  },
  CF_EMPTY_DIR_FOR_SCHEMA_INFERENCE: {
    sqlState: '42000',
    message:
      'Cannot infer schema when the input path `<path>` is empty. Please try to start the stream when there are files in the input path, or specify the schema.',
  },
  // Delta: reading the log
  DELTA_TABLE_NOT_FOUND: { sqlState: '42P01', message: 'Delta table <tableName> does not exist.' },
  DELTA_MISSING_DELTA_TABLE: { sqlState: '42P01', message: '<path> is not a Delta table.' },
  DELTA_VERSIONS_NOT_CONTIGUOUS: {
    sqlState: 'KD00C',
    message:
      'Versions (<versionList>) are not contiguous. The transaction log has a gap: commit files are missing.',
  },
  DELTA_STATE_RECOVER_ERROR: {
    sqlState: 'XXKDS',
    message:
      'The <component> of your Delta table could not be recovered while reconstructing version <version>.',
  },
  DELTA_MISSING_PART_FILES: {
    sqlState: '42KD6',
    message: "Couldn't find all part files of the checkpoint version: <version>",
  },
  DELTA_INVALID_PROTOCOL_VERSION: {
    sqlState: 'KD004',
    message:
      'Unsupported Delta protocol version: table "<tableNameOrPath>" requires reader version <readerRequired> and writer version <writerRequired>, but this version of lakesql supports reader versions <supportedReaders> and writer versions <supportedWriters>.',
  },
  DELTA_UNSUPPORTED_FEATURES_FOR_READ: {
    sqlState: '56038',
    message:
      'Unable to read this table because it requires reader table feature(s) that are unsupported by lakesql: <unsupported>.',
  },
  DELTA_UNSUPPORTED_FEATURES_FOR_WRITE: {
    sqlState: '56038',
    message:
      'Unable to write this table because it requires writer table feature(s) that are unsupported by lakesql: <unsupported>.',
  },
  DELTA_EMPTY_DIRECTORY: { sqlState: '42K03', message: 'No file found in the directory: <directory>.' },
  DELTA_LOG_FILE_NOT_FOUND: {
    sqlState: '42K03',
    message:
      'Unable to retrieve the delta log files to construct table version <version> starting from checkpoint version <checkpointVersion> at <logPath>.',
  },
  DELTA_FILE_NOT_FOUND_DETAILED: {
    sqlState: '42K03',
    message: 'File <filePath> referenced in the transaction log cannot be found.',
  },
  DELTA_VACUUM_RETENTION_PERIOD_TOO_SHORT: {
    sqlState: '22003',
    message:
      'The specified VACUUM retention period is too low and may corrupt this Delta table if any writes are in progress.\n\nIf no operations (insert, upsert, delete, optimize) are running, you can disable this safety check by setting:\ndelta.retentionDurationCheck.enabled = false\n\nOtherwise, use a retention period of at least <configuredRetentionHours> hours.',
  },
  DELTA_VACUUM_RETENTION_PERIOD_NEGATIVE: {
    sqlState: '22003',
    message: "Retention period for Vacuum can't be less than 0 hours.",
  },
  DELTA_CANNOT_VACUUM_LITE: {
    sqlState: '55000',
    message:
      'VACUUM LITE cannot delete all eligible files as some files are not referenced by the Delta log. Please run VACUUM FULL.',
  },
  DELTA_CANNOT_TIME_TRAVEL_VERSION: {
    sqlState: '22003',
    message:
      'Cannot time travel Delta table to version <version>. Available versions: [<earliest>, <latest>].',
  },
  // spark.read.format('delta').option('versionAsOf' | 'timestampAsOf', …) (DeltaDataSource.getTimeTravelVersion)
  DELTA_CREATE_TABLE_IDENTIFIER_LOCATION_MISMATCH: {
    sqlState: '0AKDC',
    message:
      "Creating path-based Delta table with a different location isn't supported. Identifier: <identifier>, Location: <location>.",
  },
  DELTA_ONEOF_IN_TIMETRAVEL: {
    sqlState: '42601',
    message: "Please either provide 'timestampAsOf' or 'versionAsOf' for time travel.",
  },
  DELTA_TIME_TRAVEL_INVALID_BEGIN_VALUE: {
    sqlState: '42604',
    message: '<timeTravelKey> needs to be a valid begin value.',
  },
  DELTA_TIMESTAMP_GREATER_THAN_COMMIT: {
    sqlState: '42816',
    message:
      'The provided timestamp (<providedTimestamp>) is after the latest version available to this table (<tableName>). Please use a timestamp before or at <maximumTimestamp>.',
  },
  DELTA_TIMESTAMP_EARLIER_THAN_COMMIT_RETENTION: {
    sqlState: '42816',
    message:
      'The provided timestamp (<userTimestamp>) is before the earliest version available to this table (<commitTs>). Please use a timestamp after <timestampString>.',
  },
  // Delta: change data feed reads (table_changes)
  DELTA_MISSING_CHANGE_DATA: {
    sqlState: 'KD002',
    message:
      "Error getting change data for range [<startVersion> , <endVersion>] as change data was not recorded for version [<version>]. If you've enabled change data feed on this table, use `DESCRIBE HISTORY` to see when it was first enabled. Otherwise, to start recording change data, use `ALTER TABLE table_name SET TBLPROPERTIES (<key>=true)`.",
  },
  DELTA_TABLE_ALREADY_CONTAINS_CDC_COLUMNS: {
    sqlState: '42711',
    message:
      "Unable to enable Change Data Capture on the table. The table already contains reserved columns <columnList> that will be used internally as metadata for the table's Change Data Feed. To enable Change Data Feed on the table rename/drop these columns.",
  },
  DELTA_INVALID_CDC_RANGE: {
    sqlState: '22003',
    message: 'CDC range from start <start> to end <end> was invalid. End cannot be before start.',
  },
  DELTA_CDC_READ_NULL_RANGE_BOUNDARY: {
    sqlState: '22004',
    message: 'CDC read start/end parameters cannot be null. Please provide a valid version or timestamp.',
  },
  DELTA_CDC_START_VERSION_AFTER_LATEST: {
    sqlState: '22003',
    message:
      'Provided start version (<start>) for reading change data is invalid. Start version cannot be greater than the latest version of the table (<latest>).',
  },
  // Delta: a table read as a stream (DeltaSource)
  DELTA_SOURCE_IGNORE_DELETE: {
    sqlState: '0A000',
    message:
      "Detected deleted data (for example <removedFile>) from streaming source at version <version>. This is currently not supported. If you'd like to ignore deletes, set the option 'ignoreDeletes' to 'true'. The source table can be found at path <dataPath>.",
  },
  DELTA_SOURCE_TABLE_IGNORE_CHANGES: {
    sqlState: '0A000',
    message:
      "Detected a data update (for example <removedFile>) in the source table at version <version>. This is currently not supported. If you'd like to ignore updates, set the option 'skipChangeCommits' to 'true'. If you would like the data update to be reflected, please restart this query with a fresh checkpoint directory. The source table can be found at path <dataPath>.",
  },
  DELTA_SCHEMA_CHANGED_WITH_VERSION: {
    sqlState: 'KD007',
    message:
      'Detected schema change in version <version>:\nstreaming source schema: <readSchema>\n\ndata file schema: <dataSchema>\n\nPlease try restarting the query. If this issue repeats across query restarts without making progress, you have made an incompatible schema change and need to start your query from scratch using a new checkpoint directory.',
  },
  DELTA_SCHEMA_CHANGED_WITH_STARTING_OPTIONS: {
    sqlState: 'KD007',
    message:
      "Detected schema change in version <version>:\nstreaming source schema: <readSchema>\n\ndata file schema: <dataSchema>\n\nPlease try restarting the query. If this issue repeats across query restarts without making progress, you have made an incompatible schema change and need to start your query from scratch using a new checkpoint directory. If the issue persists after changing to a new checkpoint directory, you may need to change the existing 'startingVersion' or 'startingTimestamp' option to start from a version newer than <version> with a new checkpoint directory.",
  },
  DELTA_ILLEGAL_OPTION: {
    sqlState: '42616',
    message: "Invalid value '<input>' for option '<name>', <explain>",
  },
  DELTA_UNSUPPORTED_SCHEMA_DURING_READ: {
    sqlState: '0AKDC',
    message: 'Delta does not support specifying the schema at read time.',
  },
  DELTA_INVALID_SOURCE_VERSION: { sqlState: 'XXKDS', message: 'sourceVersion(<version>) is invalid' },
  DELTA_INVALID_SOURCE_OFFSET_FORMAT: {
    sqlState: 'XXKDS',
    message: 'The stored source offset format is invalid',
  },
  DIFFERENT_DELTA_TABLE_READ_BY_STREAMING_SOURCE: {
    sqlState: '55019',
    message:
      "The streaming query was reading from an unexpected Delta table (id = '<newTableId>'). It used to read from another Delta table (id = '<oldTableId>') according to checkpoint. This may happen when you changed the code to read from a new table or you deleted and re-created a table. Please revert your change or delete your streaming query checkpoint to restart from scratch.",
  },
  DELTA_INVALID_DELETION_VECTOR: { sqlState: 'XXKDS', message: 'Invalid deletion vector: <reason>' },
  DELTA_INVALID_SCHEMA: { sqlState: '22000', message: 'Invalid Delta schema: <reason>' },
  DELTA_INVALID_IDEMPOTENT_WRITES_OPTIONS: {
    sqlState: '42616',
    message: 'Invalid options for idempotent Dataframe writes: <reason>',
  },
  DELTA_MODE_NOT_SUPPORTED: {
    sqlState: '0AKDC',
    message: "Specified mode '<mode>' is not supported. Supported modes are: <supportedModes>",
  },
  DELTA_INVALID_PARTITION_VALUE: {
    sqlState: '22000',
    message: 'Invalid partition value <value> for column <column> of type <dataType>.',
  },
  DELTA_CHECKSUM_MISMATCH: { sqlState: 'XXKDS', message: '<what> checksum mismatch: <detail>' },
  // Delta: writing and conflicts (ConcurrentModificationException subclasses)
  DELTA_CONCURRENT_APPEND: {
    sqlState: '2D521',
    message:
      'ConcurrentAppendException: Files were added to <partition> by a concurrent update (version <version>). Please try the operation again.',
  },
  DELTA_CONCURRENT_DELETE_READ: {
    sqlState: '2D521',
    message:
      'ConcurrentDeleteReadException: This transaction attempted to read one or more files (<file>) that were deleted by a concurrent update (version <version>). Please try the operation again.',
  },
  DELTA_CONCURRENT_DELETE_DELETE: {
    sqlState: '2D521',
    message:
      'ConcurrentDeleteDeleteException: This transaction attempted to delete one or more files (<file>) that were deleted by a concurrent update (version <version>). Please try the operation again.',
  },
  DELTA_METADATA_CHANGED: {
    sqlState: '2D521',
    message:
      'MetadataChangedException: The metadata of the Delta table has been changed by a concurrent update (version <version>). Please try the operation again.',
  },
  DELTA_PROTOCOL_CHANGED: {
    sqlState: '2D521',
    message:
      'ProtocolChangedException: The protocol version of the Delta table has been changed by a concurrent update (version <version>). Please try the operation again.',
  },
  DELTA_CONCURRENT_TRANSACTION: {
    sqlState: '2D521',
    message:
      'ConcurrentTransactionException: a concurrent streaming query or job wrote the same application transaction id <appId> (version <version>). Please try the operation again.',
  },
  DELTA_MAX_COMMIT_RETRIES_EXCEEDED: {
    sqlState: '2D521',
    message:
      'This commit has failed as it has been tried <numAttempts> times but did not succeed. Last attempted version: <version>.',
  },
  DELTA_TABLE_ALREADY_EXISTS: { sqlState: '42P07', message: 'Table <tableName> already exists.' },
  DELTA_TABLE_LOCATION_MISMATCH: {
    sqlState: '42613',
    message:
      "The location of the existing table <tableName> is <existingTableLocation>. It doesn't match the specified location <tableLocation>.",
  },
  DELTA_INVALID_PROTOCOL_DOWNGRADE: {
    sqlState: 'KD004',
    message: 'Protocol version cannot be downgraded from (<oldProtocol>) to (<newProtocol>).',
  },
  // Delta's DeltaTableBuilder raises this as an unclassified AnalysisException; lakesql names it.
  DELTA_TABLE_NAME_OR_LOCATION_REQUIRED: {
    sqlState: '42601',
    message: 'Table name or location has to be specified.',
  },
  DELTA_CANNOT_MODIFY_APPEND_ONLY: {
    sqlState: '42809',
    message:
      "This table is configured to only allow appends. If you would like to permit updates or deletes, use 'ALTER TABLE <table_name> SET TBLPROPERTIES (delta.appendOnly=false)'.",
  },
  DELTA_SCHEMA_MISMATCH: {
    sqlState: '42KDG',
    message: 'A schema mismatch detected when writing to the Delta table. <detail>',
  },
  DELTA_NOT_NULL_CONSTRAINT_VIOLATED: {
    sqlState: '23502',
    message: 'NOT NULL constraint violated for column: <columnName>.',
  },
  // ALTER TABLE on Delta tables (Delta's delta-error-classes.json)
  DELTA_UNSUPPORTED_DROP_COLUMN: {
    sqlState: '0AKDC',
    message: 'DROP COLUMN is not supported for your Delta table. <advice>',
  },
  DELTA_UNSUPPORTED_RENAME_COLUMN: {
    sqlState: '0AKDC',
    message: 'Column rename is not supported for your Delta table. <advice>',
  },
  DELTA_UNSUPPORTED_DROP_PARTITION_COLUMN: {
    sqlState: '0AKDC',
    message: 'Dropping partition columns (<columnList>) is not allowed.',
  },
  DELTA_UNSUPPORTED_ALTER_TABLE_CHANGE_COL_OP: {
    sqlState: '0AKDC',
    message:
      'ALTER TABLE CHANGE COLUMN is not supported for changing column <fieldPath> from <oldField> to <newField>',
  },
  DELTA_OPERATION_NOT_ALLOWED: {
    sqlState: '0AKDC',
    message: 'Operation not allowed: `<operation>` is not supported for Delta tables',
  },
  DELTA_CONSTRAINT_ALREADY_EXISTS: {
    sqlState: '42710',
    message:
      "Constraint '<constraintName>' already exists. Please delete the old constraint first.\nOld constraint:\n<oldConstraint>",
  },
  DELTA_CONSTRAINT_DOES_NOT_EXIST: {
    sqlState: '42704',
    message:
      'Cannot drop nonexistent constraint <constraintName> from table <tableName>. To avoid throwing an error, provide the parameter IF EXISTS or set the SQL session configuration <config> to <confValue>.',
  },
  DELTA_NON_BOOLEAN_CHECK_CONSTRAINT: {
    sqlState: '42621',
    message: "CHECK constraint '<name>' (<expr>) should be a boolean expression.",
  },
  DELTA_NEW_CHECK_CONSTRAINT_VIOLATION: {
    sqlState: '23512',
    message: '<numRows> rows in <tableName> violate the new CHECK constraint (<checkConstraint>)',
  },
  DELTA_NEW_NOT_NULL_VIOLATION: {
    sqlState: '23512',
    message: '<numRows> rows in <tableName> violate the new NOT NULL constraint on <colName>',
  },
  DELTA_UNSUPPORTED_DESCRIBE_DETAIL_VIEW: {
    sqlState: '42809',
    message: '<view> is a view. DESCRIBE DETAIL is only supported for tables.',
  },
  UNSET_NONEXISTENT_PROPERTIES: {
    sqlState: '42K0J',
    message: 'Attempted to unset non-existent properties [<properties>] in table <table>.',
  },
  'INVALID_PARTITION_OPERATION.PARTITION_SCHEMA_IS_EMPTY': {
    sqlState: '42601',
    message: 'Invalid partition command. Table <name> is not partitioned.',
  },
  // Delta validates a delta.* table property's value (DeltaConfig.validate) with a bare
  // IllegalArgumentException, "requirement failed: <key> <helpMessage>"; lakesql gives it a class.
  DELTA_INVALID_TABLE_PROPERTY_VALUE: {
    sqlState: '22023',
    message: "requirement failed: <key> <requirement> (got '<value>').",
  },
  DELTA_CONFLICT_SET_COLUMN: {
    sqlState: '42701',
    message: 'There is a conflict from these SET columns: <columnList>.',
  },
  // INSERT and column features (Spark's error-conditions.json, Delta's delta-error-classes.json)
  CAST_OVERFLOW_IN_TABLE_INSERT: {
    sqlState: '22003',
    message:
      'Fail to assign a value of <sourceType> type to the <targetType> type column or variable <columnName> due to an overflow. Use `try_cast` on the input value to tolerate overflow and return NULL instead.',
  },
  DELTA_VIOLATE_CONSTRAINT_WITH_VALUES: {
    sqlState: '23001',
    message: 'CHECK constraint <constraintName> <expression> violated by row with values:\n<values>',
  },
  WRONG_COLUMN_DEFAULTS_FOR_DELTA_FEATURE_NOT_ENABLED: {
    sqlState: '0AKDE',
    message:
      "Failed to execute <commandType> command because it assigned a column DEFAULT value, but the corresponding table feature was not enabled. Please retry the command again after executing ALTER TABLE tableName SET TBLPROPERTIES('delta.feature.allowColumnDefaults' = 'supported').",
  },
  DELTA_IDENTITY_COLUMNS_EXPLICIT_INSERT_NOT_SUPPORTED: {
    sqlState: '42808',
    message: 'Providing values for GENERATED ALWAYS AS IDENTITY column <colName> is not supported.',
  },
  DELTA_IDENTITY_COLUMNS_UPDATE_NOT_SUPPORTED: {
    sqlState: '42808',
    message: 'IDENTITY column <colName> cannot be updated.',
  },
  DELTA_IDENTITY_COLUMNS_ILLEGAL_STEP: { sqlState: '42611', message: 'IDENTITY column step cannot be 0.' },
  DELTA_IDENTITY_COLUMNS_UNSUPPORTED_DATA_TYPE: {
    sqlState: '428H2',
    message: 'DataType <dataType> is not supported for IDENTITY columns.',
  },
  DELTA_METADATA_MISMATCH: {
    sqlState: '42KDG',
    message:
      'A schema mismatch detected when writing to the Delta table. To enable schema migration, use INSERT WITH SCHEMA EVOLUTION or set spark.databricks.delta.schema.autoMerge.enabled = true. <detail>',
  },
  DELTA_NON_PARTITION_COLUMN_REFERENCE: {
    sqlState: '42P10',
    message:
      "Predicate references non-partition column '<columnName>'. Only the partition columns may be referenced: [<columnList>]",
  },
  // OPTIMIZE (exec/maintenance/optimize.ts), as delta-error-classes.json words them.
  DELTA_ZORDERING_COLUMN_DOES_NOT_EXIST: {
    sqlState: '42703',
    message: 'Z-Ordering column <columnName> does not exist in data schema.',
  },
  DELTA_ZORDERING_ON_COLUMN_WITHOUT_STATS: {
    sqlState: 'KD00D',
    message:
      'Z-Ordering on <cols> will be ineffective, because we currently do not collect stats for these columns. You can disable this check by setting\n SET <zorderColStatKey> = false',
  },
  DELTA_ZORDERING_ON_PARTITION_COLUMN: {
    sqlState: '42P10',
    message: '<colName> is a partition column. Z-Ordering can only be performed on data columns',
  },
  DELTA_CLUSTERING_WITH_ZORDER_BY: {
    sqlState: '42613',
    message:
      'OPTIMIZE command for Delta table with clustering cannot specify ZORDER BY. Please remove ZORDER BY (<zOrderBy>).',
  },
  DELTA_CLUSTERING_WITH_PARTITION_PREDICATE: {
    sqlState: '0A000',
    message:
      "OPTIMIZE command for Delta table with clustering doesn't support partition predicates. Please remove the predicates: <predicates>.",
  },
  DELTA_OPTIMIZE_FULL_NOT_SUPPORTED: {
    sqlState: '42601',
    message: 'OPTIMIZE FULL is only supported for clustered tables with non-empty clustering columns.',
  },
  NON_PARTITION_COLUMN: {
    sqlState: '42000',
    message: 'PARTITION clause cannot contain the non-partition column: <columnName>.',
  },
  STATIC_PARTITION_COLUMN_IN_INSERT_COLUMN_LIST: {
    sqlState: '42713',
    message: 'Static partition column <staticName> is also specified in the column list.',
  },
  INVALID_SAVE_MODE: {
    sqlState: '42000',
    message:
      'The specified save mode <mode> is invalid. Valid save modes include "append", "overwrite", "ignore", "error", "errorifexists", and "default".',
  },
  DELTA_PATH_EXISTS: {
    sqlState: '42K04',
    message: "Cannot write to already existent path <path> without setting OVERWRITE = 'true'.",
  },
  DELTA_REPLACE_WHERE_MISMATCH: {
    sqlState: '44000',
    message:
      'Written data does not conform to partial table overwrite condition or constraint <replaceWhere>.',
  },
  // Storage
  FILE_ALREADY_EXISTS: { sqlState: '42K04', message: 'The path <path> already exists.' },
  PATH_NOT_FOUND: { sqlState: '42K03', message: 'Path does not exist: <path>.' },
  // Files (issue 5): Spark's FAILFAST parse failure and its data source errors
  'MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION': {
    sqlState: '22023',
    message:
      "Malformed records are detected in record parsing: <badRecord>.\nParse Mode: <failFastMode>. To process malformed records as null result, try setting the option 'mode' as 'PERMISSIVE'.",
  },
  UNABLE_TO_INFER_SCHEMA: {
    sqlState: '42KD9',
    message: 'Unable to infer schema for <format>. It must be specified manually.',
  },
  INVALID_OPTION_VALUE: {
    sqlState: '42616',
    message: 'The value <value> of the option <option> is invalid: <reason>.',
  },
  // Analysis
  UNRESOLVED_COLUMN: {
    sqlState: '42703',
    message: 'A column, variable, or function parameter with name <objectName> cannot be resolved.',
  },
  // Spark's function library (src/plan/functions, src/exec/functions)
  'WRONG_NUM_ARGS.WITHOUT_SUGGESTION': {
    sqlState: '42605',
    message:
      "The <functionName> requires <expectedNum> parameters but the actual number is <actualNum>. Please, refer to '<docroot>/sql-ref-functions.html' for a fix.",
  },
  'DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: The <paramIndex> parameter requires the <requiredType> type, however <inputSql> has the type <inputType>.',
  },
  'DATATYPE_MISMATCH.DATA_DIFF_TYPES': {
    sqlState: '42K09',
    message:
      "Cannot resolve <sqlExpr> due to data type mismatch: Input to <functionName> should all be the same type, but it's <dataType>.",
  },
  'DATATYPE_MISMATCH.ARRAY_FUNCTION_DIFF_TYPES': {
    sqlState: '42K09',
    message:
      "Cannot resolve <sqlExpr> due to data type mismatch: Input to <functionName> should have been <dataType> followed by a value with same element type, but it's [<leftType>, <rightType>].",
  },
  'DATATYPE_MISMATCH.INPUT_SIZE_NOT_ONE': {
    sqlState: '42K09',
    message: 'Cannot resolve <sqlExpr> due to data type mismatch: Length of <exprName> should be 1.',
  },
  'DATATYPE_MISMATCH.NON_FOLDABLE_INPUT': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: the input <inputName> should be a foldable <inputType> expression; however, got <inputExpr>.',
  },
  'DATATYPE_MISMATCH.INVALID_ORDERING_TYPE': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: The <functionName> does not support ordering on type <dataType>.',
  },
  'DATATYPE_MISMATCH.INVALID_LAMBDA_FUNCTION_CALL.NUM_ARGS_MISMATCH': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: Invalid lambda function call. A higher order function expects <expectedNumArgs> arguments, but got <actualNumArgs>.',
  },
  INVALID_INDEX_OF_ZERO: {
    sqlState: '22003',
    message: 'The index 0 is invalid. An index shall be either < 0 or > 0 (the first element has index 1).',
  },
  INVALID_ARRAY_INDEX: {
    sqlState: '22003',
    message:
      'The index <indexValue> is out of bounds. The array has <arraySize> elements. Use the SQL function `get()` to tolerate accessing element at invalid index and return NULL instead.',
  },
  INVALID_ARRAY_INDEX_IN_ELEMENT_AT: {
    sqlState: '22003',
    message:
      'The index <indexValue> is out of bounds. The array has <arraySize> elements. Use `try_element_at` to tolerate accessing element at invalid index and return NULL instead.',
  },
  'INVALID_PARAMETER_VALUE.CHARSET': {
    sqlState: '22023',
    message:
      'The value of parameter(s) <parameter> in <functionName> is invalid: expects one of the <charsets>, but got <charset>.',
  },
  'INVALID_PARAMETER_VALUE.PATTERN': {
    sqlState: '22023',
    message: 'The value of parameter(s) <parameter> in <functionName> is invalid: <value>.',
  },
  CANNOT_DECODE_URL: {
    sqlState: '22546',
    message:
      'The provided URL cannot be decoded: <url>. Please ensure that the URL is properly formatted and try again.',
  },
  INVALID_URL: {
    sqlState: '22P02',
    message:
      'The url is invalid: <url>. Use `try_parse_url` to tolerate invalid URL and return NULL instead.',
  },
  USER_RAISED_EXCEPTION: { sqlState: 'P0001', message: '<errorMessage>' },
  'INVALID_PARAMETER_VALUE.BIT_POSITION_RANGE': {
    sqlState: '22023',
    message:
      'The value of parameter(s) <parameter> in <functionName> is invalid: expects an integer value in [0, <upper>), but got <invalidValue>.',
  },
  'INVALID_PARAMETER_VALUE.REGEX_GROUP_INDEX': {
    sqlState: '22023',
    message:
      'The value of parameter(s) <parameter> in <functionName> is invalid: Expects group index between 0 and <groupCount>, but got <groupIndex>.',
  },
  CONVERSION_INVALID_INPUT: {
    sqlState: '22018',
    message:
      'The value <str> (<fmt>) cannot be converted to <targetType> because it is malformed. Correct the value as per the syntax, or change its format. Use <suggestion> to tolerate malformed input and return NULL instead.',
  },
  INVALID_UTF8_STRING: {
    sqlState: '22029',
    message: 'Invalid UTF8 byte sequence found in string: <str>.',
  },
  MALFORMED_CHARACTER_CODING: {
    sqlState: '22000',
    message: 'Invalid value found when performing <function> with <charset>',
  },
  'INVALID_FORMAT.EMPTY': {
    sqlState: '42601',
    message: 'The format is invalid: <format>. The number format string cannot be empty.',
  },
  'INVALID_FORMAT.MISMATCH_INPUT': {
    sqlState: '42601',
    message: 'The format is invalid: <format>. The input <inputType> <input> does not match the format.',
  },
  'INVALID_FORMAT.UNEXPECTED_TOKEN': {
    sqlState: '42601',
    message:
      'The format is invalid: <format>. Found the unexpected <token> in the format string; the structure of the valid format is [MI|S] [$] [0|9|G|,]* [.|D] [0|9]* [$] [PR|MI|S].',
  },
  'INVALID_FORMAT.WRONG_NUM_DIGIT': {
    sqlState: '42601',
    message: 'The format is invalid: <format>. The format string requires at least one number digit.',
  },
  'INVALID_FORMAT.WRONG_NUM_TOKEN': {
    sqlState: '42601',
    message: 'The format is invalid: <format>. At most one <token> is allowed in the number format.',
  },
  // Spark SQL types, coercion, operators and CAST (plan/types, exec/operators)
  PARSE_SYNTAX_ERROR: { sqlState: '42601', message: 'Syntax error at or near <error><hint>.' },
  UNSUPPORTED_DATATYPE: { sqlState: '0A000', message: 'Unsupported data type <typeName>.' },
  DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION: {
    sqlState: '22003',
    message: 'Decimal precision <precision> exceeds max precision <maxPrecision>.',
  },
  DATATYPE_MISSING_SIZE: {
    sqlState: '42K01',
    message:
      'DataType <type> requires a length parameter, for example <type>(10). Please specify the length.',
  },
  'DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: the left and right operands of the binary operator have incompatible types (<left> and <right>).',
  },
  'DATATYPE_MISMATCH.RANGE_FRAME_WITHOUT_ORDER': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: A range window frame cannot be used in an unordered window specification.',
  },
  'DATATYPE_MISMATCH.BINARY_OP_WRONG_TYPE': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: the binary operator requires the input type <inputType>, not <actualDataType>.',
  },
  'DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION': {
    sqlState: '42K09',
    message: 'Cannot resolve <sqlExpr> due to data type mismatch: cannot cast <srcType> to <targetType>.',
  },
  'DATATYPE_MISMATCH.CAST_WITH_CONF_SUGGESTION': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: cannot cast <srcType> to <targetType> with ANSI mode on. If you have to cast <srcType> to <targetType>, you can set <config> as <configVal>.',
  },
  'DATATYPE_MISMATCH.CAST_WITH_FUNC_SUGGESTION': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: cannot cast <srcType> to <targetType>. To convert values from <srcType> to <targetType>, you can use the functions <functionNames> instead.',
  },
  ARITHMETIC_OVERFLOW: {
    sqlState: '22003',
    message: '<message>.<alternative> If necessary set <config> to "false" to bypass this error.',
  },
  // ANSI interval + and - (IntervalMathUtils.addExact & co), in every mode.
  'INTERVAL_ARITHMETIC_OVERFLOW.WITH_SUGGESTION': {
    sqlState: '22015',
    message:
      'Integer overflow while operating with intervals. Use <functionName> to tolerate overflow and return NULL instead.',
  },
  // make_ym_interval's overflow (Spark 4's MakeYMInterval), in every mode.
  'INTERVAL_ARITHMETIC_OVERFLOW.WITHOUT_SUGGESTION': {
    sqlState: '22015',
    message:
      'Integer overflow while operating with intervals. Try devising appropriate values for the interval parameters.',
  },
  BINARY_ARITHMETIC_OVERFLOW: {
    sqlState: '22003',
    message:
      '<value1> <symbol> <value2> caused overflow. Use <functionName> to ignore overflow problem and return NULL.',
  },
  DIVIDE_BY_ZERO: {
    sqlState: '22012',
    message:
      'Division by zero. Use `try_divide` to tolerate divisor being 0 and return NULL instead. If necessary set <config> to "false" to bypass this error.',
  },
  INTERVAL_DIVIDED_BY_ZERO: {
    sqlState: '22012',
    message: 'Division by zero. Use `try_divide` to tolerate divisor being 0 and return NULL instead.',
  },
  CAST_INVALID_INPUT: {
    sqlState: '22018',
    message:
      'The value <expression> of the type <sourceType> cannot be cast to <targetType> because it is malformed. Correct the value as per the syntax, or change its target type. Use `try_cast` to tolerate malformed input and return NULL instead.',
  },
  CAST_OVERFLOW: {
    sqlState: '22003',
    message:
      'The value <value> of the type <sourceType> cannot be cast to <targetType> due to an overflow. Use `try_cast` to tolerate overflow and return NULL instead.',
  },
  'DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: The <exprName> must be between <valueRange> (current value = <currentValue>).',
  },
  'NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION': {
    sqlState: '22003',
    message:
      '<value> cannot be represented as Decimal(<precision>, <scale>). If necessary set <config> to "false" to bypass this error, and return NULL instead.',
  },
  // Catalog (Spark's error-conditions.json; multi-line messages joined with \n as Spark joins them)
  SCHEMA_ALREADY_EXISTS: {
    sqlState: '42P06',
    message:
      'Cannot create schema <schemaName> because it already exists.\nChoose a different name, drop the existing schema, or add the IF NOT EXISTS clause to tolerate pre-existing schema.',
  },
  SCHEMA_NOT_EMPTY: {
    sqlState: '2BP01',
    message:
      'Cannot drop a schema <schemaName> because it contains objects.\nUse DROP SCHEMA ... CASCADE to drop the schema and all its objects.',
  },
  SCHEMA_NOT_FOUND: {
    sqlState: '42704',
    message:
      'The schema <schemaName> cannot be found. Verify the spelling and correctness of the schema and catalog.\nIf you did not qualify the name with a catalog, verify the current_schema() output, or qualify the name with the correct catalog.\nTo tolerate the error on drop use DROP SCHEMA IF EXISTS.',
  },
  TABLE_OR_VIEW_ALREADY_EXISTS: {
    sqlState: '42P07',
    message:
      'Cannot create table or view <relationName> because it already exists.\nChoose a different name, drop or replace the existing object, or add the IF NOT EXISTS clause to tolerate pre-existing objects.',
  },
  TABLE_OR_VIEW_NOT_FOUND: {
    sqlState: '42P01',
    message:
      'The table or view <relationName> cannot be found. Verify the spelling and correctness of the schema and catalog.\nIf you did not qualify the name with a schema, verify the current_schema() output, or qualify the name with the correct schema and catalog.\nTo tolerate the error on drop use DROP VIEW IF EXISTS or DROP TABLE IF EXISTS.',
  },
  TEMP_TABLE_OR_VIEW_ALREADY_EXISTS: {
    sqlState: '42P07',
    message:
      'Cannot create the temporary view <relationName> because it already exists.\nChoose a different name, drop or replace the existing view,  or add the IF NOT EXISTS clause to tolerate pre-existing views.',
  },
  TEMP_VIEW_NAME_TOO_MANY_NAME_PARTS: {
    sqlState: '428EK',
    message:
      'CREATE TEMPORARY VIEW or the corresponding Dataset APIs only accept single-part view names, but got: <actualName>.',
  },
  REQUIRES_SINGLE_PART_NAMESPACE: {
    sqlState: '42K05',
    message: '<sessionCatalog> requires a single-part namespace, but got <namespace>.',
  },
  CATALOG_NOT_FOUND: {
    sqlState: '42P08',
    message:
      'The catalog <catalogName> not found. Consider to set the SQL config <config> to a catalog plugin.',
  },
  CANNOT_RENAME_ACROSS_SCHEMA: {
    sqlState: '0AKD0',
    message: 'Renaming a <type> across schemas is not allowed.',
  },
  LOCATION_ALREADY_EXISTS: {
    sqlState: '42710',
    message:
      'Cannot name the managed table as <identifier>, as its associated location <location> already exists. Please pick a different table name, or remove the existing location first.',
  },
  WRONG_COMMAND_FOR_OBJECT_TYPE: {
    sqlState: '42809',
    message:
      'The operation <operation> requires a <requiredType>. But <objectName> is a <foundType>. Use <alternative> instead.',
  },
  'UNSUPPORTED_FEATURE.DROP_DATABASE': {
    sqlState: '0A000',
    message: 'The feature is not supported: Drop the default database <database>.',
  },
  // Generic
  UNSUPPORTED_FEATURE: { sqlState: '0A000', message: 'The feature is not supported: <feature>.' },
  'UNSUPPORTED_FEATURE.TABLE_OPERATION': {
    sqlState: '0A000',
    message:
      'The feature is not supported: Table <tableName> does not support <operation>. Please check the current catalog and namespace to make sure the qualified table name is expected, and also check the catalog implementation which is configured by "spark.sql.catalog".',
  },
  INTERNAL_ERROR: { sqlState: 'XX000', message: '<message>' },
  NULL_MAP_KEY: { sqlState: '2200E', message: 'Cannot use null as map key.' },
  DUPLICATED_MAP_KEY: {
    sqlState: '23505',
    message:
      'Duplicate map key <key> was found, please check the input data. If you want to remove the duplicated keys, you can set <mapKeyDedupPolicy> to "LAST_WIN" so that the key inserted at last takes precedence.',
  },
  CANNOT_READ_FILE_FOOTER: {
    sqlState: 'KD001',
    message:
      'Could not read footer for file: <file>. Please ensure that the file is in either ORC or Parquet format. If not, please convert it to a valid format. If the file is in the valid format, please check if it is corrupt. If it is, you can choose to either ignore it or fix the corruption.',
  },
  OPERATION_CANCELED: { sqlState: 'HY008', message: 'Operation has been canceled.' },
  // lakesql's own class: Databricks SQL cancels at STATEMENT_TIMEOUT but documents no error class for it.
  STATEMENT_TIMEOUT: {
    sqlState: 'HY008',
    message:
      'The statement ran longer than lakesql.statement.timeout (<timeoutSeconds> seconds) and was canceled; nothing it wrote was committed. Raise the timeout, or set it to 0 for no limit.',
  },
  // Spark's QueryExecutionErrors.createArrayWithElementsExceedLimitError: an array (or, in lakesql, a string's
  // bytes) longer than ByteArrayMethods.MAX_ROUNDED_ARRAY_LENGTH.
  'COLLECTION_SIZE_LIMIT_EXCEEDED.PARAMETER': {
    sqlState: '54000',
    message:
      "Can't create array with <numberOfElements> elements which exceeding the array size limit <maxRoundedArrayLength>, the value of parameter(s) <parameter> in the function <functionName> is invalid.",
  },
  MEMORY_LIMIT_EXCEEDED: {
    sqlState: '53200',
    message: 'The query ran out of memory (<detail>). Raise lakesql.engine.memoryLimit or narrow the query.',
  },
  // The SQL parser (sql/): Spark's ParseException classes
  PARSE_EMPTY_STATEMENT: { sqlState: '42617', message: 'Syntax error, unexpected empty statement.' },
  UNCLOSED_BRACKETED_COMMENT: {
    sqlState: '42601',
    message: 'Found an unclosed bracketed comment. Please, append */ at the end of the comment.',
  },
  INVALID_NUMERIC_LITERAL_RANGE: {
    sqlState: '22003',
    message:
      'Numeric literal <rawStrippedQualifier> is outside the valid range for <typeName> with minimum value of <minValue> and maximum value of <maxValue>. Please adjust the value accordingly.',
  },
  INVALID_TYPED_LITERAL: {
    sqlState: '42604',
    message: 'The value of the typed literal <valueType> is invalid: <value>.',
  },
  UNSUPPORTED_TYPED_LITERAL: {
    sqlState: '0A000',
    message:
      'Literals of the type <unsupportedType> are not supported. Supported types are <supportedTypes>.',
  },
  DUPLICATED_CTE_NAMES: {
    sqlState: '42602',
    message: "CTE definition can't have duplicate names: <duplicateNames>.",
  },
  'INVALID_INLINE_TABLE.NUM_COLUMNS_MISMATCH': {
    sqlState: '42000',
    message:
      'Invalid inline table. Inline table expected <expectedNumCols> columns but found <actualNumCols> columns in row <rowIndex>.',
  },
  // TABLESAMPLE forms Spark's AstBuilder.withSample refuses
  _LEGACY_ERROR_TEMP_0014: { sqlState: '42000', message: 'TABLESAMPLE does not accept empty inputs.' },
  _LEGACY_ERROR_TEMP_0015: { sqlState: '42000', message: 'TABLESAMPLE(<msg>) is not supported.' },
  _LEGACY_ERROR_TEMP_0032: {
    sqlState: '42000',
    message:
      "Duplicated table paths found: '<pathOne>' and '<pathTwo>'. LOCATION and the case insensitive key 'path' in OPTIONS are all used to indicate the custom table path, you can only specify one of them.",
  },
  _LEGACY_ERROR_TEMP_0016: {
    sqlState: '42000',
    message:
      "<bytesStr> is not a valid byte length literal, expected syntax: DIGIT+ ('B' | 'K' | 'M' | 'G').",
  },
  _LEGACY_ERROR_TEMP_0051: {
    sqlState: '42000',
    message: 'Empty set in <element> grouping sets is not supported.',
  },
  _LEGACY_ERROR_TEMP_2048: {
    sqlState: 'XX000',
    message:
      "Schema must be specified when creating a streaming source DataFrame. If some files already exist in the directory, then depending on the file format you may be able to create a static DataFrame on that directory with 'spark.read.load(directory)' and infer schema from it.",
  },
  _LEGACY_ERROR_TEMP_0064: { sqlState: '42000', message: '<msg>' },
  // CREATE TEMPORARY TABLE forms SparkSqlAstBuilder.visitCreateTable refuses (operationNotAllowed)
  _LEGACY_ERROR_TEMP_0035: { sqlState: '42000', message: 'Operation not allowed: <message>.' },
  _LEGACY_ERROR_TEMP_0046: {
    sqlState: '42000',
    message: 'CREATE TEMPORARY TABLE without a provider is not allowed.',
  },
  _LEGACY_ERROR_TEMP_1231: {
    sqlState: '42000',
    message: '<key> is not a valid partition column in table <tblName>.',
  },
  // MERGE INTO (Delta's DeltaMergeInto / MergeIntoCommandBase; Spark's error-conditions.json)
  DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE: {
    sqlState: '21506',
    message:
      'Cannot perform Merge as multiple source rows matched and attempted to modify the same target row in the Delta table in possibly conflicting ways. By SQL semantics of Merge, when multiple source rows match on the same target row, the result may be ambiguous as it is unclear which source row should be used to update or delete the matching target row. You can preprocess the source table to eliminate the possibility of multiple matches.',
  },
  DELTA_MERGE_UNRESOLVED_EXPRESSION: {
    sqlState: '42601',
    message: 'Cannot resolve <sqlExpr> in <clause> given <cols>.',
  },
  DELTA_MERGE_MISSING_WHEN: {
    sqlState: '42601',
    message: 'There must be at least one WHEN clause in a MERGE statement.',
  },
  NON_LAST_MATCHED_CLAUSE_OMIT_CONDITION: {
    sqlState: '42613',
    message:
      'When there are more than one MATCHED clauses in a MERGE statement, only the last MATCHED clause can omit the condition.',
  },
  NON_LAST_NOT_MATCHED_BY_TARGET_CLAUSE_OMIT_CONDITION: {
    sqlState: '42613',
    message:
      'When there are more than one NOT MATCHED [BY TARGET] clauses in a MERGE statement, only the last NOT MATCHED [BY TARGET] clause can omit the condition.',
  },
  NON_LAST_NOT_MATCHED_BY_SOURCE_CLAUSE_OMIT_CONDITION: {
    sqlState: '42613',
    message:
      'When there are more than one NOT MATCHED BY SOURCE clauses in a MERGE statement, only the last NOT MATCHED BY SOURCE clause can omit the condition.',
  },
  // Datetime patterns and parsing (Spark's DateTimeFormatterHelper, ExecutionErrors; error-conditions.json)
  'INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_PATTERN_RECOGNITION': {
    sqlState: '42K0B',
    message:
      "You may get a different result due to the upgrading to Spark >= 3.0: Fail to recognize <pattern> pattern in the DateTimeFormatter. 1) You can set <config> to 'LEGACY' to restore the behavior before Spark 3.0. 2) You can form a valid datetime pattern with the guide from '<docroot>/sql-ref-datetime-pattern.html'.",
  },
  'INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_WEEK_BASED_PATTERN': {
    sqlState: '42K0B',
    message:
      'You may get a different result due to the upgrading to Spark >= 3.0: All week-based patterns are unsupported since Spark 3.0, detected week-based character: <c>. Please use the SQL function EXTRACT instead.',
  },
  'INVALID_INTERVAL_FORMAT.INPUT_IS_EMPTY': {
    sqlState: '22006',
    message:
      "Error parsing '<input>' to interval. Please ensure that the value provided is in a valid format for defining an interval. You can reference the documentation for the correct format. Interval string cannot be empty.",
  },
  'INVALID_INTERVAL_FORMAT.INVALID_UNIT': {
    sqlState: '22006',
    message:
      "Error parsing '<input>' to interval. Please ensure that the value provided is in a valid format for defining an interval. You can reference the documentation for the correct format. Invalid unit <unit>.",
  },
  'INVALID_INTERVAL_FORMAT.UNRECOGNIZED_NUMBER': {
    sqlState: '22006',
    message:
      "Error parsing '<input>' to interval. Please ensure that the value provided is in a valid format for defining an interval. You can reference the documentation for the correct format. Unrecognized number <number>.",
  },
  // CAST(string AS INTERVAL YEAR TO MONTH / DAY TO SECOND …): IntervalUtils.castStringToYMInterval and
  // castStringToDTInterval.
  'INVALID_INTERVAL_FORMAT.UNMATCHED_FORMAT_STRING': {
    sqlState: '22006',
    message:
      "Error parsing '<input>' to interval. Please ensure that the value provided is in a valid format for defining an interval. You can reference the documentation for the correct format. Interval string does not match <intervalStr> format of <supportedFormat> when cast to <typeName>: <input>.",
  },
  'INVALID_INTERVAL_FORMAT.UNMATCHED_FORMAT_STRING_WITH_NOTICE': {
    sqlState: '22006',
    message:
      'Error parsing \'<input>\' to interval. Please ensure that the value provided is in a valid format for defining an interval. You can reference the documentation for the correct format. Interval string does not match <intervalStr> format of <supportedFormat> when cast to <typeName>: <input>. Set "spark.sql.legacy.fromDayTimeString.enabled" to "true" to restore the behavior before Spark 3.0.',
  },
  'INVALID_INTERVAL_FORMAT.INTERVAL_PARSING': {
    sqlState: '22006',
    message:
      "Error parsing '<input>' to interval. Please ensure that the value provided is in a valid format for defining an interval. You can reference the documentation for the correct format. Error parsing interval <interval> string: <msg>.",
  },
  'INVALID_INTERVAL_FORMAT.MISSING_UNIT': {
    sqlState: '22006',
    message:
      "Error parsing '<input>' to interval. Please ensure that the value provided is in a valid format for defining an interval. You can reference the documentation for the correct format. Expect a unit name after <word> but hit EOL.",
  },
  'INVALID_DATETIME_PATTERN.ILLEGAL_CHARACTER': {
    sqlState: '22007',
    message:
      'Unrecognized datetime pattern: <pattern>. Found illegal character in a datetime pattern: <c>. Please provide legal character.',
  },
  'INVALID_DATETIME_PATTERN.LENGTH': {
    sqlState: '22007',
    message:
      'Unrecognized datetime pattern: <pattern>. Too many letters in datetime pattern: <pattern>. Please reduce pattern length.',
  },
  'INVALID_DATETIME_PATTERN.WITH_SUGGESTION': {
    sqlState: '22007',
    message:
      "Unrecognized datetime pattern: <pattern>. You can form a valid datetime pattern with the guide from '<docroot>/sql-ref-datetime-pattern.html'.",
  },
  CANNOT_PARSE_TIMESTAMP: {
    sqlState: '22007',
    message: '<message>. Use <func> to tolerate invalid input string and return NULL instead.',
  },
  // File writers, COPY INTO and CONVERT TO DELTA (issue 5)
  PATH_ALREADY_EXISTS: {
    sqlState: '42K04',
    message: 'Path <outputPath> already exists. Set mode as "overwrite" to overwrite the existing path.',
  },
  UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE: {
    sqlState: '0A000',
    message: "The <format> datasource doesn't support the column <columnName> of the type <columnType>.",
  },
  'CODEC_NOT_AVAILABLE.WITH_AVAILABLE_CODECS_SUGGESTION': {
    sqlState: '56038',
    message: 'The codec <codecName> is not available. Available codecs are <availableCodecs>.',
  },
  _LEGACY_ERROR_TEMP_1290: {
    sqlState: '42000',
    message: 'Text data source supports only a single column, and you have <schemaSize> columns.',
  },
  DELTA_UNEXPECTED_NUM_PARTITION_COLUMNS_FROM_FILE_NAME: {
    sqlState: 'KD009',
    message:
      'Expecting <expectedColsSize> partition column(s): <expectedCols>, but found <parsedColsSize> partition column(s): <parsedCols> from parsing the file name: <path>',
  },
  // Catalog file tables (issue 5): CatalogUtils.normalizePartCols on CREATE TABLE … USING csv|json|…
  COLUMN_NOT_DEFINED_IN_TABLE: {
    sqlState: '42703',
    message:
      '<colType> column <colName> is not defined in table <tableName>, defined table columns are: <tableCols>.',
  },
  // DataFrameWriter.saveAsTable appending with another format (QueryCompilationErrors.mismatchedTableFormatError)
  _LEGACY_ERROR_TEMP_1159: {
    sqlState: '42000',
    message:
      "The format of the existing table <tableName> is `<existingProvider>`. It doesn't match the specified format `<specifiedProvider>`.",
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;

export type ErrorClass = keyof typeof ERROR_CLASSES;
