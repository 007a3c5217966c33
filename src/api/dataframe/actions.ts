/**
 * What DataFrame actions run: the query through the session's SQL layer (analyzer + DuckDB), the schema
 * from an analysis alone and show()'s table (explain()'s text is explain.ts's).
 */

import type { QueryResult } from '../../exec/query/run-query.js';
import { showString } from '../../exec/value-format/show-string.js';
import { field, struct } from '../../types/data-types.js';
import type { DataFrame } from './dataframe.js';
import { StructType } from './schema.js';

export async function runFrame(df: DataFrame): Promise<QueryResult> {
  if (df.knownRows) return df.knownRows;
  return df.sparkSession.sqlSession.runQuery(await df.query(), df.analyzed);
}

export async function schemaOf(df: DataFrame): Promise<StructType> {
  const plan = await df.sparkSession.sqlSession.currentPlan(await df.query(), df.analyzed);
  return StructType.fromRaw(struct(plan.output.map((a) => field(a.name, a.type, a.nullable))));
}

export async function showText(df: DataFrame, n: number, truncate: number): Promise<string> {
  // Spark fetches n + 1 rows to learn whether to print "only showing top n rows".
  const result = await runFrame(df.limit(n + 1));
  const schema = struct(result.columns.map((c) => field(c.name, c.type, c.nullable)));
  return showString(result.rows, schema, {
    numRows: n,
    truncate,
    timeZone: df.sparkSession.sqlSession.semantics.timeZone,
  });
}
