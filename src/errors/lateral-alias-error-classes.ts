/** Error classes of lateral column aliases, with Spark's names, SQLSTATEs and messages (error-conditions.json). */
export const LATERAL_ALIAS_ERROR_CLASSES = {
  AMBIGUOUS_LATERAL_COLUMN_ALIAS: {
    sqlState: '42702',
    message: 'Lateral column alias <name> is ambiguous and has <n> matches.',
  },
} as const;
