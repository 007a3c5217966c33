/**
 * Error classes of ALTER TABLE on nested columns (Delta's SchemaUtils and Spark's CheckAnalysis), with their
 * names, SQLSTATEs and messages (delta-error-classes.json, error-conditions.json).
 */
export const NESTED_COLUMN_ERROR_CLASSES = {
  FIELD_ALREADY_EXISTS: {
    sqlState: '42710',
    message: 'Cannot <op> column, because <fieldNames> already exists in <struct>.',
  },
  DELTA_ADD_COLUMN_PARENT_NOT_STRUCT: {
    sqlState: '42KD3',
    message: 'Unable to add <columnName> because its parent is not a StructType. Found <other>',
  },
  DELTA_DROP_COLUMN_ON_SINGLE_FIELD_SCHEMA: {
    sqlState: '0AKDC',
    message: 'Cannot drop column from a schema with a single column. Schema:\n<schema>',
  },
  DELTA_INCORRECT_ARRAY_ACCESS_BY_NAME: {
    sqlState: 'KD003',
    message:
      'An ArrayType was found. In order to access elements of an ArrayType, specify\n<rightName> instead of <wrongName>.\nSchema:\n<schema>',
  },
  DELTA_FOUND_MAP_TYPE_COLUMN: {
    sqlState: 'KD003',
    message:
      'A MapType was found. In order to access the key or value of a MapType, specify one\nof:\n<key> or\n<value>\nfollowed by the name of the column (only if that column is a struct type).\ne.g. mymap.key.mykey\nIf the column is a basic type, mymap.key or mymap.value is sufficient.\nSchema:\n<schema>',
  },
  DELTA_COLUMN_PATH_NOT_NESTED: {
    sqlState: '42704',
    message:
      'Expected <columnPath> to be a nested data type, but found <other>. Was looking for the\nindex of <column> in a nested field.\nSchema:\n<schema>',
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;
