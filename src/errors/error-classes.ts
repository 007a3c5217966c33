/**
 * The registry of error classes lakesql raises, with Spark's / Delta's class names and SQLSTATEs.
 * Users' retry loops and tests match on `errorClass`, so these names are a contract: see Spark's
 * error-conditions.json and Delta's delta-error-classes.json.
 *
 * A message template names its parameters as `<name>`, as Spark's do.
 */
export const ERROR_CLASSES = {
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
  DELTA_CANNOT_TIME_TRAVEL_VERSION: {
    sqlState: '22003',
    message:
      'Cannot time travel Delta table to version <version>. Available versions: [<earliest>, <latest>].',
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
  DELTA_INVALID_DELETION_VECTOR: { sqlState: 'XXKDS', message: 'Invalid deletion vector: <reason>' },
  DELTA_INVALID_SCHEMA: { sqlState: '22000', message: 'Invalid Delta schema: <reason>' },
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
  // Storage
  FILE_ALREADY_EXISTS: { sqlState: '42K04', message: 'The path <path> already exists.' },
  PATH_NOT_FOUND: { sqlState: '42K03', message: 'Path does not exist: <path>.' },
  // Generic
  UNSUPPORTED_FEATURE: { sqlState: '0A000', message: 'The feature is not supported: <feature>.' },
  INTERNAL_ERROR: { sqlState: 'XX000', message: '<message>' },
  MEMORY_LIMIT_EXCEEDED: {
    sqlState: '53200',
    message: 'The query ran out of memory (<detail>). Raise lakesql.engine.memoryLimit or narrow the query.',
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;

export type ErrorClass = keyof typeof ERROR_CLASSES;
