/**
 * What DataFrame actions run: the query through the session's SQL layer (analyzer + DuckDB), the schema
 * from an analysis alone, show()'s table and explain()'s text.
 */

import { compileQuery, type QueryResult } from '../../exec/session/run-query.js';
import { showString } from '../../exec/value-format/show-string.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import { childPlans } from '../../plan/logical/plan-walk.js';
import { printQuery } from '../../sql/index.js';
import { field, struct } from '../../types/data-types.js';
import type { DataFrame } from './dataframe.js';
import { StructType } from './schema.js';

export async function runFrame(df: DataFrame): Promise<QueryResult> {
  return df.sparkSession.sqlSession.runQuery(await df.query());
}

export async function schemaOf(df: DataFrame): Promise<StructType> {
  const plan = await df.sparkSession.sqlSession.analyze(await df.query());
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

export async function explainText(df: DataFrame): Promise<string> {
  const session = df.sparkSession.sqlSession;
  const q = await df.query();
  const plan = await session.analyze(q);
  const compiled = await compileQuery(session.engine, plan, session.semantics);
  try {
    return (
      `== Spark SQL ==\n${printQuery(q)}\n\n` +
      `== Analyzed Logical Plan ==\n${planTree(plan)}\n` +
      `== DuckDB SQL ==\n${compiled.sql}\n`
    );
  } finally {
    await compiled.release();
  }
}

/** The analyzed plan as an indented tree of node kinds with their output columns. */
function planTree(plan: LogicalPlan, depth = 0): string {
  const line = `${depth === 0 ? '' : `${'   '.repeat(depth - 1)}+- `}${describe(plan)} [${plan.output.map((a) => a.name).join(', ')}]\n`;
  return (
    line +
    childPlans(plan)
      .map((c) => planTree(c, depth + 1))
      .join('')
  );
}

function describe(plan: LogicalPlan): string {
  switch (plan.kind) {
    case 'relation':
      return plan.source.kind === 'delta' ? `Relation delta ${plan.source.tableName}` : 'Relation';
    case 'join':
      return `Join ${plan.joinType}`;
    case 'setOperation':
      return `${plan.op}${plan.all ? ' all' : ''}`;
    default:
      return plan.kind.charAt(0).toUpperCase() + plan.kind.slice(1);
  }
}
