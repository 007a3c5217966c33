/**
 * A query result too big to bring into the process (engine/result-size.ts). Spark's driver refuses such a
 * result with an unclassified SparkException ("Total size of serialized results of N tasks (X MiB) is bigger
 * than spark.driver.maxResultSize (Y MiB)"); lakesql gives it a class of its own with the same figures.
 * 54000: SQL's "program limit exceeded", as Spark's other size limits (COLLECTION_SIZE_LIMIT_EXCEEDED).
 */
export const RESULT_SIZE_ERROR_CLASSES = {
  RESULT_SIZE_LIMIT_EXCEEDED: {
    sqlState: '54000',
    message:
      'Total size of the results (<size> in <rows> rows so far) is bigger than spark.driver.maxResultSize (<maxResultSize>). Aggregate or filter the query, write its result to a table or file, or raise spark.driver.maxResultSize (0 for no limit).',
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;
