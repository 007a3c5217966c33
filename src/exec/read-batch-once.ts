/**
 * A micro-batch's input, read once. A stream's view first names the batch's data as the source reads it
 * (read_files over the batch's files, a Delta scan of its files); that is run once into a scratch table,
 * whose row count is the batch's numInputRows (Spark's ProgressReporter counts the rows the sources
 * produced), and the view is pointed at the table while the batch runs, so that the sink, foreachBatch
 * and every transformation read the table instead of the files again.
 */
import { quoteIdentifier } from '../engine/sql-text.js';
import { parseStatement } from '../sql/index.js';
import { quoteIdentifier as quoteSparkIdentifier } from '../sql/printer/quoting.js';
import { field, struct } from '../types/data-types.js';
import type { CommandContext } from './command-context.js';
import { compileQuery } from './query/run-query.js';

/**
 * Reads what view `viewName` holds into a scratch table, points the view at it while `body` runs, then
 * drops it and returns the number of rows read.
 */
export async function readBatchOnce(
  ctx: Pick<CommandContext, 'engine' | 'catalog' | 'semantics' | 'analyze'>,
  viewName: string,
  body: () => Promise<void>,
): Promise<number> {
  const engine = ctx.engine;
  const statement = parseStatement(`SELECT * FROM ${quoteSparkIdentifier(viewName)} AS batch`);
  if (statement.kind !== 'queryStatement') throw new Error('readBatchOnce: a batch read is a query');
  const plan = await ctx.analyze(statement.query);
  const schema = struct(plan.output.map((a) => field(a.name, a.type, a.nullable)));
  const table = quoteIdentifier(engine.uniqueName('lakesql_stream_batch'));
  const columns = schema.fields.map((f) => quoteIdentifier(f.name)).join(', ');
  const compiled = await compileQuery(engine, plan, ctx.semantics);
  let rows: number;
  try {
    rows = await engine.runCounting(
      `CREATE TABLE ${table} AS SELECT * FROM (${compiled.sql}) AS "batch"(${columns})`,
    );
  } finally {
    await compiled.release();
  }
  try {
    ctx.catalog.createTempView(
      [viewName],
      { kind: 'engineSql', sql: `SELECT * FROM ${table}`, schema },
      true,
    );
    await body();
    return rows;
  } finally {
    await engine.run(`DROP TABLE IF EXISTS ${table}`);
  }
}
