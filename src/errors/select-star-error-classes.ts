/** Error classes of `*` in a select list (`* EXCEPT (…)`), with Spark's names, SQLSTATEs and messages. */
export const SELECT_STAR_ERROR_CLASSES = {
  EXCEPT_OVERLAPPING_COLUMNS: {
    sqlState: '42702',
    message: 'Columns in an EXCEPT list must be distinct and non-overlapping, but got (<columns>).',
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;
