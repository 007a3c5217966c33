/**
 * Liquid clustering's error classes, with the names, SQLSTATEs and messages of Delta's
 * delta-error-classes.json (CREATE / REPLACE / ALTER TABLE … CLUSTER BY, and the column changes a
 * clustered table refuses).
 */
export const CLUSTERING_ERROR_CLASSES = {
  DELTA_CLUSTER_BY_INVALID_NUM_COLUMNS: {
    sqlState: '54000',
    message:
      'CLUSTER BY supports up to <numColumnsLimit> clustering columns, but the table has <actualNumColumns> clustering columns. Please remove the extra clustering columns.',
  },
  DELTA_CLUSTER_BY_WITH_PARTITIONED_BY: {
    sqlState: '42613',
    message:
      'Clustering and partitioning cannot both be specified. Please remove partitionedBy if you want to create a Delta table with clustering.',
  },
  DELTA_CLUSTERING_COLUMN_MISSING_STATS: {
    sqlState: '22000',
    message:
      "Clustering requires clustering columns to have stats. Couldn't find clustering column(s) '<columns>' in stats schema:\n<schema>",
  },
  DELTA_CLUSTERING_COLUMNS_DATATYPE_NOT_SUPPORTED: {
    sqlState: '0A000',
    message:
      "CLUSTER BY is not supported because the following column(s): <columnsWithDataTypes> don't support data skipping.",
  },
  DELTA_CLUSTERING_REPLACE_TABLE_WITH_PARTITIONED_TABLE: {
    sqlState: '42000',
    message: 'Replacing a clustered Delta table with a partitioned table is not allowed.',
  },
  DELTA_CREATE_TABLE_WITH_DIFFERENT_CLUSTERING: {
    sqlState: '42KD7',
    message:
      'The specified clustering columns do not match the existing clustering columns at <path>.\n== Specified ==\n<specifiedColumns>\n== Existing ==\n<existingColumns>\n',
  },
  DELTA_CREATE_TABLE_SET_CLUSTERING_TABLE_FEATURE_NOT_ALLOWED: {
    sqlState: '42000',
    message:
      'Cannot enable <tableFeature> table feature using TBLPROPERTIES. Please use CREATE OR REPLACE TABLE CLUSTER BY to create a Delta table with clustering.',
  },
  DELTA_ALTER_TABLE_SET_CLUSTERING_TABLE_FEATURE_NOT_ALLOWED: {
    sqlState: '42000',
    message:
      'Cannot enable <tableFeature> table feature using ALTER TABLE SET TBLPROPERTIES. Please use CREATE OR REPLACE TABLE CLUSTER BY to create a Delta table with clustering.',
  },
  DELTA_ALTER_TABLE_CLUSTER_BY_ON_PARTITIONED_TABLE_NOT_ALLOWED: {
    sqlState: '42000',
    message: 'ALTER TABLE CLUSTER BY cannot be applied to a partitioned table.',
  },
  DELTA_UNSUPPORTED_DROP_CLUSTERING_COLUMN: {
    sqlState: '0AKDC',
    message: 'Dropping clustering columns (<columnList>) is not allowed.',
  },
  DELTA_CANNOT_MODIFY_TABLE_PROPERTY: {
    sqlState: '42939',
    message: 'The Delta table configuration <prop> cannot be specified by the user',
  },
  DELTA_COLUMN_NOT_FOUND_IN_SCHEMA: {
    sqlState: '42703',
    message: "Couldn't find column <columnName> in:\n<tableSchema>",
  },
  'DELTA_DUPLICATE_COLUMNS_FOUND.CLUSTER_BY': {
    sqlState: '42711',
    message: 'Found duplicate column(s): <duplicateCols>. The duplicate was found in CLUSTER BY.',
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;
