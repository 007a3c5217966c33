/**
 * Spark's timestamp-ntz.sql golden file (make_timestamp_ntz, convert_timezone, timestampdiff over
 * TIMESTAMP_NTZ): every block but one outside the function library (DESC FORMATTED).
 */
import { expect, it } from 'vitest';
import { SPARK_SQL_CONFORMANCE_DIR } from '../../conformance/data-dirs.js';
import { runFile } from '../../conformance/spark-sql/run-suite.js';
import { sparkSqlRunner } from '../../conformance/spark-sql/sql-session.js';

it('timestamp-ntz.sql passes its function blocks', async () => {
  const r = await runFile(SPARK_SQL_CONFORMANCE_DIR, 'timestamp-ntz.sql', sparkSqlRunner);
  const failed = r.blocks.filter((b) => b.outcome.kind !== 'pass').map((b) => b.query);
  expect(failed).toEqual([]);
}, 60_000);
