/**
 * ALTER TABLE's errors on v1 (non-Delta) catalog tables, with the names, SQLSTATEs and messages of Spark's
 * error-conditions.json (AlterTableChangeColumnCommand, AlterTableAddColumnsCommand).
 */
export const ALTER_TABLE_ERROR_CLASSES = {
  NOT_SUPPORTED_CHANGE_COLUMN: {
    sqlState: '0A000',
    message:
      "ALTER TABLE ALTER/CHANGE COLUMN is not supported for changing <table>'s column <originName> with type <originType> to <newName> with type <newType>.",
  },
  _LEGACY_ERROR_TEMP_1052: {
    sqlState: '42000',
    message: 'ADD COLUMN with v1 tables cannot specify NOT NULL.',
  },
  _LEGACY_ERROR_TEMP_1246: {
    sqlState: '42000',
    message: "Can't find column `<name>` given table data columns <fieldNames>.",
  },
} as const;
