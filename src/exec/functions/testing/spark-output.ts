/**
 * Test helper: runs statements in a SQL session and answers the last result as Spark's golden files print
 * it: the schema (`struct<name:type,…>`) and each row as a tab-separated line, in the session time zone.
 */
import { schemaString } from '../../../conformance/spark-sql/compare-block.js';
import type { SqlSessionFixture } from '../../session/testing/sql-session-fixture.js';
import { hiveResultLine } from '../../value-format/index.js';

export interface SparkOutput {
  readonly schema: string;
  readonly rows: readonly string[];
}

export async function sparkOutput(fx: SqlSessionFixture, sql: string): Promise<SparkOutput> {
  const results = await fx.session.execute(sql);
  const last = results[results.length - 1];
  if (last?.kind !== 'rows') throw new Error('the last statement returned no rows');
  const types = last.columns.map((c) => c.type);
  const timeZone = fx.session.confValue('spark.sql.session.timeZone') ?? 'UTC';
  return {
    schema: schemaString(last.columns),
    rows: last.rows.map((r) => hiveResultLine(r, types, { timeZone })),
  };
}
