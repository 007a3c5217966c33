/**
 * The fewest spark-sql golden blocks that must pass (issue 3, "Conformance"): `npm run conformance --
 * spark-sql` exits non-zero when the count drops below it. Raise it as lakesql passes more; never lower it
 * to hide a regression. It sits a few blocks under the measured count (3154 at stop 27, 3208 at stop 29) because some golden
 * blocks ORDER BY a key with ties (having.sql's `ORDER BY avg(v)`, in-set-operations.sql), whose order
 * DuckDB's parallel sort does not fix.
 */
export const SPARK_SQL_PASS_FLOOR = 3200;

/**
 * The same floor for the rest of Spark's golden corpus (test/data/spark-sql-corpus, run by hand with
 * `npm run conformance -- spark-sql-corpus`): 8107 of 12069 blocks passed when it was added at the start of
 * stop 26, 9132 at its end, 10245 at the end of stop 27, 10965 at the end of stop 29. postgreSQL/union.sql, long reported as moving between
 * runs, was a bug (ORDER BY 1 over a UNION was a constant); udf/postgreSQL/udf-join.sql has blocks that reach
 * the runner's time limit on a loaded machine.
 */
export const SPARK_SQL_CORPUS_PASS_FLOOR = 10900;
