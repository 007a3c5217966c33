/**
 * Delta's error classes of removing column mapping (delta-io/delta
 * spark/src/main/resources/error/delta-error-classes.json), with their SQLSTATEs and message templates.
 */
export const COLUMN_MAPPING_ERROR_CLASSES = {
  DELTA_INVALID_COLUMN_NAMES_WHEN_REMOVING_COLUMN_MAPPING: {
    sqlState: '42K05',
    message:
      "Found invalid character(s) among ' ,;{}()\\n\\t=' in the column names: <invalidColumnNames>. Rename the columns before removing column mapping.",
  },
} as const;
