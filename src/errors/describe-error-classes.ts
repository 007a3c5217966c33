/**
 * Error classes of DESCRIBE TABLE's clauses (AstBuilder.visitDescribeRelation, DescribeTableCommand), with
 * Spark's names, SQLSTATEs and messages (error-conditions.json).
 */
export const DESCRIBE_ERROR_CLASSES = {
  DESCRIBE_JSON_NOT_EXTENDED: {
    sqlState: '0A000',
    message:
      'DESCRIBE TABLE ... AS JSON only supported when [EXTENDED|FORMATTED] is specified. For example: DESCRIBE EXTENDED <tableName> AS JSON is supported but DESCRIBE <tableName> AS JSON is not.',
  },
  'UNSUPPORTED_FEATURE.DESC_TABLE_COLUMN_JSON': {
    sqlState: '0A000',
    message: 'The feature is not supported: DESC TABLE COLUMN AS JSON not supported for individual columns.',
  },
  'UNSUPPORTED_FEATURE.DESC_TABLE_COLUMN_PARTITION': {
    sqlState: '0A000',
    message: 'The feature is not supported: DESC TABLE COLUMN for a specific partition.',
  },
  'INVALID_SQL_SYNTAX.EMPTY_PARTITION_VALUE': {
    sqlState: '42000',
    message: 'Invalid SQL syntax: Partition key <partKey> must set value.',
  },
  _LEGACY_ERROR_TEMP_1232: {
    sqlState: '42000',
    message:
      "Partition spec is invalid. The spec (<specKeys>) must match the partition spec (<partitionColumnNames>) defined in table '<tableName>'.",
  },
  FORBIDDEN_OPERATION: {
    sqlState: '42809',
    message: 'The operation <statement> is not allowed on the <objectType>: <objectName>.',
  },
} as const;
